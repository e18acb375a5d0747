// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS) and what each of its widget event types means (EVENT_DOCS, for `auth-login-event`). The analyzer's plugin
// (scripts/cem-product-docs.mjs) finds this file by the record's folder and adds them after the shared ones. No module
// of the widget imports it, so the texts ship in no bundle; the types make every part and event type the record
// declares need one.
import type { SSO_EVENTS, SSO_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof SSO_PARTS)[keyof typeof SSO_PARTS], string> = {
  'sso-button':
    "Main's 'Use single sign-on' button, and each single sign-on connection's button (also `button` and " +
    "`button-secondary`; a connection's has `data-connection-id`).",
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof SSO_EVENTS)[keyof typeof SSO_EVENTS], string> = {
  B2B_SSO_DISCOVER_CONNECTIONS: "an address's single sign-on connections were found; `data` is the response",
  B2B_SSO_START: "the browser is sent to a connection's sign-in page; `data` is `{ connection_id }`",
  B2B_SSO_AUTHENTICATE: 'the single sign-on token from the page URL was authenticated; `data` is the response',
};
