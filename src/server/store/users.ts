import type { User } from '../../api/user.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

interface UserRow {
  id: string;
  status: 'active' | 'pending';
  first_name: string;
  middle_name: string;
  last_name: string;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  created_at: Date;
}

export interface EmailRow {
  id: string;
  user_id: string;
  email: string;
  verified: boolean;
  created_at: Date;
}

export async function findEmail(db: Db, email: string): Promise<EmailRow | null> {
  const [row] = await db.query<EmailRow>('select * from user_emails where email = $1', [email]);
  return row ?? null;
}

/**
 * The user who owns `email`, created (status active, address unverified) if there is none. Safe inside a caller's
 * transaction: a lost race is seen through `on conflict do nothing` (never a unique-violation, which would abort the
 * caller's transaction on PostgreSQL), and the user row made for it is deleted again, since a joined transaction
 * does not roll back on its own.
 */
export async function findOrCreateUserByEmail(
  db: Db,
  email: string,
  now: number,
): Promise<{ userId: string; emailId: string; created: boolean }> {
  const existing = await findEmail(db, email);
  if (existing) return { userId: existing.user_id, emailId: existing.id, created: false };
  return db.transaction(async (tx) => {
    const userId = await insertUser(tx, now);
    const emailId = await insertEmail(tx, userId, email, now);
    if (emailId) return { userId, emailId, created: true };
    await deleteUser(tx, userId);
    const winner = await findEmail(tx, email);
    if (!winner) throw new Error('The address was taken and released again while this request created it.');
    return { userId: winner.user_id, emailId: winner.id, created: false };
  });
}

/** A new active user with no name and no methods yet; the caller adds the method in the same transaction. */
export async function insertUser(db: Db, now: number): Promise<string> {
  const userId = newId('user');
  await db.query(`insert into users (id, status, created_at) values ($1, 'active', $2::timestamptz)`, [userId, iso(now)]);
  return userId;
}

/** Removes a user made a moment ago in the same transaction that never got its method (a lost race). */
export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.query('delete from users where id = $1', [userId]);
}

/** Adds an address to a signed-in user (secondary factor); an address of another user is refused. */
export async function addEmailToUser(db: Db, userId: string, email: string, now: number): Promise<string> {
  const existing = await findEmail(db, email);
  if (existing && existing.user_id !== userId) {
    throw Errors.unauthorizedAction('This email address belongs to another user.');
  }
  if (existing) return existing.id;
  const emailId = await insertEmail(db, userId, email, now);
  if (!emailId) throw Errors.unauthorizedAction('This email address belongs to another user.');
  return emailId;
}

async function insertEmail(db: Db, userId: string, email: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into user_emails (id, user_id, email, verified, created_at) values ($1, $2, $3, false, $4::timestamptz)
     on conflict (email) do nothing returning id`,
    [newId('email'), userId, email, iso(now)],
  );
  return row?.id ?? null;
}

export async function markEmailVerified(db: Db, emailId: string): Promise<void> {
  await db.query('update user_emails set verified = true where id = $1', [emailId]);
}

/** The full User of the wire contract: every array present, empty until later products fill them. */
export async function loadUser(db: Db, userId: string): Promise<User> {
  const [user] = await db.query<UserRow>('select * from users where id = $1', [userId]);
  if (!user) throw Errors.sessionNotFound();
  const emails = await db.query<EmailRow>('select * from user_emails where user_id = $1 order by created_at, id', [
    userId,
  ]);
  const phones = await db.query<{ id: string; phone_number: string; verified: boolean }>(
    'select id, phone_number, verified from user_phone_numbers where user_id = $1 order by created_at, id',
    [userId],
  );
  const [password] = await db.query<{ id: string; requires_reset: boolean }>(
    'select id, requires_reset from user_passwords where user_id = $1',
    [userId],
  );
  return {
    user_id: user.id,
    created_at: iso(user.created_at),
    status: user.status,
    name: { first_name: user.first_name, middle_name: user.middle_name, last_name: user.last_name },
    emails: emails.map((e) => ({ email_id: e.id, email: e.email, verified: e.verified })),
    phone_numbers: phones.map((p) => ({ phone_id: p.id, phone_number: p.phone_number, verified: p.verified })),
    providers: [],
    webauthn_registrations: [],
    crypto_wallets: [],
    totps: [],
    biometric_registrations: [],
    password: password ? { password_id: password.id, requires_reset: password.requires_reset } : null,
    trusted_metadata: user.trusted_metadata,
    untrusted_metadata: user.untrusted_metadata,
    roles: [],
  };
}

export async function findEmailById(db: Db, emailId: string): Promise<EmailRow | null> {
  const [row] = await db.query<EmailRow>('select * from user_emails where id = $1', [emailId]);
  return row ?? null;
}

/** Sets the user's name only while both parts are empty, so a name the user chose is never overwritten. */
export async function fillEmptyName(db: Db, userId: string, firstName: string, lastName: string): Promise<void> {
  await db.query(`update users set first_name = $2, last_name = $3 where id = $1 and first_name = '' and last_name = ''`, [
    userId,
    firstName,
    lastName,
  ]);
}
