import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';

/** The channels a one-time passcode travels by (wire contract 3.5); also the `{method}` of the OTP paths. */
export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const;
export type OtpMethod = (typeof OTP_METHODS)[number];
/** The phone channels: their requests carry `phone_number` (E.164) instead of `email`. */
export type OtpPhoneMethod = Exclude<OtpMethod, 'email'>;

/** Fields every OTP send accepts besides the destination (wire contract 3.5). */
export interface OtpSendOptionsWire {
  /** Minutes until the passcode expires; the UI always sends it (default 5). */
  expiration_minutes?: number;
  locale?: string;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

/** POST /otps/sms/login_or_create and /otps/sms/send/{primary|secondary}. */
export interface OtpSmsOptionsWire extends OtpSendOptionsWire {
  enable_autofill?: boolean;
  autofill_session_duration_minutes?: number;
}
export interface OtpSmsRequest extends OtpSmsOptionsWire {
  /** E.164, e.g. `+14155552671`. */
  phone_number: string;
}

/** POST /otps/whatsapp/login_or_create and /otps/whatsapp/send/{primary|secondary}. */
export type OtpWhatsAppOptionsWire = OtpSendOptionsWire;
export interface OtpWhatsAppRequest extends OtpWhatsAppOptionsWire {
  phone_number: string;
}

/** POST /otps/email/login_or_create and /otps/email/send/{primary|secondary}. */
export interface OtpEmailOptionsWire extends OtpSendOptionsWire {
  login_template_id?: string;
  signup_template_id?: string;
}
export interface OtpEmailRequest extends OtpEmailOptionsWire {
  email: string;
}

/** The OTP send response (wire contract 2.7): the client reads `method_id` and passes it back to authenticate. */
export interface OtpSendResponse extends ResponseCommon {
  /** The phone number's `phone_id` or the address's `email_id`. */
  method_id: string;
  user_id: string;
  user_created: boolean;
}

/** POST /otps/authenticate: `token` is the passcode the visitor typed. */
export interface OtpAuthenticateRequest {
  token: string;
  method_id: string;
  session_duration_minutes: number;
  captcha_token?: string;
  dfp_telemetry_id?: string;
}

export interface OtpAuthenticateResponse extends AuthenticateResponse {
  method_id: string;
}

/**
 * A phone number on the wire (`phone_number`) is E.164: '+', a country code that does not start with 0, and at most 15
 * digits in all (ITU-T E.164). The service refuses anything else; the widget's fallback check uses the same rule.
 */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/** Every passcode has this many decimal digits (widget spec section 9). */
export const OTP_CODE_LENGTH = 6;
/** Minutes a passcode lives when the request names none (wire contract 4: the UI's `otpOptions.expirationMinutes`). */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
