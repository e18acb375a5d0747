// The User as the wire shows it: the stored user with every method, and the roles the project config gives it.
import type { User } from '../../api/user.ts';
import type { ProjectConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { loadUserWithMethods } from '../store/full-user.ts';

/**
 * Role ids the project config gives the user, by user id or by an address the user has proven (none by default). An
 * unverified address counts for nothing: anyone can sign up with, or attach, the dean's address without reading the
 * dean's mail. Every role the service shows or signs (`user.roles`, `session.roles`, the session JWT, the consent
 * screen's grantable scopes) comes from here.
 */
export function rolesOf(config: ProjectConfig, user: Pick<User, 'user_id' | 'emails'>): string[] {
  const provenAddresses = user.emails.filter((e) => e.verified).map((e) => e.email.toLowerCase());
  const keys = [user.user_id.toLowerCase(), ...provenAddresses];
  const roles = new Set<string>();
  for (const key of keys) for (const role of config.userRoles[key] ?? []) roles.add(role);
  return [...roles];
}

export async function loadFullUser(deps: { config: ProjectConfig; db: Db }, userId: string): Promise<User> {
  return withRoles(deps.config, await loadUserWithMethods(deps.db, userId));
}

export function withRoles(config: ProjectConfig, user: User): User {
  return { ...user, roles: rolesOf(config, user) };
}
