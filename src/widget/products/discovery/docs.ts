// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS) and what each of its widget event types means (EVENT_DOCS, for `auth-login-event`). The analyzer's plugin
// (scripts/cem-product-docs.mjs) finds this file by the record's folder and adds them after the shared ones. No module
// of the widget imports it, so the texts ship in no bundle; the types make every part and event type the record
// declares need one.
import type { DISCOVERY_EVENTS, DISCOVERY_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof DISCOVERY_PARTS)[keyof typeof DISCOVERY_PARTS], string> = {
  'organization-button':
    'An organization on Organization discovery (also `button` and `button-secondary`); `data-organization-id` is ' +
    'its id.',
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof DISCOVERY_EVENTS)[keyof typeof DISCOVERY_EVENTS], string> = {
  B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND: 'an organization discovery link was sent; `data` is the response',
  B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE:
    "the discovery link's token was authenticated; `data` is the response with the discovered organizations",
  B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE:
    'an organization was picked and the proven address became its member; `data` is the response',
  B2B_DISCOVERY_ORGANIZATIONS_CREATE:
    'an organization was created with the visitor as its member; `data` is the response',
};
