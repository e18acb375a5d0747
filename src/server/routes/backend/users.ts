import { Hono } from 'hono';
import { USER_FACTOR_KINDS } from '../../../api/accounts.ts';
import { BACKEND_PATHS, type BackendFactorKind } from '../../../api/backend.ts';
import { MAX_BODY_BYTES } from '../../constants/input-limits.ts';
import type { AppEnv, Deps } from '../../context.ts';
import { jsonBody, validated } from '../../http/edge.ts';
import { okFlat } from '../../http/envelope.ts';
import { backendAuth } from '../../middleware/backend-auth.ts';
import { limitBody } from '../../middleware/body-limit.ts';
import { updateMe } from '../../services/accounts.ts';
import { adminUser, deleteFactorById, deleteUserCompletely, searchUsers } from '../../services/user-admin.ts';
import { backendUserUpdateBody, factorIdParam, userIdParam, userSearchBody } from './users.schemas.ts';

/** Every factor kind the backend API deletes one at a time: the user's own kinds and the password. */
const FACTOR_KINDS: readonly BackendFactorKind[] = [...USER_FACTOR_KINDS, 'passwords'];

/** The backend API's users: search, read, update, delete one, delete one of their factors. */
export function backendUserRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Per route, not `use('*')`: mounted at '/', a wildcard would also guard the other `/v1/...` routes (JWKS, OAuth).
  const auth = backendAuth(deps);
  const limit = limitBody(MAX_BODY_BYTES);
  const userId = (id: string) => validated(userIdParam, { user_id: id }).user_id;

  // Before `/v1/users/:id`, which would otherwise take "search" for an id (and the factor kinds below, for DELETE).
  routes.post(BACKEND_PATHS.usersSearch, auth, limit, jsonBody(userSearchBody), async (c) =>
    okFlat(c, await searchUsers(deps, c.req.valid('json'))),
  );
  for (const kind of FACTOR_KINDS) {
    routes.delete(`/v1/users/${kind}/:id`, auth, async (c) => {
      const { id } = validated(factorIdParam, { id: c.req.param('id') });
      return okFlat(c, await deleteFactorById(deps, kind, id));
    });
  }

  routes.get('/v1/users/:id', auth, async (c) => okFlat(c, await adminUser(deps, userId(c.req.param('id')))));

  routes.put('/v1/users/:id', auth, limit, jsonBody(backendUserUpdateBody), async (c) => {
    const id = userId(c.req.param('id'));
    await adminUser(deps, id);
    const { __user: user, ...updated } = await updateMe(deps, id, c.req.valid('json'));
    return okFlat(c, { ...updated, user });
  });

  routes.delete('/v1/users/:id', auth, async (c) => {
    const id = userId(c.req.param('id'));
    await deleteUserCompletely(deps, id);
    return okFlat(c, { user_id: id });
  });
  return routes;
}
