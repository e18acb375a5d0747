// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS) and what each of its widget event types means (EVENT_DOCS, for `auth-login-event`). The analyzer's plugin
// (scripts/cem-product-docs.mjs) finds this file by the record's folder and adds them after the shared ones. No module
// of the widget imports it, so the texts ship in no bundle; the types make every part and event type the record
// declares need one.
import type { OTP_EVENTS, OTP_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof OTP_PARTS)[keyof typeof OTP_PARTS], string> = {
  'progress-bar': 'The bar that fills while a passcode is verified.',
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof OTP_EVENTS)[keyof typeof OTP_EVENTS], string> = {
  OTP_LOGIN_OR_CREATE: "a passcode was sent, also by 'Resend code'; `data` is the response with `method_id`",
  OTP_AUTHENTICATE: 'a passcode was verified; `data` is the response',
};
