import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJsonObject } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { publicTokenAuth, requireSession } from '../middleware/auth.ts';
import {
  authenticatePassword,
  createPassword,
  resetByEmail,
  resetByExistingPassword,
  resetBySession,
  searchUser,
  startEmailReset,
  strengthCheck,
} from '../services/passwords.ts';

/**
 * Passwords (create, authenticate, strength check, the three resets) and the user search the password flow starts with.
 */
export function passwordRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(PATHS.usersSearch, auth, async (c) => ok(c, await searchUser(deps, await readJsonObject(c))));
  routes.post(PATHS.passwords, auth, async (c) =>
    ok(c, await createPassword(deps, requestMeta(c), await readJsonObject(c))),
  );
  routes.post(PATHS.passwordsAuthenticate, auth, async (c) =>
    ok(c, await authenticatePassword(deps, requestMeta(c), await readJsonObject(c))),
  );
  routes.post(PATHS.passwordsStrengthCheck, auth, async (c) => ok(c, strengthCheck(deps, await readJsonObject(c))));
  routes.post(PATHS.passwordsEmailResetStart, auth, async (c) =>
    ok(c, await startEmailReset(deps, requestMeta(c), await readJsonObject(c))),
  );
  routes.post(PATHS.passwordsEmailReset, auth, async (c) =>
    ok(c, await resetByEmail(deps, requestMeta(c), await readJsonObject(c))),
  );
  routes.post(PATHS.passwordsExistingPasswordReset, auth, async (c) =>
    ok(c, await resetByExistingPassword(deps, requestMeta(c), await readJsonObject(c))),
  );
  routes.post(PATHS.passwordsSessionReset, auth, session, async (c) =>
    ok(c, await resetBySession(deps, c.get('session'), c.get('sessionToken') ?? '', await readJsonObject(c))),
  );
  return routes;
}
