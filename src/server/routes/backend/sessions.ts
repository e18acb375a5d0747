import { Hono } from 'hono';
import { BACKEND_PATHS } from '../../../api/backend.ts';
import { MAX_BODY_BYTES } from '../../constants/input-limits.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { jsonBody, validated } from '../../http/edge.ts';
import { okFlat } from '../../http/envelope.ts';
import { backendAuth } from '../../middleware/backend-auth.ts';
import { limitBody } from '../../middleware/body-limit.ts';
import { adminUser, authenticateSession, revokeSessionByReference, userSessions } from '../../services/user-admin.ts';
import { backendSessionAuthenticateBody, backendSessionRevokeBody, backendSessionsQuery } from './sessions.schemas.ts';

/** The backend API's sessions: check a session (by token or JWT), list a user's, revoke one. */
export function backendSessionRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Per route, not `use('*')`: mounted at '/', a wildcard would also guard the other `/v1/...` routes (JWKS, OAuth).
  const auth = backendAuth(deps);
  const limit = limitBody(MAX_BODY_BYTES);

  routes.post(BACKEND_PATHS.sessionsAuthenticate, auth, limit, jsonBody(backendSessionAuthenticateBody), async (c) => {
    const { session, session_duration_minutes } = c.req.valid('json');
    return okFlat(c, await authenticateSession(deps, session, session_duration_minutes));
  });

  routes.get(BACKEND_PATHS.sessions, auth, async (c) => {
    const user = await adminUser(deps, validated(backendSessionsQuery, c.req.query()).user_id);
    return okFlat(c, { sessions: await userSessions(deps, user) });
  });

  routes.post(BACKEND_PATHS.sessionsRevoke, auth, limit, jsonBody(backendSessionRevokeBody), async (c) => {
    await revokeSessionByReference(deps, c.req.valid('json'));
    return okFlat(c);
  });
  return routes;
}
