// The magic-link part of the config: its options as a page writes them (their defaults are the record's, index.ts),
// and as they go on the wire.
import type { MagicLinkOptionsWire } from '../../../api/index.ts';

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

export interface ResolvedEmailMagicLinksOptions extends EmailMagicLinksOptions {
  loginExpirationMinutes: number;
  signupExpirationMinutes: number;
  createUserAsPending: boolean;
}

/** What a page may set for magic links (the element's `config`). */
export interface MagicLinksConfig {
  emailMagicLinksOptions?: EmailMagicLinksOptions;
}

/** The same after defaults: always there, so a product that hands over to magic links finds them. */
export interface ResolvedMagicLinksConfig {
  emailMagicLinksOptions: ResolvedEmailMagicLinksOptions;
}

/**
 * The magic-link options as they go on the wire (wire contract section 4). `domainHint` is not sent;
 * `createUserAsPending` is, as `create_user_as_pending: true`, only when set (the default false sends nothing).
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
    create_user_as_pending: options.createUserAsPending || undefined,
  };
  for (const key of Object.keys(wire) as (keyof MagicLinkOptionsWire)[]) {
    if (wire[key] === undefined) delete wire[key];
  }
  return wire;
}
