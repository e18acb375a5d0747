// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS) and what each of its widget event types means (EVENT_DOCS, for `auth-login-event`). The analyzer's plugin
// (scripts/cem-product-docs.mjs) finds this file by the record's folder and adds them after the shared ones. No module
// of the widget imports it, so the texts ship in no bundle; the types make every part and event type the record
// declares need one.
import type { MFA_EVENTS, MFA_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof MFA_PARTS)[keyof typeof MFA_PARTS], string> = {
  'qr-code': "The QR code of TOTP enrollment, for the member's authenticator app.",
  'totp-secret': 'The TOTP secret of TOTP enrollment as text, to type or copy into an authenticator app.',
  'recovery-codes': 'The list of recovery codes shown once after TOTP enrollment.',
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof MFA_EVENTS)[keyof typeof MFA_EVENTS], string> = {
  B2B_TOTP_CREATE: 'a TOTP registration was made for the member (its QR code shows); `data` is the response',
  B2B_TOTP_AUTHENTICATE: 'a TOTP code was verified and the member signed in; `data` is the response',
  B2B_SMS_OTP_SEND: "an MFA passcode was sent by text message, also by 'Resend code'; `data` is the response",
  B2B_SMS_OTP_AUTHENTICATE: 'an MFA passcode sent by text message was verified; `data` is the response',
  B2B_RECOVERY_CODES_RECOVER: 'a recovery code signed the member in (it works no more); `data` is the response',
};
