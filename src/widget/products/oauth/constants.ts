// Values of the social sign-in product's Google One Tap prompt (spec sections 2, 4 and 9).

/** Height an embedded One Tap prompt reserves, and the height it returns to on cancel or failure (spec section 9). */
export const ONE_TAP_RESERVED_HEIGHT_PX = 47;
/** The first resizes of the embedded prompt are debounced by this long (spec section 9: 100 ms). */
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;
/** How many of the first resizes are debounced: Google's prompt changes height quickly while it loads. */
export const ONE_TAP_DEBOUNCED_RESIZES = 2;
/** The One Tap `position` values (the hosted provider's); `undefined` means `floating`. */
export const ONE_TAP_POSITIONS = [
  'embedded',
  'floating',
  'embeddedOnly',
  'floatingOrEmbedded',
  'forceLegacyEmbedded',
] as const;
/** Positions that ask for the prompt inside the form where the browser has no native (FedCM) prompt. */
export const ONE_TAP_EMBEDDED_POSITIONS = ['embedded', 'embeddedOnly', 'floatingOrEmbedded'] as const;
/** The id Google renders an embedded prompt into (a light-DOM node, projected into the widget through a slot). */
export const ONE_TAP_PARENT_ID = 'google-parent-prompt';
/** The slot an embedded prompt is projected through. */
export const ONE_TAP_SLOT = 'one-tap';
/** One Tap's error states (spec section 4), each with a developer-facing message (`oneTap.error.<value>`). */
export const ONE_TAP_ERRORS = {
  none: 'none',
  originNotAllowedForClient: 'origin_not_allowed_for_client',
  invalidClient: 'invalid_client',
  noConfiguredOAuthClient: 'oauth_config_not_found',
  noLoginRedirectUrls: 'no_login_redirect_urls_set',
  noSignupRedirectUrls: 'no_signup_redirect_urls_set',
  defaultProviderNotAllowed: 'default_provider_not_allowed',
} as const;
export type OneTapError = (typeof ONE_TAP_ERRORS)[keyof typeof ONE_TAP_ERRORS];
