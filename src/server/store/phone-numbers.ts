import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';
import { deleteNewUser, insertUser } from './users.ts';

export interface PhoneNumberRow {
  id: string;
  user_id: string;
  phone_number: string;
  verified: boolean;
  created_at: Date;
}

/** `phoneNumber` is E.164 (the service validates and normalises before looking up). */
export async function findPhoneNumber(db: Db, phoneNumber: string): Promise<PhoneNumberRow | null> {
  const [row] = await db.query<PhoneNumberRow>('select * from user_phone_numbers where phone_number = $1', [
    phoneNumber,
  ]);
  return row ?? null;
}

/**
 * The user who owns `phoneNumber`, created (status active, number unverified) if there is none. Of concurrent calls
 * for one new number exactly one creates it; the losers' user rows are deleted in their own transaction (which may
 * be the caller's), so none is left behind.
 */
export async function findOrCreateUserByPhoneNumber(
  db: Db,
  phoneNumber: string,
  now: number,
): Promise<{ userId: string; phoneId: string; created: boolean }> {
  const existing = await findPhoneNumber(db, phoneNumber);
  if (existing) return { userId: existing.user_id, phoneId: existing.id, created: false };
  const created = await db.transaction(async (tx) => {
    const userId = await insertUser(tx, now);
    const phoneId = await insertPhoneNumber(tx, userId, phoneNumber, now);
    if (phoneId) return { userId, phoneId };
    await deleteNewUser(tx, userId);
    return null;
  });
  if (created) return { ...created, created: true };
  const winner = await findPhoneNumber(db, phoneNumber);
  if (!winner) throw new Error('the number was taken by a user who is gone again');
  return { userId: winner.user_id, phoneId: winner.id, created: false };
}

async function insertPhoneNumber(db: Db, userId: string, phoneNumber: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into user_phone_numbers (id, user_id, phone_number, verified, created_at)
     values ($1, $2, $3, false, $4::timestamptz) on conflict (phone_number) do nothing returning id`,
    [newId(db, 'phone-number'), userId, phoneNumber, iso(now)],
  );
  return row?.id ?? null;
}
