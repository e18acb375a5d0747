import { JWT_ISSUER_PREFIX, SESSION_JWT_CLAIM, SESSION_JWT_LIFETIME_SECONDS } from '../constants/sessions.ts';
import type { Deps } from '../context.ts';
import { signJwt } from '../security/jwt.ts';
import type { ActiveSession } from '../store/sessions.ts';

/**
 * A short-lived, signed view of the session for the site's backend: verifiable with the JWKS alone. It never
 * outlives the session itself. `roles` are the user's (services/users.ts rolesOf), the same as the answer's
 * `session.roles`, so a backend that authorizes from the JWT alone sees what the page sees.
 */
export function issueSessionJwt(deps: Deps, session: ActiveSession, roles: readonly string[]): string {
  const iat = Math.floor(deps.config.now() / 1000);
  const sessionEnd = Math.floor(Date.parse(session.expiresAt) / 1000);
  return signJwt(
    {
      sub: session.userId,
      iss: `${JWT_ISSUER_PREFIX}${deps.config.projectId}`,
      aud: deps.config.projectId,
      iat,
      nbf: iat,
      exp: Math.min(iat + SESSION_JWT_LIFETIME_SECONDS, sessionEnd),
      [SESSION_JWT_CLAIM]: {
        id: session.id,
        started_at: session.startedAt,
        last_accessed_at: session.lastAccessedAt,
        expires_at: session.expiresAt,
        attributes: { ip_address: session.ipAddress, user_agent: session.userAgent },
        authentication_factors: session.factors,
        roles,
      },
    },
    deps.signingKey,
  );
}
