// The RBAC settings of a project: the policy the bootstrap publishes (roles, resources, custom scopes) and the role ids
// users hold. They come from an embedding's options or from the environment (RBAC_POLICY, USER_ROLES or their _FILE
// forms, env-options.ts); either way a wrong shape stops the start with the setting and the place in it named,
// instead of a page whose permission checks quietly find nothing.
import {
  RBAC_WILDCARD_ACTION,
  type RbacPermission,
  type RbacPolicy,
  type RbacResource,
  type RbacRole,
  type RbacScope,
} from '../api/bootstrap.ts';
import { OAUTH_SCOPE_TOKEN_PATTERN } from './constants/social.ts';

/** A policy that defines nothing: no role allows anything and no custom scope can be granted. */
export const EMPTY_RBAC_POLICY: RbacPolicy = { roles: [], resources: [], scopes: [] };

/**
 * The policy, checked: `roles`, `resources` and `scopes` arrays; ids unique; every permission names a resource of the
 * policy and only its actions (or the wildcard), since a permission on a misspelt resource would allow nothing.
 * `setting` names where the value came from (`rbacPolicy`, `RBAC_POLICY`, `RBAC_POLICY_FILE (<path>)`).
 */
export function checkedRbacPolicy(value: unknown, setting: string): RbacPolicy {
  const at: Problem = problemAt(setting);
  const policy = objectAt(value, '', at, 'an object with roles, resources and scopes arrays');
  const resources = arrayAt(policy.resources, 'resources', at).map((entry, i) =>
    checkedResource(entry, `resources[${i}]`, at),
  );
  requireUnique(
    resources.map((r) => r.resource_id),
    'resources',
    'resource_id',
    at,
  );
  const actionsOf = new Map(resources.map((r) => [r.resource_id, r.actions]));
  const roles = arrayAt(policy.roles, 'roles', at).map((entry, i) => checkedRole(entry, `roles[${i}]`, at, actionsOf));
  requireUnique(
    roles.map((r) => r.role_id),
    'roles',
    'role_id',
    at,
  );
  const scopes = arrayAt(policy.scopes, 'scopes', at).map((entry, i) =>
    checkedScope(entry, `scopes[${i}]`, at, actionsOf),
  );
  requireUnique(
    scopes.map((s) => s.scope),
    'scopes',
    'scope',
    at,
  );
  return { roles, resources, scopes };
}

/**
 * Role ids by email address or user id, checked, with the keys in lower case as addresses are compared. Two keys that
 * differ only in case would be one user: refused rather than one silently winning.
 */
export function checkedUserRoles(value: unknown, setting: string): Record<string, string[]> {
  const at: Problem = problemAt(setting);
  const byKey = objectAt(value, '', at, 'an object of role id arrays by email address or user id');
  const roles: Record<string, string[]> = {};
  for (const [key, held] of Object.entries(byKey)) {
    const where = JSON.stringify(key);
    if (key.trim() === '' || key !== key.trim())
      at(where, 'must be an email address or a user id without surrounding spaces');
    const lower = key.toLowerCase();
    if (Object.hasOwn(roles, lower)) at(where, 'names a user already listed (keys are compared in lower case)');
    roles[lower] = stringsAt(held, where, at);
  }
  return roles;
}

type Problem = (where: string, problem: string) => never;

/** Throws `<setting>: <where> <problem>.` (or `<setting> <problem>.` for the whole value). */
function problemAt(setting: string): Problem {
  return (where, problem) => {
    throw new Error(where ? `${setting}: ${where} ${problem}.` : `${setting} ${problem}.`);
  };
}

function checkedResource(value: unknown, where: string, at: Problem): RbacResource {
  const entry = objectAt(value, where, at, 'an object with resource_id, description and actions');
  const actions = stringsAt(entry.actions, `${where}.actions`, at);
  if (actions.includes(RBAC_WILDCARD_ACTION))
    at(`${where}.actions`, `must not list "${RBAC_WILDCARD_ACTION}" (permissions use it to mean every action)`);
  return {
    resource_id: idAt(entry.resource_id, `${where}.resource_id`, at),
    description: textAt(entry.description, `${where}.description`, at),
    actions,
  };
}

function checkedRole(value: unknown, where: string, at: Problem, actionsOf: ReadonlyMap<string, string[]>): RbacRole {
  const entry = objectAt(value, where, at, 'an object with role_id, description and permissions');
  return {
    role_id: idAt(entry.role_id, `${where}.role_id`, at),
    description: textAt(entry.description, `${where}.description`, at),
    permissions: permissionsAt(entry.permissions, `${where}.permissions`, at, actionsOf),
  };
}

/** A custom scope travels in OAuth requests' space-separated `scope`, so it must be one RFC 6749 scope token. */
function checkedScope(value: unknown, where: string, at: Problem, actionsOf: ReadonlyMap<string, string[]>): RbacScope {
  const entry = objectAt(value, where, at, 'an object with scope, description and permissions');
  const scope = idAt(entry.scope, `${where}.scope`, at);
  if (!OAUTH_SCOPE_TOKEN_PATTERN.test(scope))
    at(`${where}.scope`, 'must be one OAuth scope token (no spaces or quotes)');
  return {
    scope,
    description: textAt(entry.description, `${where}.description`, at),
    permissions: permissionsAt(entry.permissions, `${where}.permissions`, at, actionsOf),
  };
}

function permissionsAt(
  value: unknown,
  where: string,
  at: Problem,
  actionsOf: ReadonlyMap<string, string[]>,
): RbacPermission[] {
  return arrayAt(value, where, at).map((item, i) => {
    const here = `${where}[${i}]`;
    const entry = objectAt(item, here, at, 'an object with resource_id and actions');
    const resourceId = idAt(entry.resource_id, `${here}.resource_id`, at);
    const known = actionsOf.get(resourceId);
    if (!known)
      at(`${here}.resource_id`, `names ${JSON.stringify(resourceId)}, which is not one of the policy's resources`);
    const actions = stringsAt(entry.actions, `${here}.actions`, at);
    for (const action of actions) {
      if (action !== RBAC_WILDCARD_ACTION && !known.includes(action)) {
        at(
          `${here}.actions`,
          `names ${JSON.stringify(action)}, which is not an action of ${resourceId} (nor "${RBAC_WILDCARD_ACTION}")`,
        );
      }
    }
    return { resource_id: resourceId, actions };
  });
}

function objectAt(value: unknown, where: string, at: Problem, shape: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) at(where, `must be ${shape}`);
  return value as Record<string, unknown>;
}

function arrayAt(value: unknown, where: string, at: Problem): unknown[] {
  if (!Array.isArray(value)) at(where, 'must be an array');
  return value;
}

function idAt(value: unknown, where: string, at: Problem): string {
  if (typeof value !== 'string' || value.trim() === '') at(where, 'must be a non-empty string');
  return value;
}

/** Descriptions are shown to people (the consent screen) and may be empty. */
function textAt(value: unknown, where: string, at: Problem): string {
  if (typeof value !== 'string') at(where, 'must be a string (it may be empty)');
  return value;
}

function stringsAt(value: unknown, where: string, at: Problem): string[] {
  const items = arrayAt(value, where, at);
  items.forEach((item, i) => {
    idAt(item, `${where}[${i}]`, at);
  });
  return [...(items as string[])];
}

function requireUnique(ids: readonly string[], where: string, field: string, at: Problem): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) at(where, `have two entries with ${field} ${JSON.stringify(id)}`);
    seen.add(id);
  }
}
