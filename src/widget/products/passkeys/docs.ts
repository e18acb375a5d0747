// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS), what each of its widget event types means (EVENT_DOCS, for `auth-login-event`) and which errors it
// reports (ERROR_DOCS, for `auth-login-error`). The analyzer's plugin (scripts/cem-product-docs.mjs) finds this file by
// the record's folder and adds them after the shared ones. No module of the widget imports it, so the texts ship in no
// bundle; the types make every part and event type the record declares need one.
import type { PASSKEY_EVENTS, PASSKEY_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof PASSKEY_PARTS)[keyof typeof PASSKEY_PARTS], string> = {
  'passkey-button':
    "Main's passkey sign-in button (also `button` and `button-secondary`), shown when passkeys are enabled and the " +
    "form cannot offer them in the email field's autofill.",
  'passkey-row':
    'One passkey in the list of Passkey Registration Success; `data-state` is `viewing`, `editing` or `deleting`.',
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof PASSKEY_EVENTS)[keyof typeof PASSKEY_EVENTS], string> = {
  PASSKEY_REGISTER: 'a passkey was registered for the signed-in user; `data` is the response',
  PASSKEY_AUTHENTICATE:
    "a visitor signed in with a passkey, by the button or the email field's autofill; `data` is the response",
  PASSKEY_SKIP: "'Skip' on Register New Passkey; `data` is `{}`",
  PASSKEY_DONE: "'Done' on Passkey Registration Success; `data` is `{}`",
};

/** The errors this product adds to `auth-login-error` ("also …", after the service's and the network's). */
export const ERROR_DOCS: string =
  "every passkey error with the message the widget shows ('Unknown error occurred during passkey authentication. " +
  "Please try again.', …; `error_type` when the service gave one)";
