import * as v from 'valibot';
import { Errors } from '../http/errors.ts';
import { body, emailAddress, optionalString, refine, requiredString } from '../http/fields.ts';
import { secretsEqual } from '../security/tokens.ts';
import { DEV_ONE_TAP_CLIENT_ID } from './constants.ts';

const identityFields = { email: emailAddress(), name: optionalString() };

/** The dev sign-in form's state, checked to be usable before anything else in the form is read. */
export const devSignInStateBody = body({ state: requiredString() });

/** The dev sign-in form's identity: any address (checked) and name. */
export const devIdentityBody = body(identityFields);
export type DevIdentityInput = v.InferOutput<typeof devIdentityBody>;

/** POST /dev/google-one-tap/id-token: what the dev One Tap card sends for an ID token. */
export const devIdTokenBody = body({
  client_id: v.pipe(
    requiredString(),
    refine((clientId: string) => {
      if (!secretsEqual(clientId, DEV_ONE_TAP_CLIENT_ID)) throw Errors.invalidRequest('devOneTapClientIdWrong');
      return clientId;
    }),
  ),
  nonce: requiredString(),
  ...identityFields,
});
export type DevIdTokenInput = v.InferOutput<typeof devIdTokenBody>;
