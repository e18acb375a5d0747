import { Hono } from 'hono';
import { JWKS_PATH } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { listPublicJwks } from '../store/signing-keys.ts';

/** The public keys that verify session JWTs, at the well-known path and at the hosted provider's project path. */
export function jwksRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const jwks = async () => ({ keys: await listPublicJwks(deps.db) });
  routes.get(JWKS_PATH, async (c) => c.json(await jwks()));
  routes.get('/v1/sessions/jwks/:project_id', async (c) => {
    if (c.req.param('project_id') !== deps.config.projectId) throw Errors.notFound('projectNotFound');
    return c.json(await jwks());
  });
  return routes;
}
