// What this product adds to the element's manifest (custom-elements.json): what each of its widget event types means
// (EVENT_DOCS), for `auth-login-event`. The analyzer's plugin (scripts/cem-product-docs.mjs) finds this file by the
// record's folder and lists the events in registry order. No module of the widget imports it, so the texts ship in no
// bundle; the type makes every event type the record declares need one.
import type { IDP_EVENTS } from './index.ts';

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof IDP_EVENTS)[keyof typeof IDP_EVENTS], string> = {
  OAUTH_AUTHORIZE_FLOW_START:
    "the consent page's preflight answered; `data` is the response: the app, `consent_required`, `scope_results`",
  OAUTH_AUTHORIZE_FLOW_COMPLETE:
    'the consent was submitted, by Allow or automatically when none is required, and the page is about to navigate ' +
    'to the app; `data` is the response with `redirect_uri`',
  OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED: 'Deny on the consent screen; `data` is `{}`',
};
