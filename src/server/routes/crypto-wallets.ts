import { Hono, type Context } from 'hono';
import { CRYPTO_WALLET_PATHS } from '../../api/crypto-wallets.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta, serviceOrigin } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticate, startAuthentication, type StartRequest } from '../services/crypto-wallets.ts';
import { cryptoWalletAuthenticateBody, cryptoWalletStartBody } from './crypto-wallets.schemas.ts';

/**
 * Crypto wallets (wire contract 3.9). The Origin header is the page a message is bound to (the browser's own header,
 * not requestMeta's parent-host fallback); a call without one is bound to the service's own origin. Deleting a wallet
 * is the generic users factor route.
 */
export function cryptoWalletRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);
  const start = jsonBody(cryptoWalletStartBody);

  routes.post(CRYPTO_WALLET_PATHS.authenticateStartPrimary, auth, start, async (c) =>
    ok(c, await startAuthentication(deps, startRequest(c, null), c.req.valid('json'))),
  );
  routes.post(CRYPTO_WALLET_PATHS.authenticateStartSecondary, auth, session, start, async (c) =>
    ok(c, await startAuthentication(deps, startRequest(c, c.get('session').userId), c.req.valid('json'))),
  );
  routes.post(CRYPTO_WALLET_PATHS.authenticate, auth, jsonBody(cryptoWalletAuthenticateBody), async (c) =>
    ok(c, await authenticate(deps, requestMeta(c), c.req.valid('json'))),
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
