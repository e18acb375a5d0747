// Whether the credential an authentication checked still stands when its session starts. The proof rule
// (services/proof.ts) may clear the account between the check and the session: a password checked a moment before
// then needs a reset, a passkey or wallet checked a moment before is gone. Read under the user's shared lock
// (store/unproven-account.ts), so the answer holds until the session is made.
import type { AuthenticationFactor } from '../../api/session.ts';
import type { Db } from '../db/db.ts';

/** The table and id of the stored credential a factor names, if it names one. */
function credentialOf(factor: AuthenticationFactor): { table: string; id: string } | null {
  const detail = (key: string, field: string): string | undefined => {
    const value = (factor as Record<string, unknown>)[key];
    return value && typeof value === 'object'
      ? ((value as Record<string, unknown>)[field] as string | undefined)
      : undefined;
  };
  const oauthKey = Object.keys(factor).find((key) => key.endsWith('_oauth_factor'));
  const named: [string, string | undefined][] = [
    ['webauthn_registrations', detail('webauthn_factor', 'webauthn_registration_id')],
    ['crypto_wallets', detail('crypto_wallet_factor', 'crypto_wallet_id')],
    ['totps', detail('authenticator_app_factor', 'totp_id')],
    ['oauth_registrations', oauthKey ? detail(oauthKey, 'id') : undefined],
    ['user_emails', detail('email_factor', 'email_id')],
    ['user_phone_numbers', detail('phone_number_factor', 'phone_id')],
  ];
  const found = named.find(([, id]) => typeof id === 'string');
  return found ? { table: found[0], id: found[1] as string } : null;
}

export async function factorStillStands(db: Db, userId: string, factor: AuthenticationFactor): Promise<boolean> {
  if (factor.type === 'password') {
    const rows = await db.query('select 1 from user_passwords where user_id = $1 and not requires_reset', [userId]);
    return rows.length > 0;
  }
  const credential = credentialOf(factor);
  if (!credential) return true;
  const rows = await db.query(`select 1 from ${credential.table} where id = $1 and user_id = $2`, [
    credential.id,
    userId,
  ]);
  return rows.length > 0;
}
