// Values of the organization MFA screens.

/**
 * The second factors, in the hosted provider's organization config's names (`mfaProductOrder`,
 * `mfaProductInclude`), in the order offered when the config gives none: an authenticator app first (it works
 * offline and costs no message), then a text message.
 */
export const MFA_METHODS = ['totp', 'smsOtp'] as const;

/** The wire's names of the same factors (an organization's `allowed_mfa_methods`, a member's `default_mfa_method`). */
export const WIRE_MFA_METHODS = { totp: 'totp', sms_otp: 'smsOtp' } as const;

/** Phone validation waits this long for the lazily loaded library, then falls back (spec section 9: 2 s). */
export const PHONE_VALIDATE_TIMEOUT_MS = 2000;
/** 'Copied!' shows this long after a copy to the clipboard (as 'Code sent' does: spec section 9, 2 s). */
export const COPIED_CONFIRMATION_MS = 2000;
/** 'Code sent' shows this long before 'Resend code' comes back (spec section 9: 2 s). */
export const RESEND_CONFIRMATION_MS = 2000;
/** The recovery codes file's type: one code a line, plain text any editor opens. */
export const RECOVERY_CODES_FILE_TYPE = 'text/plain;charset=utf-8';
