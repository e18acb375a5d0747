// The OpenID provider's accounts are our users: `sub` is the user id, the other claims come from the users table.
import type { Db } from '../db/db.ts';
import { loadUser } from '../store/users.ts';

/** Which claims each scope releases (userinfo; the ID token carries `sub` and the protocol claims). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'given_name', 'family_name'],
  phone: ['phone_number', 'phone_number_verified'],
} as const;

export interface OidcAccount {
  accountId: string;
  claims(): Promise<Record<string, unknown>>;
}

/** findAccount: undefined for a user who no longer exists, which makes oidc-provider refuse the code or token. */
export async function findOidcAccount(db: Db, userId: string): Promise<OidcAccount | undefined> {
  const [exists] = await db.query<{ id: string }>('select id from users where id = $1', [userId]);
  if (!exists) return undefined;
  return {
    accountId: userId,
    async claims() {
      const user = await loadUser(db, userId);
      const email = user.emails[0];
      const phone = user.phone_numbers[0];
      const { first_name, last_name } = user.name;
      const name = [first_name, user.name.middle_name, last_name].filter(Boolean).join(' ');
      // oidc-provider keeps only the claims the granted scopes release (SCOPE_CLAIMS).
      return {
        sub: userId,
        ...(email ? { email: email.email, email_verified: email.verified } : {}),
        ...(name ? { name } : {}),
        ...(first_name ? { given_name: first_name } : {}),
        ...(last_name ? { family_name: last_name } : {}),
        ...(phone ? { phone_number: phone.phone_number, phone_number_verified: phone.verified } : {}),
      };
    },
  };
}
