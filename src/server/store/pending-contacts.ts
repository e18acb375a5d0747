// Addresses and phone numbers a signed-in user asked to add (send/secondary), waiting for that session to use the link
// or passcode. They are not the user's: see the migration 013_pending_contacts.sql and services/proof.ts.
import type { Db } from '../db/db.ts';
import { newContactId, type ContactKind } from './contacts.ts';
import { iso } from './time.ts';

export interface PendingContactRow {
  id: string;
  user_id: string;
  kind: ContactKind;
  value: string;
}

/** The user's pending contact for `value`, made on the first send and kept (same id) by the sends after it. */
export async function upsertPendingContact(
  db: Db,
  input: { userId: string; kind: ContactKind; value: string; now: number },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into pending_contacts (id, user_id, kind, value, created_at) values ($1, $2, $3, $4, $5::timestamptz)
     on conflict (user_id, kind, value) do update set created_at = excluded.created_at returning id`,
    [newContactId(db, input.kind), input.userId, input.kind, input.value, iso(input.now)],
  );
  if (!row) throw new Error('upsert returned no row');
  return row.id;
}

export async function findPendingContact(db: Db, id: string): Promise<PendingContactRow | null> {
  const [row] = await db.query<PendingContactRow>(
    'select id, user_id, kind, value from pending_contacts where id = $1',
    [id],
  );
  return row ?? null;
}

export async function deletePendingContact(db: Db, id: string): Promise<void> {
  await db.query('delete from pending_contacts where id = $1', [id]);
}
