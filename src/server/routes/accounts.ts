import { Hono } from 'hono';
import { ACCOUNT_PATHS, USER_FACTOR_KINDS } from '../../api/accounts.ts';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { emptyBody } from '../http/fields.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import {
  attest,
  authenticateImpersonation,
  deleteFactor,
  exchangeAccessToken,
  listConnectedApps,
  revokeConnectedApp,
  updateMe,
} from '../services/accounts.ts';
import { authenticateTotp, createTotp, recoverTotp, regenerateRecoveryCodes } from '../services/totps.ts';
import {
  attestBody,
  exchangeAccessTokenBody,
  impersonationAuthenticateBody,
  totpAuthenticateBody,
  totpCreateBody,
  totpRecoverBody,
  updateMeBody,
} from './accounts.schemas.ts';

/**
 * Account management: the signed-in user's profile, factors and connected apps; the session exchanges (access
 * token, attest); impersonation; TOTP.
 */
export function accountRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  // ---- users ----
  routes.put(PATHS.usersMe, auth, session, jsonBody(updateMeBody), async (c) =>
    ok(c, await updateMe(deps, c.get('session').userId, c.req.valid('json'))),
  );
  for (const kind of USER_FACTOR_KINDS) {
    routes.delete(`/users/${kind}/:id`, auth, session, async (c) =>
      ok(c, await deleteFactor(deps, c.get('session').userId, kind, c.req.param('id'))),
    );
  }
  routes.get(ACCOUNT_PATHS.connectedApps, auth, session, async (c) =>
    ok(c, await listConnectedApps(deps, c.get('session').userId)),
  );
  routes.post('/users/connected_apps/:id/revoke', auth, session, jsonBody(emptyBody), async (c) =>
    ok(c, await revokeConnectedApp(deps, c.get('session').userId, c.req.param('id'))),
  );

  // ---- sessions and impersonation ----
  routes.post(ACCOUNT_PATHS.sessionsExchangeAccessToken, auth, jsonBody(exchangeAccessTokenBody), async (c) =>
    ok(c, await exchangeAccessToken(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(ACCOUNT_PATHS.sessionsAttest, auth, jsonBody(attestBody), async (c) =>
    ok(c, await attest(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(ACCOUNT_PATHS.impersonationAuthenticate, auth, jsonBody(impersonationAuthenticateBody), async (c) =>
    ok(c, await authenticateImpersonation(deps, requestMeta(c), c.req.valid('json'))),
  );

  // ---- TOTP ----
  routes.post(ACCOUNT_PATHS.totps, auth, session, jsonBody(totpCreateBody), async (c) =>
    ok(c, await createTotp(deps, c.get('session'), c.req.valid('json'))),
  );
  routes.post(ACCOUNT_PATHS.totpsAuthenticate, auth, jsonBody(totpAuthenticateBody), async (c) =>
    ok(c, await authenticateTotp(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(ACCOUNT_PATHS.totpsRecoveryCodes, auth, session, jsonBody(emptyBody), async (c) =>
    ok(c, await regenerateRecoveryCodes(deps, c.get('session').userId)),
  );
  routes.post(ACCOUNT_PATHS.totpsRecover, auth, jsonBody(totpRecoverBody), async (c) =>
    ok(c, await recoverTotp(deps, requestMeta(c), c.req.valid('json'))),
  );
  return routes;
}
