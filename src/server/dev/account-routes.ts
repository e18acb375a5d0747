import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { htmlPage } from '../http/html-page.ts';
import { grantConnectedApp, mintImpersonationToken } from '../services/accounts.ts';
import { listEvents } from '../store/events.ts';
import { connectedAppGrantBody, impersonationTokenBody } from './account-routes.schemas.ts';
import { devEventsPage } from './events-page.ts';

export const DEV_EVENTS_PATH = '/dev/events';

/**
 * Dev tools, mounted with the dev inbox: the stored telemetry (page and JSON), and the two secrets a real deployment
 * would get from elsewhere — a connected app's access token and a support agent's impersonation token.
 */
export function devAccountRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(DEV_EVENTS_PATH, async (c) => {
    return htmlPage(c, devEventsPage({ projectName: deps.config.projectName, events: await listEvents(deps.db) }));
  });
  routes.get(`${DEV_EVENTS_PATH}.json`, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ events: await listEvents(deps.db) });
  });
  routes.post('/dev/connected-app-grants', jsonBody(connectedAppGrantBody), async (c) =>
    c.json(await grantConnectedApp(deps, c.req.valid('json'))),
  );
  routes.post('/dev/impersonation-tokens', jsonBody(impersonationTokenBody), async (c) =>
    c.json(await mintImpersonationToken(deps, c.req.valid('json'))),
  );
  return routes;
}
