import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import { SESSION_DURATION_MINUTES_MAX, SESSION_DURATION_MINUTES_MIN } from '../constants.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJsonObject } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { Errors } from '../http/errors.ts';
import { minutesInRange, optionalNumber } from '../http/validate.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticatePayload, minutesToMs } from '../services/sessions.ts';
import { revokeSession, touchSession } from '../store/sessions.ts';

/** The caller's own session: refresh (optionally extend) and revoke. */
export function sessionRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(PATHS.sessionsAuthenticate, auth, session, async (c) => {
    const body = await readJsonObject(c);
    const duration = optionalNumber(body, 'session_duration_minutes');
    if (duration !== undefined) {
      minutesInRange(duration, 'session_duration_minutes', SESSION_DURATION_MINUTES_MIN, SESSION_DURATION_MINUTES_MAX);
    }
    const now = deps.config.now();
    const current = c.get('session');
    const changes = duration === undefined ? {} : { expiresAt: now + minutesToMs(duration) };
    const updated = await touchSession(deps.db, current.id, now, changes);
    if (!updated) throw Errors.sessionNotFound();
    const token = c.get('sessionToken') ?? '';
    return ok(c, await authenticatePayload(deps, updated, token));
  });

  routes.post(PATHS.sessionsRevoke, auth, session, async (c) => {
    await readJsonObject(c);
    await revokeSession(deps.db, c.get('session').id, deps.config.now());
    return ok(c);
  });

  return routes;
}
