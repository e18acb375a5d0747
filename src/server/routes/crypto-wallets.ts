import { Hono } from 'hono';
import { CRYPTO_WALLET_PATHS } from '../../api/crypto-wallets.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJsonObject } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import { authenticate, startAuthentication } from '../services/crypto-wallets.ts';

/**
 * Crypto wallets (issue 15, wire contract 3.9). The Origin header is the page a SIWE message is bound to (the browser's
 * own header, not requestMeta's parent-host fallback). Deleting a wallet is the generic users factor route.
 */
export function cryptoWalletRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(CRYPTO_WALLET_PATHS.authenticateStartPrimary, auth, async (c) =>
    ok(c, await startAuthentication(deps, null, c.req.header('Origin'), await readJsonObject(c))),
  );
  routes.post(CRYPTO_WALLET_PATHS.authenticateStartSecondary, auth, session, async (c) =>
    ok(c, await startAuthentication(deps, c.get('session').userId, c.req.header('Origin'), await readJsonObject(c))),
  );
  routes.post(CRYPTO_WALLET_PATHS.authenticate, auth, async (c) =>
    ok(c, await authenticate(deps, requestMeta(c), await readJsonObject(c))),
  );
  return routes;
}
