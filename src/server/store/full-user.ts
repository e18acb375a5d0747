// The whole User the wire shows (wire contract 2.2) in one statement: every authenticated response carries it, and
// one round trip instead of eight (user, emails, phones, password, TOTPs, social registrations, passkeys, wallets)
// is most of what sessions/authenticate costs on the embedded database, which runs each statement on the main
// thread. Each list keeps the order the separate queries had (created_at, id); only the wire's fields are selected.
import type { User } from '../../api/user.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { toWireProvider, type RegistrationRow } from './oauth.ts';
import { iso } from './time.ts';
import type { UserRow } from './users.ts';

export interface FullUserRow extends UserRow {
  emails: User['emails'];
  phone_numbers: User['phone_numbers'];
  password: NonNullable<User['password']> | null;
  totps: User['totps'];
  providers: Pick<RegistrationRow, 'id' | 'provider' | 'provider_subject' | 'profile_picture_url' | 'locale'>[];
  webauthn_registrations: User['webauthn_registrations'];
  crypto_wallets: User['crypto_wallets'];
}

/** A json array of `fields` (wire name → SQL expression) from `table` rows of the user, oldest first; [] when none. */
function list(table: string, fields: Record<string, string>, where = ''): string {
  const object = Object.entries(fields)
    .map(([name, column]) => `'${name}', x.${column}`)
    .join(', ');
  return `coalesce((select json_agg(json_build_object(${object}) order by x.created_at, x.id) from ${table} x
    where x.user_id = u.id${where}), '[]'::json)`;
}

// Each list's wire field names and the columns they come from.
const PHONE_FIELDS = { phone_id: 'id', phone_number: 'phone_number', verified: 'verified' };
const PROVIDER_FIELDS = {
  id: 'id',
  provider: 'provider',
  provider_subject: 'provider_subject',
  profile_picture_url: 'profile_picture_url',
  locale: 'locale',
};
const WEBAUTHN_FIELDS = {
  webauthn_registration_id: 'id',
  domain: 'domain',
  user_agent: 'user_agent',
  authenticator_type: 'authenticator_type',
  verified: 'verified',
  name: 'name',
};
const WALLET_FIELDS = {
  crypto_wallet_id: 'id',
  crypto_wallet_address: 'address',
  crypto_wallet_type: 'type',
  verified: 'verified',
};

/** The select list of the whole user for a query where `u` is the users row (also used by store/sessions.ts). */
export const FULL_USER_COLUMNS = `u.id, u.status, u.first_name, u.middle_name, u.last_name, u.trusted_metadata,
    u.untrusted_metadata, u.created_at,
    ${list('user_emails', { email_id: 'id', email: 'email', verified: 'verified' })} as emails,
    ${list('user_phone_numbers', PHONE_FIELDS)} as phone_numbers,
    (select json_build_object('password_id', p.id, 'requires_reset', p.requires_reset) from user_passwords p
      where p.user_id = u.id) as password,
    ${list('totps', { totp_id: 'id', verified: 'verified' }, ' and x.verified')} as totps,
    ${list('oauth_registrations', PROVIDER_FIELDS)} as providers,
    ${list('webauthn_registrations', WEBAUTHN_FIELDS)} as webauthn_registrations,
    ${list('crypto_wallets', WALLET_FIELDS)} as crypto_wallets`;

const FULL_USER_SQL = `select ${FULL_USER_COLUMNS} from users u where u.id = $1`;

/**
 * The user with every method, roles still empty (they come from the project config). No such user: session_not_found.
 */
export async function loadUserWithMethods(db: Db, userId: string): Promise<User> {
  const user = await findUserWithMethods(db, userId);
  if (!user) throw Errors.sessionNotFound();
  return user;
}

/** The same, or null when no user has that id (the backend API answers its own 404). */
export async function findUserWithMethods(db: Db, userId: string): Promise<User | null> {
  const [row] = await db.query<FullUserRow>(FULL_USER_SQL, [userId]);
  return row ? toWireUser(row) : null;
}

export function toWireUser(row: FullUserRow): User {
  return {
    user_id: row.id,
    created_at: iso(row.created_at),
    status: row.status,
    name: { first_name: row.first_name, middle_name: row.middle_name, last_name: row.last_name },
    emails: row.emails,
    phone_numbers: row.phone_numbers,
    providers: row.providers.map(toWireProvider),
    webauthn_registrations: row.webauthn_registrations,
    crypto_wallets: row.crypto_wallets,
    totps: row.totps,
    biometric_registrations: [],
    password: row.password,
    trusted_metadata: row.trusted_metadata,
    untrusted_metadata: row.untrusted_metadata,
    roles: [],
  };
}
