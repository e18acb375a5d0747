// What the calls that use a token from a redirect share (magic links, OAuth, password resets): the authenticate
// body and the PKCE challenge a send may carry.
import * as v from 'valibot';
import { MAX_CODE_VERIFIER_LENGTH } from '../constants/secrets.ts';
import { Errors } from '../http/errors.ts';
import { body, optionalString, refine, requiredString, sessionDuration } from '../http/fields.ts';
import { isS256Challenge } from '../security/pkce.ts';

/** `code_verifier` (or the B2B API's `pkce_code_verifier`): optional, at most MAX_CODE_VERIFIER_LENGTH characters. */
export const codeVerifier = (field = 'code_verifier') =>
  v.pipe(
    optionalString(),
    refine((verifier: string | undefined) => {
      if (verifier !== undefined && verifier.length > MAX_CODE_VERIFIER_LENGTH) {
        throw Errors.invalidRequest('fieldTooLong', { field, max: MAX_CODE_VERIFIER_LENGTH });
      }
      return verifier;
    }),
  );

/** POST /magic_links/authenticate and /oauth/authenticate. */
export const tokenAuthenticationBody = body({
  token: requiredString(),
  session_duration_minutes: sessionDuration(),
  code_verifier: codeVerifier(),
});
export type TokenAuthenticationInput = v.InferOutput<typeof tokenAuthenticationBody>;

/**
 * `code_challenge`: an S256 challenge when given; required when `required()` says the project wants PKCE for this
 * flow (asked on every request, where the check has always been).
 */
export function codeChallenge(
  required: () => boolean,
  missing: 'codeChallengeRequiredMagicLink' | 'codeChallengeRequiredPasswordReset' | 'codeChallengeRequiredSso',
) {
  return v.pipe(
    optionalString(),
    refine((challenge: string | undefined) => {
      if (challenge !== undefined && !isS256Challenge(challenge)) throw Errors.invalidRequest('codeChallengeNotS256');
      if (challenge === undefined && required()) throw Errors.invalidRequest(missing);
      return challenge;
    }),
  );
}
