import { Hono } from 'hono';
import { HEALTH_PATH, READY_PATH, SERVICE_PROCESS_HEADER } from '../constants/deployment.ts';
import type { AppEnv, Deps } from '../context.ts';
import { pendingMigrations } from '../db/migrate.ts';

/**
 * For load balancers, in both modes. /healthz: the process answers. /readyz: the database answers and has every
 * migration this code expects, so an instance started against an old schema is kept out of rotation.
 */
export function healthRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(HEALTH_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.config.mode !== 'production') c.header(SERVICE_PROCESS_HEADER, String(process.pid));
    return c.json({ status: 'ok' });
  });
  routes.get(READY_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (deps.config.mode !== 'production') c.header(SERVICE_PROCESS_HEADER, String(process.pid));
    let pending: string[];
    try {
      pending = await pendingMigrations(deps.db);
    } catch (error) {
      console.error('[identity service] readiness check: the database did not answer', error);
      return c.json({ status: 'unavailable', reason: 'The database is not reachable.' }, 503);
    }
    if (pending.length) {
      return c.json({ status: 'unavailable', reason: `Migrations not applied: ${pending.join(', ')}.` }, 503);
    }
    return c.json({ status: 'ok' });
  });
  return routes;
}
