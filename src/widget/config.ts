// The widget configuration (spec section 3) and its defaults. `resolveConfig` turns what a page gives (property or
// JSON attribute, all optional) into the complete object the machine works with.
import {
  DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  DEFAULT_OTP_EXPIRATION_MINUTES,
  DEFAULT_SESSION_DURATION_MINUTES,
  type OtpMethod,
} from '../api/index.ts';
import {
  DEFAULT_CREATE_USER_AS_PENDING,
  DEFAULT_OTP_METHODS,
  DEFAULT_PRODUCTS,
  type IDENTITY_PROVIDER,
  type PRODUCTS,
} from './constants.ts';
import type { MessageKey } from './i18n/en.ts';

/** A sign-in product a page enables in `products`. */
export type ConfigProduct = (typeof PRODUCTS)[number];
/**
 * What the product registry holds: the sign-in products, and the identity-provider screens (consent and logout), which
 * no page lists in `products`: they open from the element's `mode` or the authorize/logout query string.
 */
export type Product = ConfigProduct | typeof IDENTITY_PROVIDER;

/**
 * The element's `mode`: which component it is. `login` (the default) is the sign-up and log-in form; each other mode
 * is a product's own component, which that product's record opens at start (ProductRecord `opens.mode`).
 */
export type Mode = 'login' | 'passkey-registration' | 'identity-provider';

export interface EmailMagicLinksOptions {
  /** Where the login link leads; relative URLs resolve against the page's origin. */
  loginRedirectURL?: string;
  loginExpirationMinutes?: number;
  /** Where the sign-up link leads; relative URLs resolve against the page's origin. */
  signupRedirectURL?: string;
  signupExpirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
  /** Not sent to the service. */
  createUserAsPending?: boolean;
  /** The email domain for the web-mail links of Email Confirmation; not sent to the service. */
  domainHint?: string;
}

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

export interface OtpOptions {
  /** The channels offered, in tab order (default `['email']`). */
  methods?: OtpMethod[];
  /** Minutes a passcode lives; also where the countdown starts (default 5). */
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

/** Reset-email options (the UI's `passwordOptions`, wire contract 4). */
export interface PasswordOptions {
  /** Where the reset email's link leads; relative URLs resolve against the page's origin. */
  resetPasswordRedirectURL?: string;
  loginRedirectURL?: string;
  resetPasswordExpirationMinutes?: number;
  resetPasswordTemplateId?: string;
  locale?: string;
  /** Not sent (the client drops it, like the provider's). */
  loginExpirationMinutes?: number;
}

/**
 * A token from an issuer the project trusts (spec section 3: trustedAuthToken, tokenProfileID): on the consent page,
 * any session is revoked and one is attested from this token before the authorize flow runs.
 */
export interface TrustedAuthTokenParams {
  trustedAuthToken: string;
  /** The project's trusted-auth profile the token is checked against. */
  tokenProfileID: string;
}

export interface SessionOptions {
  sessionDurationMinutes?: number;
}

/** What a page may set (`config` property or JSON attribute). */
export interface AuthLoginConfig {
  products?: ConfigProduct[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  otpOptions?: OtpOptions;
  passwordOptions?: PasswordOptions;
  sessionOptions?: SessionOptions;
  /** The consent page signs the user in from this token first (identity provider only). */
  trustedAuthTokenParams?: TrustedAuthTokenParams;
  /** `false` renders into the light DOM (default `true`: an open shadow root). */
  enableShadowDOM?: boolean;
  /** CSP nonce for the `<style>` elements the widget inserts. */
  nonce?: string;
}

export interface ResolvedEmailMagicLinksOptions extends EmailMagicLinksOptions {
  loginExpirationMinutes: number;
  signupExpirationMinutes: number;
  createUserAsPending: boolean;
}

export interface ResolvedOtpOptions extends OtpOptions {
  methods: OtpMethod[];
  expirationMinutes: number;
}

/** The configuration after defaults: what the machine and the screens read. */
export interface ResolvedConfig {
  products: ConfigProduct[];
  emailMagicLinksOptions: ResolvedEmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  /** Present when the `otp` product is enabled or `otpOptions` is given. */
  otpOptions?: ResolvedOtpOptions;
  passwordOptions?: PasswordOptions;
  sessionOptions: { sessionDurationMinutes: number };
  trustedAuthTokenParams?: TrustedAuthTokenParams;
  enableShadowDOM: boolean;
  nonce?: string;
}

function absolute(url: string | undefined, origin: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return origin ? new URL(url, origin).href : url;
  } catch {
    return url;
  }
}

/** Applies the spec's defaults and resolves relative redirect URLs (e.g. '/student-portal') against `origin`. */
export function resolveConfig(
  config: AuthLoginConfig | null | undefined,
  origin: string | undefined = typeof location === 'undefined' ? undefined : location.origin,
): ResolvedConfig {
  const c = config ?? {};
  const eml = c.emailMagicLinksOptions ?? {};
  const resolved: ResolvedConfig = {
    products: c.products?.length ? [...c.products] : [...DEFAULT_PRODUCTS],
    emailMagicLinksOptions: {
      ...eml,
      loginRedirectURL: absolute(eml.loginRedirectURL, origin),
      signupRedirectURL: absolute(eml.signupRedirectURL, origin),
      loginExpirationMinutes: eml.loginExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
      signupExpirationMinutes: eml.signupExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
      createUserAsPending: eml.createUserAsPending ?? DEFAULT_CREATE_USER_AS_PENDING,
    },
    sessionOptions: {
      sessionDurationMinutes: c.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES,
    },
    enableShadowDOM: c.enableShadowDOM !== false,
  };
  if (c.oauthOptions) {
    resolved.oauthOptions = {
      ...c.oauthOptions,
      loginRedirectURL: absolute(c.oauthOptions.loginRedirectURL, origin),
      signupRedirectURL: absolute(c.oauthOptions.signupRedirectURL, origin),
    };
  }
  if (c.otpOptions || resolved.products.includes('otp')) {
    const otp = c.otpOptions ?? {};
    resolved.otpOptions = {
      ...otp,
      methods: otp.methods ? [...otp.methods] : [...DEFAULT_OTP_METHODS],
      expirationMinutes: otp.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES,
    };
  }
  if (c.passwordOptions) {
    resolved.passwordOptions = {
      ...c.passwordOptions,
      resetPasswordRedirectURL: absolute(c.passwordOptions.resetPasswordRedirectURL, origin),
      loginRedirectURL: absolute(c.passwordOptions.loginRedirectURL, origin),
    };
  }
  if (c.trustedAuthTokenParams) resolved.trustedAuthTokenParams = { ...c.trustedAuthTokenParams };
  if (c.nonce) resolved.nonce = c.nonce;
  return dropUndefined(resolved);
}

function dropUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The passcode channels the login form offers (none unless the `otp` product is enabled). */
export function otpMethods(config: ResolvedConfig): OtpMethod[] {
  return config.products.includes('otp') ? (config.otpOptions?.methods ?? []) : [];
}

/** A tab of the login form: Text, WhatsApp or Email. */
export type LoginTab = OtpMethod;

/**
 * What the Email tab does: a password when the `passwords` product is enabled (it takes precedence, spec section 2),
 * else an email passcode when the `otp` product offers email, else a magic link.
 */
export function emailTabKind(config: ResolvedConfig): 'password' | 'otp' | 'magicLink' | null {
  if (config.products.includes('passwords')) return 'password';
  return passwordlessEmailKind(config);
}

/** What the Email tab would do without passwords: the password screens' 'instead' option and passwordless users. */
export function passwordlessEmailKind(config: ResolvedConfig): 'otp' | 'magicLink' | null {
  if (otpMethods(config).includes('email')) return 'otp';
  return config.products.includes('emailMagicLinks') ? 'magicLink' : null;
}

/**
 * The login form's tabs, in the order the page lists its products (and, for `otp`, its methods); one Email tab
 * however many products use email. Main shows the tab row only when there is more than one.
 */
export function loginTabs(config: ResolvedConfig): LoginTab[] {
  const tabs = new Set<LoginTab>();
  for (const product of config.products) {
    if ((product === 'emailMagicLinks' || product === 'passwords') && emailTabKind(config)) tabs.add('email');
    if (product === 'otp') {
      for (const method of otpMethods(config)) tabs.add(method);
    }
  }
  return [...tabs];
}

/** The inline configuration errors of Main (spec section 2), as message keys. */
export function configErrors(config: ResolvedConfig): MessageKey[] {
  const errors: MessageKey[] = [];
  if (config.products.includes('emailMagicLinks') && otpMethods(config).includes('email')) {
    errors.push('config.emlAndEmailOtp');
  }
  if (config.products.length === 1 && config.products[0] === 'passkeys') errors.push('config.passkeysAlone');
  return errors;
}
