// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS) and what each of its widget event types means (EVENT_DOCS, for `auth-login-event`). The analyzer's plugin
// (scripts/cem-product-docs.mjs) finds this file by the record's folder and adds them after the shared ones. No module
// of the widget imports it, so the texts ship in no bundle; the types make every part and event type the record
// declares need one.
import type { PASSWORD_EVENTS, PASSWORD_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof PASSWORD_PARTS)[keyof typeof PASSWORD_PARTS], string> = {
  'password-toggle': "The password's show/hide toggle.",
  'strength-meter': 'The four-bar password strength meter (zxcvbn policy).',
  'strength-bar': 'One bar of the strength meter; a lit bar has `data-filled="error"` (red) or `"success"` (green).',
};

/** The text both sign-ins share: the manifest lists them together, `PASSWORD_CREATE` / `PASSWORD_AUTHENTICATE` (…). */
const SIGNED_IN = 'an account was created or logged in with a password';

/**
 * Each event type's text, shown in parentheses after the type; types next to each other with the same text are listed
 * once, joined by a slash.
 */
export const EVENT_DOCS: Record<(typeof PASSWORD_EVENTS)[keyof typeof PASSWORD_EVENTS], string> = {
  PASSWORD_CREATE: SIGNED_IN,
  PASSWORD_AUTHENTICATE: SIGNED_IN,
  PASSWORD_RESET_BY_EMAIL_START: "a reset email was sent, also by 'Resend email'",
  PASSWORD_RESET_BY_EMAIL: 'a new password was set from the emailed link',
};
