// Role-based access on the service, with the client's rule (src/client/rbac.ts): a role allows an action on a resource
// when one of its permissions on that resource lists the action or the wildcard.
import { RBAC_WILDCARD_ACTION, type RbacPermission, type RbacPolicy } from '../../api/bootstrap.ts';

/** Whether the roles together allow every action of every listed permission. */
export function rolesAllow(
  policy: RbacPolicy,
  roles: readonly string[],
  permissions: readonly RbacPermission[],
): boolean {
  const held = policy.roles.filter((role) => roles.includes(role.role_id)).flatMap((role) => role.permissions);
  return permissions.every((wanted) =>
    wanted.actions.every((action) =>
      held.some(
        (p) =>
          p.resource_id === wanted.resource_id &&
          (p.actions.includes(action) || p.actions.includes(RBAC_WILDCARD_ACTION)),
      ),
    ),
  );
}
