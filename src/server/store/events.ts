import type { Db } from '../db/db.ts';
import { DEV_EVENTS_MAX_ROWS } from '../constants/dev-mode.ts';
import { iso } from './time.ts';

/** Appends to the event log (SDK telemetry now; audit events later). */
export async function insertEvent(
  db: Db,
  event: { source: string; name: string; userId: string | null; details: unknown },
  now: number,
): Promise<void> {
  await db.query(
    `insert into events (source, name, user_id, details, created_at) values ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
    [event.source, event.name, event.userId, JSON.stringify(withoutNul(event.details) ?? {}), iso(now)],
  );
}

/** PostgreSQL jsonb cannot hold U+0000; telemetry is free-form, so replace it rather than reject the batch. */
function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\uFFFD');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k) as string, withoutNul(v)]));
  }
  return value;
}

export interface StoredEvent {
  seq: number;
  source: string;
  name: string;
  user_id: string | null;
  details: unknown;
  created_at: string;
}

/** The newest events first (the dev view); DEV_EVENTS_MAX_ROWS at most. */
export async function listEvents(db: Db, limit = DEV_EVENTS_MAX_ROWS): Promise<StoredEvent[]> {
  const rows = await db.query<Omit<StoredEvent, 'created_at' | 'seq'> & { seq: number | string; created_at: Date }>(
    'select seq, source, name, user_id, details, created_at from events order by seq desc limit $1',
    [limit],
  );
  return rows.map((r) => ({ ...r, seq: Number(r.seq), created_at: iso(r.created_at) }));
}
