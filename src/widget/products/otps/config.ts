// The passcode part of the config: its options as a page writes them (their defaults are the record's, index.ts), and
// as they go on the wire.
import { DEFAULT_OTP_EXPIRATION_MINUTES, type OtpEmailOptionsWire, type OtpMethod } from '../../../api/index.ts';
import type { ResolvedConfig } from '../../config.ts';

export interface OtpOptions {
  /** The channels offered, in tab order (default `['email']`). */
  methods?: OtpMethod[];
  /** Minutes a passcode lives; also where the countdown starts (default 5). */
  expirationMinutes?: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
  locale?: string;
}

export interface ResolvedOtpOptions extends OtpOptions {
  methods: OtpMethod[];
  expirationMinutes: number;
}

/** What a page may set for passcodes (the element's `config`). */
export interface OtpConfig {
  otpOptions?: OtpOptions;
}

/** The same after defaults: present when the `otp` product is enabled or `otpOptions` is given. */
export interface ResolvedOtpConfig {
  otpOptions?: ResolvedOtpOptions;
}

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
