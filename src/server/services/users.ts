// The User as the wire shows it, with what issue 6 adds to the stored user (verified authenticators and roles) and
// issue 14's WebAuthn registrations and issue 15's crypto wallets.
import type { User } from '../../api/user.ts';
import type { ProjectConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { loadUserWithMethods } from '../store/full-user.ts';

/** Role ids the project config gives the user, by user id or by any of the user's addresses (none by default). */
export function rolesOf(config: ProjectConfig, user: Pick<User, 'user_id' | 'emails'>): string[] {
  const keys = [user.user_id.toLowerCase(), ...user.emails.map((e) => e.email)];
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
