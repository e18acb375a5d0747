import type { JsonWebKey } from 'node:crypto';
import { ORGANIZATION_JWT_CLAIM } from '../constants/organizations.ts';
import { JWT_ISSUER_PREFIX, SESSION_JWT_CLAIM, SESSION_JWT_LIFETIME_SECONDS } from '../constants/sessions.ts';
import type { Deps } from '../context.ts';
import { decodeJson, verifyIdToken } from '../security/id-tokens.ts';
import { signJwt } from '../security/jwt.ts';
import { listPublicJwks } from '../store/signing-keys.ts';
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

/**
 * The session id a session JWT of this project names, or null when it does not verify (signature, issuer, audience).
 * Its `exp` does not count, as with the provider's sessions/authenticate: a JWT past its 5 minutes still names its
 * session, and whether that session is still live decides (the caller looks it up).
 */
export async function sessionIdOfJwt(deps: Deps, jwt: string): Promise<string | null> {
  const claims = decodeJson(jwt.split('.')[1] ?? '');
  const now = deps.config.now();
  const expiresAtMs = typeof claims?.exp === 'number' ? claims.exp * 1000 : now;
  const verified = verifyIdToken(jwt, {
    // A published key is a JWK like any other; its type names the fields the service writes.
    keys: (await listPublicJwks(deps.db)).map((jwk): JsonWebKey & { kid: string } => ({ ...jwk })),
    issuers: [`${JWT_ISSUER_PREFIX}${deps.config.projectId}`],
    audience: deps.config.projectId,
    nowMs: Math.min(now, expiresAtMs),
  });
  if (!verified.ok) return null;
  const session = verified.claims[SESSION_JWT_CLAIM];
  const id = session && typeof session === 'object' ? (session as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
}
