import { ORGANIZATION_JWT_CLAIM } from '../constants/organizations.ts';
import { JWT_ISSUER_PREFIX, SESSION_JWT_CLAIM, SESSION_JWT_LIFETIME_SECONDS } from '../constants/sessions.ts';
import type { Deps } from '../context.ts';
import { signJwt } from '../security/jwt.ts';
import type { ActiveMemberSession } from '../store/member-sessions.ts';
import type { ActiveSession } from '../store/sessions.ts';

/**
 * A short-lived, signed view of the session for the site's backend: verifiable with the JWKS alone. It never
 * outlives the session itself. `roles` are the user's (services/users.ts rolesOf), the same as the answer's
 * `session.roles`, so a backend that authorizes from the JWT alone sees what the page sees.
 */
export function issueSessionJwt(deps: Deps, session: ActiveSession, roles: readonly string[]): string {
  return signJwt(
    {
      ...standardClaims(deps, session.userId, session.expiresAt),
      [SESSION_JWT_CLAIM]: sessionClaim(session, roles),
    },
    deps.signingKey,
  );
}

/**
 * The member session's JWT, as the hosted provider's B2B one: `sub` is the member, the session claim carries the
 * member session (its factors and roles), and the organization claim names the organization the session is in.
 */
export function issueMemberSessionJwt(
  deps: Deps,
  session: ActiveMemberSession,
  organization: { id: string; slug: string },
  roles: readonly string[],
): string {
  return signJwt(
    {
      ...standardClaims(deps, session.memberId, session.expiresAt),
      [SESSION_JWT_CLAIM]: sessionClaim(session, roles),
      [ORGANIZATION_JWT_CLAIM]: { organization_id: organization.id, slug: organization.slug },
    },
    deps.signingKey,
  );
}

/** The session claim: what the answer's session says, for a backend that reads only the JWT. */
function sessionClaim(session: ActiveSession | ActiveMemberSession, roles: readonly string[]) {
  return {
    id: session.id,
    started_at: session.startedAt,
    last_accessed_at: session.lastAccessedAt,
    expires_at: session.expiresAt,
    attributes: { ip_address: session.ipAddress, user_agent: session.userAgent },
    authentication_factors: session.factors,
    roles,
  };
}

/** Who, for whom and when: a JWT lives SESSION_JWT_LIFETIME_SECONDS and never outlives its session. */
function standardClaims(deps: Deps, subject: string, sessionExpiresAt: string) {
  const iat = Math.floor(deps.config.now() / 1000);
  const sessionEnd = Math.floor(Date.parse(sessionExpiresAt) / 1000);
  return {
    sub: subject,
    iss: `${JWT_ISSUER_PREFIX}${deps.config.projectId}`,
    aud: deps.config.projectId,
    iat,
    nbf: iat,
    exp: Math.min(iat + SESSION_JWT_LIFETIME_SECONDS, sessionEnd),
  };
}
