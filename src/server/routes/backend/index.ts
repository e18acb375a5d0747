import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { backendSessionRoutes } from './sessions.ts';
import { backendUserRoutes } from './users.ts';

/**
 * The backend API (`/v1/...`): what the site's own server calls with the project id and secret (middleware/
 * backend-auth.ts), shaped like the hosted provider's backend API so that its Node SDK works against the service.
 */
export function backendRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.route('/', backendSessionRoutes(deps));
  routes.route('/', backendUserRoutes(deps));
  return routes;
}
