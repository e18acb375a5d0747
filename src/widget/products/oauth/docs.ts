// What this product adds to the element's manifest (custom-elements.json): what each of its `::part()` names is
// (PART_DOCS), what each of its widget event types means (EVENT_DOCS, for `auth-login-event`) and which errors it
// reports (ERROR_DOCS, for `auth-login-error`). The analyzer's plugin (scripts/cem-product-docs.mjs) finds this file by
// the record's folder and adds them after the shared ones. No module of the widget imports it, so the texts ship in no
// bundle; the types make every part and event type the record declares need one.
import type { OAUTH_EVENTS, OAUTH_PARTS } from './index.ts';

export const PART_DOCS: Record<(typeof OAUTH_PARTS)[keyof typeof OAUTH_PARTS], string> = {
  'social-buttons': 'The column of social sign-in buttons on Main.',
  'oauth-button':
    "A 'Continue with <Provider>' button (also `button` and `button-secondary`); `data-provider` names the provider.",
  'provider-icon': "The provider's icon inside a social sign-in button.",
  'last-used': "The 'Last used' label above the provider used last on this device.",
  'one-tap': 'The area an embedded Google One Tap prompt renders in (47 px reserved while it loads).',
};

/** Each event type's text, shown in parentheses after the type. */
export const EVENT_DOCS: Record<(typeof OAUTH_EVENTS)[keyof typeof OAUTH_EVENTS], string> = {
  OAUTH_START:
    "a social sign-in button started its provider's flow and the page is navigating there; `data` is `{ provider }`; " +
    'the provider is remembered as last used',
  OAUTH_AUTHENTICATE: 'the OAuth token from the page URL was authenticated; `data` is the response',
};

/** The errors this product adds to `auth-login-error` ("also …", after the service's and the network's). */
export const ERROR_DOCS: string =
  "Google One Tap's developer-facing messages (`error_type` one of `origin_not_allowed_for_client`, " +
  '`invalid_client`, `oauth_config_not_found`, `no_login_redirect_urls_set`, `no_signup_redirect_urls_set`, ' +
  '`default_provider_not_allowed`)';
