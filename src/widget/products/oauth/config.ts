// The social part of the config: its options as a page writes them (with their redirect URLs resolved), and which
// providers Main offers. Imported by the record (index.ts), so it stays tiny.
import { isOAuthProvider } from '../../../api/index.ts';
import type { ConfigContext, ResolvedConfig } from '../../config.ts';

export interface OAuthProviderConfig {
  type: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
  one_tap?: boolean;
  position?: string;
  cancel_on_tap_outside?: boolean;
}

export interface OAuthOptions {
  providers: OAuthProviderConfig[];
  loginRedirectURL?: string;
  signupRedirectURL?: string;
}

/** What a page may set for social sign-in (the element's `config`), before and after its URLs are resolved. */
export interface OAuthConfig {
  oauthOptions?: OAuthOptions;
}

/** The redirect URLs resolved against the page's origin. */
export function resolveOAuthConfig(config: OAuthConfig, context: ConfigContext): OAuthConfig {
  if (!config.oauthOptions) return {};
  return {
    oauthOptions: {
      ...config.oauthOptions,
      loginRedirectURL: context.absolute(config.oauthOptions.loginRedirectURL),
      signupRedirectURL: context.absolute(config.oauthOptions.signupRedirectURL),
    },
  };
}

/** The social providers Main offers: those of `oauthOptions` with a known type, once each, when `oauth` is enabled. */
export function oauthProviders(config: ResolvedConfig): OAuthProviderConfig[] {
  if (!config.products.includes('oauth')) return [];
  const seen = new Set<string>();
  return (config.oauthOptions?.providers ?? []).filter(
    (p) => isOAuthProvider(p.type) && !seen.has(p.type) && seen.add(p.type),
  );
}
