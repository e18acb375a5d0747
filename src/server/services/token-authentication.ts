// What every "authenticate a token from a redirect" call shares (magic links, OAuth): the PKCE check that runs
// before the token is used up. The request's fields are read at the edge (routes/token-authentication.schemas.ts).
import { Errors } from '../http/errors.ts';
import { verifyPkce } from '../security/pkce.ts';

/**
 * A token started with a challenge needs the matching verifier. Called before the token is used up: a wrong verifier
 * leaves it valid, because the client retries with its other stored verifier.
 */
export function checkPkce(
  codeChallenge: string | null,
  codeVerifier: string | undefined,
  started?: 'magicLink' | 'oauth' | 'sso',
): void {
  if (codeChallenge === null) return;
  if (codeVerifier === undefined) throw Errors.pkceExpectedCodeVerifier(started);
  if (!verifyPkce(codeVerifier, codeChallenge)) throw Errors.pkceMismatch();
}
