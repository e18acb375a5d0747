import { Hono, type Context } from 'hono';
import { IDP_PATHS } from '../../api/idp.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { hashToken } from '../security/tokens.ts';
import { authorizeStart, authorizeSubmit, logoutStart } from '../services/idp.ts';
import { findActiveSession } from '../store/sessions.ts';
import { authorizeStartBody, authorizeSubmitBody, logoutStartBody } from './idp.schemas.ts';

/** The service's own origin as this request reached it: the issuer when PUBLIC_URL is not set. */
const serviceOrigin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/**
 * Sign in with Westlight: the authorize page's preflight and submit, the logout page's preflight (wire contract 3.12).
 */
export function idpRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(
    IDP_PATHS.authorizeStart,
    auth,
    session,
    jsonBody(() => authorizeStartBody(deps.config)),
    async (c) => ok(c, await authorizeStart(deps, c.get('session'), c.req.valid('json'))),
  );
  routes.post(
    IDP_PATHS.authorizeSubmit,
    auth,
    session,
    jsonBody(() => authorizeSubmitBody(deps.config)),
    async (c) => ok(c, await authorizeSubmit(deps, c.get('session'), serviceOrigin(c), c.req.valid('json'))),
  );
  // The session is optional: signed out, there is nothing to confirm.
  routes.post(
    IDP_PATHS.logoutStart,
    auth,
    jsonBody(() => logoutStartBody(deps.config)),
    async (c) => {
      const token = c.get('sessionToken');
      const current = token ? await findActiveSession(deps.db, hashToken(token), deps.config.now()) : null;
      return ok(c, await logoutStart(deps, current, serviceOrigin(c), c.req.valid('json')));
    },
  );
  return routes;
}
