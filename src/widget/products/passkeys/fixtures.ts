// How tools open passkeys (ProductFixtures): the size bench's page (passkeys beside magic links: alone they are a
// configuration error), the accessibility gate's screens of passkey registration, with a row in every state of the
// row machine (viewing, renaming, confirming a delete …), and with none and a failed rename's toast, and the cold
// page's seed (a ceremony needs an authenticator, so no journey reaches its states).
import { createActor, type StateValue } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import type { ProductFixtures } from '../types.ts';
import { PASSKEY_REGISTRATION_MODE } from './constants.ts';
import { passkeyRowMachine } from './row.ts';

/** A passkey row resting in each of `states` (the row machine's resting states). */
function passkeyRows(client: AuthClient, states: StateValue[]) {
  return states.map((value, i) => {
    const registration = {
      webauthn_registration_id: `webauthn-registration-test-${i}`,
      domain: 'localhost',
      user_agent: navigator.userAgent,
      authenticator_type: 'platform',
      verified: true,
      name: `Laptop passkey ${i + 1}`,
    };
    const snapshot = passkeyRowMachine.resolveState({
      value: value as never,
      context: { client, registration, draft: 'Work laptop' },
    });
    return {
      id: registration.webauthn_registration_id,
      ref: createActor(passkeyRowMachine, { snapshot, input: { client, registration } }),
    };
  });
}

export const fixtures: ProductFixtures = {
  pages: [{ name: 'passkeys', config: { products: ['passkeys', 'emailMagicLinks'] }, usable: 'input[type="email"]' }],
  accessibility: {
    config: { products: ['passkeys', 'emailMagicLinks'] },
    params: { mode: PASSKEY_REGISTRATION_MODE },
    variants: async ({ client, restingStates }) => [
      { rows: passkeyRows(client, restingStates(passkeyRowMachine)) },
      { rows: [], toast: { errorType: 'unauthorized_credentials', message: 'Unauthorized credentials.' } },
    ],
  },
  coldPage: {
    seed: { config: { products: ['emailMagicLinks', 'passkeys'] } },
    successScreens: ['PasskeyConfirmation'],
  },
};
