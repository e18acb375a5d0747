// What this product adds to the element's manifest (custom-elements.json): what each of its widget event types means
// (EVENT_DOCS, for `auth-login-event`); it has no `::part()` names of its own (its connection buttons are the single
// sign-on product's `sso-button`). The analyzer's plugin (scripts/cem-product-docs.mjs) finds this file by the
// record's folder. No module of the widget imports it, so the texts ship in no bundle.
import type { ORGANIZATION_LOGIN_EVENTS } from './index.ts';

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof ORGANIZATION_LOGIN_EVENTS)[keyof typeof ORGANIZATION_LOGIN_EVENTS], string> = {
  B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP: "the organization's email link was sent; `data` is the response",
  B2B_MAGIC_LINK_AUTHENTICATE: "the organization link's token was authenticated; `data` is the response",
};
