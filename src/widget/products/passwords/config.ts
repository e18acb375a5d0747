// The password part of the config: its options as a page writes them (resolved by the record, index.ts), and as they
// go on the wire.
import type { PasswordResetOptionsWire } from '../../../api/index.ts';

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

/** What a page may set for passwords (the element's `config`), before and after its redirect URLs are resolved. */
export interface PasswordsConfig {
  passwordOptions?: PasswordOptions;
}

/** The reset-email options as they go on the wire; without `passwordOptions` the service's default redirect is used. */
export function passwordResetWireOptions(options: PasswordOptions | undefined): PasswordResetOptionsWire {
  const wire: PasswordResetOptionsWire = {
    reset_password_redirect_url: options?.resetPasswordRedirectURL,
    login_redirect_url: options?.loginRedirectURL,
    reset_password_expiration_minutes: options?.resetPasswordExpirationMinutes,
    reset_password_template_id: options?.resetPasswordTemplateId,
    locale: options?.locale,
  };
  // Options the page left out are not sent at all (the service applies its defaults).
  return Object.fromEntries(
    Object.entries(wire).filter(([, value]) => value !== undefined),
  ) as PasswordResetOptionsWire;
}
