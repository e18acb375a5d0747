// Addresses and phone numbers as one kind of thing for the proof rule (services/proof.ts): a contact is a row of
// user_emails or user_phone_numbers, unique by its value, proven (`verified`) or not. Only the proof rule writes
// ownership through these helpers; reading an address for a sign-in still goes through store/users.ts and
// store/phone-numbers.ts.
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export type ContactKind = 'email' | 'phone';

export interface ContactRow {
  id: string;
  user_id: string;
  value: string;
  verified: boolean;
}

const TABLES = {
  email: { table: 'user_emails', column: 'email', idKind: 'email' },
  phone: { table: 'user_phone_numbers', column: 'phone_number', idKind: 'phone-number' },
} as const;

/** A new contact id of the kind's wire shape (`email-…`, `phone-number-…`), also used for a pending contact. */
export function newContactId(db: Pick<Db, 'idEnvironment'>, kind: ContactKind): string {
  return newId(db, TABLES[kind].idKind);
}

/**
 * The contact row for `value`, locked until the transaction ends, so two proofs of one address take turns and the
 * second sees what the first decided. None: nobody holds it (an insert then decides, see insertContact).
 */
export async function lockContact(db: Db, kind: ContactKind, value: string): Promise<ContactRow | null> {
  const { table, column } = TABLES[kind];
  const [row] = await db.query<ContactRow>(
    `select id, user_id, ${column} as value, verified from ${table} where ${column} = $1 for update`,
    [value],
  );
  return row ?? null;
}

export async function findContact(db: Db, kind: ContactKind, value: string): Promise<ContactRow | null> {
  const { table, column } = TABLES[kind];
  const [row] = await db.query<ContactRow>(
    `select id, user_id, ${column} as value, verified from ${table} where ${column} = $1`,
    [value],
  );
  return row ?? null;
}

export async function findContactById(db: Db, kind: ContactKind, id: string): Promise<ContactRow | null> {
  const { table, column } = TABLES[kind];
  const [row] = await db.query<ContactRow>(
    `select id, user_id, ${column} as value, verified from ${table} where id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * A contact of `userId`; null when the value is already held (also by a concurrent transaction, which the insert
 * waits for): the unique value is the only judge.
 */
export async function insertContact(
  db: Db,
  kind: ContactKind,
  input: { id?: string; userId: string; value: string; verified: boolean; now: number },
): Promise<string | null> {
  const { table, column } = TABLES[kind];
  const [row] = await db.query<{ id: string }>(
    `insert into ${table} (id, user_id, ${column}, verified, created_at) values ($1, $2, $3, $4, $5::timestamptz)
     on conflict (${column}) do nothing returning id`,
    [input.id ?? newContactId(db, kind), input.userId, input.value, input.verified, iso(input.now)],
  );
  return row?.id ?? null;
}

/** The contact, proven, now belongs to `userId` (the same row and id, so links already sent for it stay valid). */
export async function giveProvenContact(db: Db, kind: ContactKind, contactId: string, userId: string): Promise<void> {
  await db.query(`update ${TABLES[kind].table} set user_id = $2, verified = true where id = $1`, [contactId, userId]);
}

/** Whether the user holds a proven address or phone number other than `exceptId`. */
export async function holdsOtherProvenContact(db: Db, userId: string, exceptId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from user_emails where user_id = $1 and verified and id <> $2
     union all
     select 1 from user_phone_numbers where user_id = $1 and verified and id <> $2 limit 1`,
    [userId, exceptId],
  );
  return rows.length > 0;
}
