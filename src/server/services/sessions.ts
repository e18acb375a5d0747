import type { AuthenticateResponse, AuthenticationFactor } from '../../api/session.ts';
import type { User } from '../../api/user.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { issueSessionJwt } from './session-jwt.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import {
  createSession,
  findActiveSession,
  touchSession,
  toWireSession,
  type ActiveSession,
} from '../store/sessions.ts';
import { factorStillStands } from '../store/factor-standing.ts';
import { lockUserShared } from '../store/unproven-account.ts';
import { activateUser } from '../store/users.ts';
import { loadFullUser } from './users.ts';

export type AuthenticatePayload = Omit<AuthenticateResponse, 'request_id' | 'status_code'>;

const MINUTE_MS = 60_000;

/**
 * The session a successful authentication ends in. When the caller already holds a live session of the same
 * user, the factor is added to it (step-up, "adding a factor") and its token stays the same; otherwise a new
 * session starts. A stale or foreign session token is simply not reused: the visitor is signing in afresh.
 */
export async function sessionAfterAuthentication(
  deps: Deps,
  meta: RequestMeta,
  input: { userId: string; factor: AuthenticationFactor; durationMinutes: number },
): Promise<{ session: ActiveSession; sessionToken: string }> {
  return deps.db.transaction(async (tx) => {
    // Every authentication ends here, so this is where a user created as pending stops being pending. First, so
    // that two first sign-ins take turns on the row instead of each holding a shared lock the other must wait for.
    await activateUser(tx, input.userId);
    // The credential was checked before this transaction: if the proof rule cleared the account since, it no longer
    // counts (store/factor-standing.ts); if the clearing comes later, it ends this session too.
    await lockUserShared(tx, input.userId);
    if (!(await factorStillStands(tx, input.userId, input.factor))) {
      throw input.factor.type === 'password' ? Errors.resetPassword() : Errors.unauthorizedCredentials();
    }
    return startOrExtendSession(tx, deps.config.now(), meta, input);
  });
}

async function startOrExtendSession(
  db: Db,
  now: number,
  meta: RequestMeta,
  input: { userId: string; factor: AuthenticationFactor; durationMinutes: number },
): Promise<{ session: ActiveSession; sessionToken: string }> {
  const expiresAt = now + input.durationMinutes * MINUTE_MS;
  if (meta.sessionToken) {
    const current = await findActiveSession(db, hashToken(meta.sessionToken), now);
    if (current && current.userId === input.userId) {
      const updated = await touchSession(db, current.id, now, { expiresAt, factor: input.factor });
      if (updated) return { session: updated, sessionToken: meta.sessionToken };
    }
  }
  const sessionToken = newSecretToken();
  const session = await createSession(db, {
    tokenHash: hashToken(sessionToken),
    userId: input.userId,
    now,
    expiresAt,
    factors: [input.factor],
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
  return { session, sessionToken };
}

/** The AuthResp body (wire contract 2.5): user, session, the opaque token and a fresh JWT. */
export async function authenticatePayload(
  deps: Deps,
  session: ActiveSession,
  sessionToken: string,
): Promise<AuthenticatePayload> {
  return authenticatePayloadFor(deps, session, await loadFullUser(deps, session.userId), sessionToken);
}

/** The same for a user already read (sessions/authenticate reads it with the session touch, in one statement). */
export function authenticatePayloadFor(
  deps: Deps,
  session: ActiveSession,
  user: User,
  sessionToken: string,
): AuthenticatePayload {
  return {
    user_id: user.user_id,
    user,
    session: { ...toWireSession(session), roles: user.roles },
    session_token: sessionToken,
    session_jwt: issueSessionJwt(deps, session, user.roles),
    __user: user,
  };
}

export function minutesToMs(minutes: number): number {
  return minutes * MINUTE_MS;
}
