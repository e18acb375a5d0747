// The password part of the config, as it goes on the wire.
import type { PasswordResetOptionsWire } from '../../../api/index.ts';
import type { PasswordOptions } from '../../config.ts';

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
