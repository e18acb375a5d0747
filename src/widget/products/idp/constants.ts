// Values of the identity-provider screens (consent and logout).

/** The registry name of the consent and logout screens: not a value of `products` (a mode or the query opens them). */
export const IDENTITY_PROVIDER = 'identityProvider';
/** The element `mode` that opens the consent or logout screen, whatever the page's query string holds. */
export const IDENTITY_PROVIDER_MODE = 'identity-provider';
/** A session attested from a trusted auth token on the consent page lasts this long (spec section 9: 60 minutes). */
export const TRUSTED_TOKEN_SESSION_MINUTES = 60;
