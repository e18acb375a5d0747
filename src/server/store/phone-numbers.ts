import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';
import { deleteUser, insertUser } from './users.ts';

export interface PhoneNumberRow {
  id: string;
  user_id: string;
  phone_number: string;
  verified: boolean;
  created_at: Date;
}

/** `phoneNumber` is E.164 (the service validates and normalises before looking up). */
export async function findPhoneNumber(db: Db, phoneNumber: string): Promise<PhoneNumberRow | null> {
  const [row] = await db.query<PhoneNumberRow>('select * from user_phone_numbers where phone_number = $1', [phoneNumber]);
  return row ?? null;
}

export async function findPhoneNumberById(db: Db, phoneId: string): Promise<PhoneNumberRow | null> {
  const [row] = await db.query<PhoneNumberRow>('select * from user_phone_numbers where id = $1', [phoneId]);
  return row ?? null;
}

/** Thrown inside a transaction when another request registered the same number first; the caller looks again. */
class PhoneNumberTaken extends Error {}

/** The user who owns `phoneNumber`, created (status active, number unverified) if there is none. */
export async function findOrCreateUserByPhoneNumber(
  db: Db,
  phoneNumber: string,
  now: number,
): Promise<{ userId: string; phoneId: string; created: boolean }> {
  const existing = await findPhoneNumber(db, phoneNumber);
  if (existing) return { userId: existing.user_id, phoneId: existing.id, created: false };
  // As findOrCreateUserByEmail: no unique-violation, and no user row left behind by a lost race.
  return db.transaction(async (tx) => {
    const userId = await insertUser(tx, now);
    const phoneId = await insertPhoneNumber(tx, userId, phoneNumber, now);
    if (phoneId) return { userId, phoneId, created: true };
    await deleteUser(tx, userId);
    const winner = await findPhoneNumber(tx, phoneNumber);
    if (!winner) throw new Error('The number was taken and released again while this request created it.');
    return { userId: winner.user_id, phoneId: winner.id, created: false };
  });
}

/** Adds a number to a signed-in user (secondary factor); a number of another user is refused. */
export async function addPhoneNumberToUser(db: Db, userId: string, phoneNumber: string, now: number): Promise<string> {
  const existing = await findPhoneNumber(db, phoneNumber);
  if (existing && existing.user_id !== userId) throw Errors.phoneNumberTaken();
  if (existing) return existing.id;
  const phoneId = await insertPhoneNumber(db, userId, phoneNumber, now);
  if (!phoneId) throw Errors.phoneNumberTaken();
  return phoneId;
}

export async function markPhoneNumberVerified(db: Db, phoneId: string): Promise<void> {
  await db.query('update user_phone_numbers set verified = true where id = $1', [phoneId]);
}

async function insertPhoneNumber(db: Db, userId: string, phoneNumber: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into user_phone_numbers (id, user_id, phone_number, verified, created_at)
     values ($1, $2, $3, false, $4::timestamptz) on conflict (phone_number) do nothing returning id`,
    [newId('phone-number'), userId, phoneNumber, iso(now)],
  );
  return row?.id ?? null;
}
