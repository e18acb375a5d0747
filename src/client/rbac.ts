// Role-based access on the client (spec 6): the user's role ids against the bootstrap policy. A caller may perform an
// action on a resource when any of their roles has a permission on it listing the action or the wildcard.
import { RBAC_WILDCARD_ACTION, type RbacPolicy } from '../api/index.ts';
import { MSG_RBAC_POLICY_MISSING } from './constants/rbac.ts';
import type { BootstrapApi, RbacApi } from './types.ts';
import type { Http } from './http.ts';
import { accountCalls, deferred } from './lazy.ts';
import type { SessionStore } from './session.ts';

export function allowed(
  policy: RbacPolicy | null,
  roles: readonly string[],
  resourceId: string,
  action: string,
): boolean {
  if (!policy) {
    console.error(MSG_RBAC_POLICY_MISSING);
    return false;
  }
  return policy.roles.some(
    (role) =>
      roles.includes(role.role_id) &&
      role.permissions.some(
        (p) => p.resource_id === resourceId && (p.actions.includes(action) || p.actions.includes(RBAC_WILDCARD_ACTION)),
      ),
  );
}

export function createRbacApi(http: Http, store: SessionStore, bootstrap: BootstrapApi): RbacApi {
  // A user without `roles` (older responses) has none (wire contract 2.1).
  const roles = () => store.getUser()?.roles ?? [];
  const accounts = deferred(accountCalls, ['allPermissions'], { http, store });
  return {
    isAuthorizedSync: (resourceId, action) => allowed(bootstrap.getSync().rbacPolicy, roles(), resourceId, action),
    isAuthorized: async (resourceId, action) =>
      allowed((await bootstrap.get()).rbacPolicy, roles(), resourceId, action),
    async allPermissions() {
      const { rbacPolicy } = await bootstrap.get();
      return accounts.allPermissions(rbacPolicy, roles());
    },
  };
}
