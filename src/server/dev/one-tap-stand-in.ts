// The dev identity provider standing in for Google in One Tap. The One Tap service (services/one-tap.ts) gets this
// through `Deps.oneTapStandIn` and knows nothing of the dev issuer, its key or its paths, so production, which has no
// stand-in, holds no reference to them.
import type { ProjectConfig } from '../config.ts';
import { DEV_ONE_TAP_CLIENT_ID } from './constants.ts';
import type { OneTapStandIn } from '../services/one-tap.ts';
import { devIssuer, devSigningKey } from './identity-provider.ts';

/** Where the stand-in for Google's client script is served, and the endpoint that script gets its ID tokens from. */
export const DEV_ONE_TAP_SCRIPT_PATH = '/dev/google-one-tap/client.js';
export const DEV_ONE_TAP_ID_TOKEN_PATH = '/dev/google-one-tap/id-token';

/**
 * ID tokens signed by the dev identity provider's own key for this service, with its issuer on the request's origin.
 */
export function devOneTapStandIn(config: ProjectConfig): OneTapStandIn {
  return {
    clientId: DEV_ONE_TAP_CLIENT_ID,
    scriptUrl: (origin) => `${origin}${DEV_ONE_TAP_SCRIPT_PATH}`,
    idTokens: (origin) => ({ keys: [{ ...devSigningKey(config).publicJwk }], issuers: [devIssuer(origin)] }),
  };
}
