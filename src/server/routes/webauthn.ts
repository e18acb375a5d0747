import { Hono, type Context } from 'hono';
import { WEBAUTHN_PATHS } from '../../api/webauthn.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJsonObject } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import {
  authenticate,
  finishRegistration,
  startAuthentication,
  startRegistration,
  updateRegistration,
} from '../services/webauthn.ts';

/**
 * The page origin a ceremony runs on: the browser's Origin header itself (not the parent-host fallback of requestMeta).
 */
function pageOrigin(c: Context<AppEnv>): string | undefined {
  return c.req.header('Origin');
}

/** WebAuthn and passkeys (issue 14, wire contract 3.8). Deleting a registration is the generic users factor route. */
export function webauthnRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(WEBAUTHN_PATHS.registerStart, auth, session, async (c) =>
    ok(c, await startRegistration(deps, c.get('session'), pageOrigin(c), await readJsonObject(c))),
  );
  routes.post(WEBAUTHN_PATHS.register, auth, session, async (c) =>
    ok(
      c,
      await finishRegistration(
        deps,
        c.get('session'),
        c.get('sessionToken') ?? '',
        pageOrigin(c),
        await readJsonObject(c),
      ),
    ),
  );
  routes.post(WEBAUTHN_PATHS.authenticateStartPrimary, auth, async (c) =>
    ok(c, await startAuthentication(deps, null, pageOrigin(c), await readJsonObject(c))),
  );
  routes.post(WEBAUTHN_PATHS.authenticateStartSecondary, auth, session, async (c) =>
    ok(c, await startAuthentication(deps, c.get('session').userId, pageOrigin(c), await readJsonObject(c))),
  );
  routes.post(WEBAUTHN_PATHS.authenticate, auth, async (c) =>
    ok(c, await authenticate(deps, requestMeta(c), pageOrigin(c), await readJsonObject(c))),
  );
  routes.put(`${WEBAUTHN_PATHS.update}/:id`, auth, session, async (c) =>
    ok(c, await updateRegistration(deps, c.get('session').userId, c.req.param('id'), await readJsonObject(c))),
  );
  return routes;
}
