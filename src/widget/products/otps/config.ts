// The passcode part of the config, as it goes on the wire.
import { DEFAULT_OTP_EXPIRATION_MINUTES, type OtpEmailOptionsWire, type OtpMethod } from '../../../api/index.ts';
import type { ResolvedConfig, ResolvedOtpOptions } from '../../config.ts';

/**
 * The passcode options as they go on the wire (wire contract section 4): `expiration_minutes` always, `locale`, and
 * for email the template ids.
 */
export function otpWireOptions(options: ResolvedOtpOptions, method: OtpMethod): OtpEmailOptionsWire {
  const wire: OtpEmailOptionsWire = { expiration_minutes: options.expirationMinutes };
  if (options.locale) wire.locale = options.locale;
  if (method === 'email') {
    if (options.loginTemplateId) wire.login_template_id = options.loginTemplateId;
    if (options.signupTemplateId) wire.signup_template_id = options.signupTemplateId;
  }
  return wire;
}

/** The wire options of a send by `method` under this config (the defaults when `otpOptions` is absent). */
export function otpOptionsFor(config: ResolvedConfig, method: OtpMethod): OtpEmailOptionsWire {
  return otpWireOptions(
    config.otpOptions ?? { methods: [], expirationMinutes: DEFAULT_OTP_EXPIRATION_MINUTES },
    method,
  );
}

/** How long a sent passcode lives, in seconds: the countdown's start. */
export function expirationSeconds(config: ResolvedConfig): number {
  return (config.otpOptions?.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES) * 60;
}
