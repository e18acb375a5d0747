import { Hono, type Context } from 'hono';
import { CRYPTO_WALLET_PATHS } from '../../api/crypto-wallets.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJsonObject } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta, serviceOrigin } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticate, startAuthentication, type StartRequest } from '../services/crypto-wallets.ts';

/**
 * Crypto wallets (wire contract 3.9). The Origin header is the page a message is bound to (the browser's own header,
 * not requestMeta's parent-host fallback); a call without one is bound to the service's own origin. Deleting a wallet
 * is the generic users factor route.
 */
export function cryptoWalletRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(CRYPTO_WALLET_PATHS.authenticateStartPrimary, auth, async (c) =>
    ok(c, await startAuthentication(deps, startRequest(c, null), await readJsonObject(c))),
  );
  routes.post(CRYPTO_WALLET_PATHS.authenticateStartSecondary, auth, session, async (c) =>
    ok(c, await startAuthentication(deps, startRequest(c, c.get('session').userId), await readJsonObject(c))),
  );
  routes.post(CRYPTO_WALLET_PATHS.authenticate, auth, async (c) =>
    ok(c, await authenticate(deps, requestMeta(c), await readJsonObject(c))),
  );
  return routes;
}

function startRequest(c: Context<AppEnv>, sessionUserId: string | null): StartRequest {
  return {
    sessionUserId,
    pageOrigin: c.req.header('Origin'),
    serviceOrigin: serviceOrigin(c, c.get('publicUrl')),
    meta: requestMeta(c),
  };
}
