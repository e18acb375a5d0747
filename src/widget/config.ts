// The widget configuration (spec section 3) and its defaults. `resolveConfig` turns what a page gives (property or
// JSON attribute, all optional) into the complete object the machine works with.
import {
  DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  DEFAULT_SESSION_DURATION_MINUTES,
  type MagicLinkOptionsWire,
} from '../api/index.ts';
import { DEFAULT_CREATE_USER_AS_PENDING, DEFAULT_PRODUCTS, type PRODUCTS } from './constants.ts';
import type { MessageKey } from './i18n/en.ts';

export type Product = (typeof PRODUCTS)[number];

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
  methods: ('sms' | 'whatsapp' | 'email')[];
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

export interface SessionOptions {
  sessionDurationMinutes?: number;
}

/** What a page may set (`config` property or JSON attribute). */
export interface AuthLoginConfig {
  products?: Product[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  otpOptions?: OtpOptions;
  sessionOptions?: SessionOptions;
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

/** The configuration after defaults: what the machine and the screens read. */
export interface ResolvedConfig {
  products: Product[];
  emailMagicLinksOptions: ResolvedEmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  otpOptions?: OtpOptions;
  sessionOptions: { sessionDurationMinutes: number };
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
  if (c.otpOptions) resolved.otpOptions = c.otpOptions;
  if (c.nonce) resolved.nonce = c.nonce;
  return dropUndefined(resolved);
}

function dropUndefined<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The magic-link options as they go on the wire (wire contract section 4). `createUserAsPending` and `domainHint`
 * are not sent.
 */
export function magicLinkWireOptions(options: ResolvedEmailMagicLinksOptions): MagicLinkOptionsWire {
  const wire: MagicLinkOptionsWire = {
    login_magic_link_url: options.loginRedirectURL,
    signup_magic_link_url: options.signupRedirectURL,
    login_expiration_minutes: options.loginExpirationMinutes,
    signup_expiration_minutes: options.signupExpirationMinutes,
    login_template_id: options.loginTemplateId,
    signup_template_id: options.signupTemplateId,
    locale: options.locale,
  };
  for (const key of Object.keys(wire) as (keyof MagicLinkOptionsWire)[]) {
    if (wire[key] === undefined) delete wire[key];
  }
  return wire;
}

/** The inline configuration errors of Main (spec section 2), as message keys. */
export function configErrors(config: ResolvedConfig): MessageKey[] {
  const errors: MessageKey[] = [];
  if (config.products.includes('emailMagicLinks') && config.products.includes('otp') && config.otpOptions?.methods.includes('email')) {
    errors.push('config.emlAndEmailOtp');
  }
  if (config.products.length === 1 && config.products[0] === 'passkeys') errors.push('config.passkeysAlone');
  return errors;
}
