// The single sign-on part of the config, in the hosted provider's organization config's names: where the identity
// provider sends the member back.

/** What a page may set for single sign-on (the element's `config`, with `products` naming `sso`). */
export interface SsoConfig {
  ssoOptions?: SsoOptions;
}

export interface SsoOptions {
  /** Where an existing member comes back to (this element's page); relative URLs resolve against the page. */
  loginRedirectURL?: string;
  /** Where a member made by this sign-in comes back to; relative URLs resolve against the page. */
  signupRedirectURL?: string;
}

/** The same after defaults: present when the page gives `ssoOptions`. */
export interface ResolvedSsoConfig {
  ssoOptions?: SsoOptions;
}

/** The start call's redirect options as they go on the wire; the service's defaults where the config names none. */
export function ssoRedirects(options: SsoOptions | undefined): {
  login_redirect_url?: string;
  signup_redirect_url?: string;
} {
  return {
    ...(options?.loginRedirectURL ? { login_redirect_url: options.loginRedirectURL } : {}),
    ...(options?.signupRedirectURL ? { signup_redirect_url: options.signupRedirectURL } : {}),
  };
}
