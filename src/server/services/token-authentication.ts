// What every "authenticate a token from a redirect" call shares (magic links, OAuth): the request fields and the
// PKCE check that runs before the token is used up.
import { MAX_CODE_VERIFIER_LENGTH, SESSION_DURATION_MINUTES_MAX, SESSION_DURATION_MINUTES_MIN } from '../constants.ts';
import { Errors } from '../http/errors.ts';
import { minutesInRange, optionalString, requiredNumber, requiredString, type JsonObject } from '../http/validate.ts';
import { verifyPkce } from '../security/pkce.ts';

export interface TokenAuthentication {
  token: string;
  durationMinutes: number;
  codeVerifier: string | undefined;
}

/** `token` (required), `session_duration_minutes` (required, within the session bounds), `code_verifier` (optional). */
export function readTokenAuthentication(body: JsonObject): TokenAuthentication {
  const token = requiredString(body, 'token');
  const durationMinutes = requiredSessionDuration(body);
  const codeVerifier = optionalString(body, 'code_verifier');
  if (codeVerifier !== undefined && codeVerifier.length > MAX_CODE_VERIFIER_LENGTH) {
    throw Errors.invalidRequest('fieldTooLong', { field: 'code_verifier', max: MAX_CODE_VERIFIER_LENGTH });
  }
  return { token, durationMinutes, codeVerifier };
}

/** `session_duration_minutes` (required): a whole number of minutes within the session bounds. */
export function requiredSessionDuration(body: JsonObject): number {
  return minutesInRange(
    requiredNumber(body, 'session_duration_minutes'),
    'session_duration_minutes',
    SESSION_DURATION_MINUTES_MIN,
    SESSION_DURATION_MINUTES_MAX,
  );
}

/**
 * A token started with a challenge needs the matching verifier. Called before the token is used up: a wrong verifier
 * leaves it valid, because the client retries with its other stored verifier.
 */
export function checkPkce(
  codeChallenge: string | null,
  codeVerifier: string | undefined,
  started?: 'magicLink' | 'oauth',
): void {
  if (codeChallenge === null) return;
  if (codeVerifier === undefined) throw Errors.pkceExpectedCodeVerifier(started);
  if (!verifyPkce(codeVerifier, codeChallenge)) throw Errors.pkceMismatch();
}
