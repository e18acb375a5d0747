// Values of the identity-provider screens (consent and logout).
import type { Mode } from '../../config.ts';

/** The element `mode` that opens the consent or logout screen, whatever the page's query string holds. */
export const IDENTITY_PROVIDER_MODE = 'identity-provider' satisfies Mode;
/** A session attested from a trusted auth token on the consent page lasts this long (spec section 9: 60 minutes). */
export const TRUSTED_TOKEN_SESSION_MINUTES = 60;
