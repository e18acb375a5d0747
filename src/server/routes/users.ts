import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { loadFullUser } from '../services/users.ts';

/** The signed-in user. */
export function userRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(PATHS.usersMe, publicTokenAuth(deps), requireSession(deps), async (c) =>
    ok(c, await loadFullUser(deps, c.get('session').userId)),
  );
  return routes;
}
