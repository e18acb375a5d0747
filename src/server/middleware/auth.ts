import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { parseBasicAuth } from '../security/basic-auth.ts';
import { hashToken, secretsEqual } from '../security/tokens.ts';
import { findActiveSession } from '../store/sessions.ts';

/**
 * Every /sdk/v1 call except bootstrap and telemetry: `Authorization: Basic base64(public_token:secret)`. The public
 * token must be this project's. The secret is a session token unless it is the public token again (what the client
 * sends when signed out); it is only looked up by routes that need a session, so a stale cookie never blocks a
 * fresh sign-in.
 */
export function publicTokenAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return projectTokenAuth(deps.config.publicToken);
}

/**
 * The same check for one API's public token: the consumer API's (above) or the organization API's (b2b-auth.ts).
 * Each API refuses the other's token, so a page configured for one never reaches the other by mistake.
 */
export function projectTokenAuth(publicToken: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const credentials = parseBasicAuth(c.req.header('Authorization'));
    if (!credentials) {
      throw Errors.invalidPublicToken('basicAuthRequired');
    }
    if (!secretsEqual(credentials.publicToken, publicToken)) throw Errors.invalidPublicToken();
    const { secret } = credentials;
    c.set('sessionToken', secret === '' || secretsEqual(secret, publicToken) ? null : secret);
    await next();
  };
}

/**
 * The same check for the browser-navigation and One Tap routes outside /sdk/v1, which carry the public token as the
 * `public_token` query parameter instead of in an Authorization header.
 */
export function requirePublicTokenParam(deps: Deps, publicToken: string | undefined): void {
  if (publicToken === undefined) throw Errors.invalidPublicToken('publicTokenRequired');
  if (!secretsEqual(publicToken, deps.config.publicToken)) throw Errors.invalidPublicToken();
}

/**
 * For routes that act on the caller's session: no session token → 401 `user_unauthenticated`; a token that names no
 * live session (unknown, expired or revoked) → 404 `session_not_found`, which makes the client drop it.
 */
export function requireSession(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.get('sessionToken');
    if (!token) throw Errors.userUnauthenticated();
    const session = await findActiveSession(deps.db, hashToken(token), deps.config.now());
    if (!session) throw Errors.sessionNotFound();
    c.set('session', session);
    await next();
  };
}
