// Authentication of the organization (B2B) API's calls: the B2B project's public token, and for the calls that act on
// a signed-in member, the member session the Basic-auth secret names.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { hashToken } from '../security/tokens.ts';
import { findActiveMemberSession } from '../store/member-sessions.ts';
import { projectTokenAuth } from './auth.ts';

/**
 * Every `/sdk/v1/b2b/...` call: `Authorization: Basic base64(b2b_public_token:secret)`, where the secret is a member
 * session token, or the public token again when signed out. The consumer token is refused here, as the consumer API
 * refuses this one.
 */
export function b2bPublicTokenAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return projectTokenAuth(deps.config.b2bPublicToken);
}

/**
 * For calls that act on the caller's member session: no token → 401 `user_unauthenticated`; a token that names no
 * live member session (unknown, expired, revoked) → 404 `session_not_found`, which makes the client drop it.
 */
export function requireMemberSession(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.get('sessionToken');
    if (!token) throw Errors.userUnauthenticated();
    const session = await findActiveMemberSession(deps.db, hashToken(token), deps.config.now());
    if (!session) throw Errors.sessionNotFound();
    c.set('memberSession', session);
    await next();
  };
}
