// What this product adds to the element's manifest (custom-elements.json): what each of its widget event types means
// (EVENT_DOCS), for `auth-login-event`. The analyzer's plugin (scripts/cem-product-docs.mjs) finds this file by the
// record's folder and lists the events in registry order. No module of the widget imports it, so the texts ship in no
// bundle; the type makes every event type the record declares need one.
import type { MAGIC_LINK_EVENTS } from './index.ts';

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof MAGIC_LINK_EVENTS)[keyof typeof MAGIC_LINK_EVENTS], string> = {
  MAGIC_LINK_LOGIN_OR_CREATE: "a link was sent; `data` is the service's response",
  MAGIC_LINK_AUTHENTICATE: 'the token from the page URL was authenticated; `data` is the response',
};
