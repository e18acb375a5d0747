import type { User } from '../../api/user.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

/** A user is `pending` from a send that asked for it (`create_user_as_pending`) until their first authentication. */
export type UserStatus = 'active' | 'pending';

/** A `users` row as stored (the full user adds its emails, phones and factors: full-user.ts). */
export interface UserRow {
  id: string;
  status: UserStatus;
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
 * The user who owns `email`, created (with `status`, address unverified) if there is none. Of concurrent calls for
 * one new address exactly one creates it (the unique address decides, see createUserWithEmail); the others get that
 * user, and no user row of theirs is left behind.
 */
export async function findOrCreateUserByEmail(
  db: Db,
  email: string,
  now: number,
  status: UserStatus = 'active',
): Promise<{ userId: string; emailId: string; created: boolean }> {
  const existing = await findEmail(db, email);
  if (existing) return { userId: existing.user_id, emailId: existing.id, created: false };
  const created = await createUserWithEmail(db, email, now, status);
  if (created) return { ...created, created: true };
  const winner = await findEmail(db, email);
  if (!winner) throw new Error('the address was taken by a user who is gone again');
  return { userId: winner.user_id, emailId: winner.id, created: false };
}

/**
 * A new user owning `email`, or null when the address already belongs to someone (also one created by a concurrent
 * request: the insert waits for it and then does nothing). The losing user row is deleted here rather than rolled
 * back, because callers may run this inside their own transaction, which commits. Never a check-then-write: the
 * address's unique index is the only judge.
 */
export async function createUserWithEmail(
  db: Db,
  email: string,
  now: number,
  status: UserStatus = 'active',
): Promise<{ userId: string; emailId: string } | null> {
  return db.transaction(async (tx) => {
    const userId = await insertUser(tx, now, status);
    const emailId = await insertEmail(tx, userId, email, now);
    if (emailId) return { userId, emailId };
    await deleteNewUser(tx, userId);
    return null;
  });
}

/**
 * Deletes the user with everything that references it (every factor, session, grant and pending challenge goes by
 * the foreign keys' cascade). False when no user had that id.
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('delete from users where id = $1 returning id', [userId]);
  return rows.length > 0;
}

/** Removes a user this transaction just created and that lost the race for its sign-in method. */
export async function deleteNewUser(db: Db, userId: string): Promise<void> {
  await db.query('delete from users where id = $1', [userId]);
}

/**
 * A new user (active unless told) with no name and no methods yet; the caller adds the method in the same transaction.
 */
export async function insertUser(db: Db, now: number, status: UserStatus = 'active'): Promise<string> {
  const userId = newId(db, 'user');
  await db.query(`insert into users (id, status, created_at) values ($1, $2, $3::timestamptz)`, [
    userId,
    status,
    iso(now),
  ]);
  return userId;
}

/** A pending user becomes active on their first authentication; an active one is left as is. */
export async function activateUser(db: Db, userId: string): Promise<void> {
  await db.query(`update users set status = 'active' where id = $1 and status = 'pending'`, [userId]);
}

async function insertEmail(db: Db, userId: string, email: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into user_emails (id, user_id, email, verified, created_at) values ($1, $2, $3, false, $4::timestamptz)
     on conflict (email) do nothing returning id`,
    [newId(db, 'email'), userId, email, iso(now)],
  );
  return row?.id ?? null;
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
  await db.query(
    `update users set first_name = $2, last_name = $3 where id = $1 and first_name = '' and last_name = ''`,
    [userId, firstName, lastName],
  );
}
