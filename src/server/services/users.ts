// The User as the wire shows it, with what issue 6 adds to the stored user (verified authenticators and roles) and
// issue 14's WebAuthn registrations and issue 15's crypto wallets.
import type { User } from '../../api/user.ts';
import type { ProjectConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { listUserProviders } from '../store/oauth.ts';
import { verifiedTotps } from '../store/totps.ts';
import { loadUser } from '../store/users.ts';
import { toWireRegistration, userRegistrations } from '../store/webauthn.ts';
import { toWireWallet, userWallets } from '../store/crypto-wallets.ts';

/** Role ids the project config gives the user, by user id or by any of the user's addresses (none by default). */
export function rolesOf(config: ProjectConfig, user: Pick<User, 'user_id' | 'emails'>): string[] {
  const keys = [user.user_id.toLowerCase(), ...user.emails.map((e) => e.email)];
  const roles = new Set<string>();
  for (const key of keys) for (const role of config.userRoles[key] ?? []) roles.add(role);
  return [...roles];
}

export async function loadFullUser(deps: { config: ProjectConfig; db: Db }, userId: string): Promise<User> {
  const user = await loadUser(deps.db, userId);
  const totps = await verifiedTotps(deps.db, userId);
  return {
    ...user,
    totps: totps.map((t) => ({ totp_id: t.id, verified: t.verified })),
    providers: await listUserProviders(deps.db, userId),
    webauthn_registrations: (await userRegistrations(deps.db, userId)).map(toWireRegistration),
    crypto_wallets: (await userWallets(deps.db, userId)).map(toWireWallet),
    roles: rolesOf(deps.config, user),
  };
}
