import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
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
import {
  emailResetBody,
  emailResetStartBody,
  existingPasswordResetBody,
  passwordSignInBody,
  sessionResetBody,
  strengthCheckBody,
  userSearchBody,
} from './passwords.schemas.ts';

/**
 * Passwords (create, authenticate, strength check, the three resets) and the user search the password flow starts with.
 */
export function passwordRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = publicTokenAuth(deps);
  const session = requireSession(deps);

  routes.post(PATHS.usersSearch, auth, jsonBody(userSearchBody), async (c) =>
    ok(c, await searchUser(deps, c.req.valid('json'))),
  );
  routes.post(PATHS.passwords, auth, jsonBody(passwordSignInBody), async (c) =>
    ok(c, await createPassword(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(PATHS.passwordsAuthenticate, auth, jsonBody(passwordSignInBody), async (c) =>
    ok(c, await authenticatePassword(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(PATHS.passwordsStrengthCheck, auth, jsonBody(strengthCheckBody), async (c) =>
    ok(c, strengthCheck(deps, c.req.valid('json'))),
  );
  routes.post(PATHS.passwordsEmailResetStart, auth, jsonBody(emailResetStartBody(deps.config)), async (c) =>
    ok(c, await startEmailReset(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(PATHS.passwordsEmailReset, auth, jsonBody(emailResetBody), async (c) =>
    ok(c, await resetByEmail(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(PATHS.passwordsExistingPasswordReset, auth, jsonBody(existingPasswordResetBody), async (c) =>
    ok(c, await resetByExistingPassword(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.post(PATHS.passwordsSessionReset, auth, session, jsonBody(sessionResetBody), async (c) =>
    ok(c, await resetBySession(deps, c.get('session'), c.get('sessionToken') ?? '', c.req.valid('json'))),
  );
  return routes;
}
