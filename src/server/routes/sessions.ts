import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody, validJson } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { Errors } from '../http/errors.ts';
import { emptyBody } from '../http/fields.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { hashToken } from '../security/tokens.ts';
import { authenticatePayloadFor, minutesToMs } from '../services/sessions.ts';
import { withRoles } from '../services/users.ts';
import { toWireUser } from '../store/full-user.ts';
import { findActiveSession, revokeSession, touchSessionByToken } from '../store/sessions.ts';
import { sessionAuthenticateBody } from './sessions.schemas.ts';

/** The caller's own session: refresh (optionally extend) and revoke. */
export function sessionRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  // requireSession's checks without its separate read: the session is found, touched and returned with its user in
  // one statement (touchSessionByToken). Same answers in the same order: no token 401, no live session 404 (also
  // when the body is invalid too, as when the middleware ran first), then the body's 400s.
  routes.post(PATHS.sessionsAuthenticate, auth, async (c) => {
    const token = c.get('sessionToken');
    if (!token) throw Errors.userUnauthenticated();
    const tokenHash = hashToken(token);
    const now = deps.config.now();
    let duration: number | undefined;
    try {
      duration = (await validJson(c, sessionAuthenticateBody)).session_duration_minutes;
    } catch (error) {
      if (!(await findActiveSession(deps.db, tokenHash, now))) throw Errors.sessionNotFound();
      throw error;
    }
    const touched = await touchSessionByToken(
      deps.db,
      tokenHash,
      now,
      duration === undefined ? undefined : now + minutesToMs(duration),
    );
    if (!touched) throw Errors.sessionNotFound();
    return ok(
      c,
      authenticatePayloadFor(deps, touched.session, withRoles(deps.config, toWireUser(touched.user)), token),
    );
  });

  routes.post(PATHS.sessionsRevoke, auth, session, jsonBody(emptyBody), async (c) => {
    await revokeSession(deps.db, c.get('session').id, deps.config.now());
    return ok(c);
  });

  return routes;
}
