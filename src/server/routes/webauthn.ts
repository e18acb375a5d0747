import { Hono, type Context } from 'hono';
import { WEBAUTHN_PATHS } from '../../api/webauthn.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import {
  authenticate,
  finishRegistration,
  requirePageOrigin,
  requireRegistrationId,
  startAuthentication,
  startRegistration,
  updateRegistration,
} from '../services/webauthn.ts';
import {
  authenticateBody,
  authenticateStartBody,
  registerBody,
  registerStartBody,
  updateRegistrationBody,
} from './webauthn.schemas.ts';

/**
 * The page origin a ceremony runs on: the browser's Origin header itself (not the parent-host fallback of requestMeta).
 */
function pageOrigin(c: Context<AppEnv>): string | undefined {
  return c.req.header('Origin');
}

/** WebAuthn and passkeys (wire contract 3.8). Deleting a registration is the generic users factor route. */
export function webauthnRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);
  // The start calls check the page's origin before the body's fields: the relying party id must serve it.
  const registerStart = jsonBody((c) => registerStartBody(requirePageOrigin(deps, pageOrigin(c))));
  const authenticateStart = jsonBody((c) => authenticateStartBody(requirePageOrigin(deps, pageOrigin(c))));
  const update = jsonBody((c) => {
    requireRegistrationId(c.req.param('id') ?? '');
    return updateRegistrationBody;
  });

  routes.post(WEBAUTHN_PATHS.registerStart, auth, session, registerStart, async (c) =>
    ok(c, await startRegistration(deps, c.get('session'), c.req.valid('json'))),
  );
  routes.post(WEBAUTHN_PATHS.register, auth, session, jsonBody(registerBody), async (c) =>
    ok(
      c,
      await finishRegistration(deps, c.get('session'), c.get('sessionToken') ?? '', pageOrigin(c), c.req.valid('json')),
    ),
  );
  routes.post(WEBAUTHN_PATHS.authenticateStartPrimary, auth, authenticateStart, async (c) =>
    ok(c, await startAuthentication(deps, null, c.req.valid('json'))),
  );
  routes.post(WEBAUTHN_PATHS.authenticateStartSecondary, auth, session, authenticateStart, async (c) =>
    ok(c, await startAuthentication(deps, c.get('session').userId, c.req.valid('json'))),
  );
  routes.post(WEBAUTHN_PATHS.authenticate, auth, jsonBody(authenticateBody), async (c) =>
    ok(c, await authenticate(deps, requestMeta(c), pageOrigin(c), c.req.valid('json'))),
  );
  routes.put(`${WEBAUTHN_PATHS.update}/:id`, auth, session, update, async (c) =>
    ok(c, await updateRegistration(deps, c.get('session').userId, c.req.param('id'), c.req.valid('json'))),
  );
  return routes;
}
