import { DFP_DEV_MAX_DEVICES, DFP_SWEEP_BATCH } from '../constants/dfp.ts';
import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

/**
 * Records a device's signals (first sight, or seen again: the newest signals and address win) and a telemetry id
 * issued to it, in one statement each; the id is stored as its digest.
 */
export async function insertTelemetryId(
  db: Db,
  input: {
    idDigest: string;
    visitorId: string;
    signals: Record<string, string>;
    userAgent: string;
    ipAddress: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.query(
    `insert into dfp_devices as d (visitor_id, signals, user_agent, ip_address, first_seen_at, last_seen_at, ids_issued)
     values ($1, $2::jsonb, $3, $4, $5::timestamptz, $5::timestamptz, 1)
     on conflict (visitor_id) do update set
       signals = excluded.signals, user_agent = excluded.user_agent, ip_address = excluded.ip_address,
       last_seen_at = excluded.last_seen_at, ids_issued = d.ids_issued + 1`,
    [input.visitorId, JSON.stringify(input.signals), input.userAgent, input.ipAddress, iso(input.now)],
  );
  await db.query(
    `insert into dfp_telemetry_ids (id_digest, visitor_id, created_at, expires_at)
     values ($1, $2, $3::timestamptz, $4::timestamptz)`,
    [input.idDigest, input.visitorId, iso(input.now), iso(input.expiresAt)],
  );
}

/**
 * The device a live telemetry id was issued to, counting the call that carries it on the device in the same
 * statement; null for an unknown or expired id.
 */
export async function recordProtectedCall(db: Db, input: { idDigest: string; now: number }): Promise<string | null> {
  const [row] = await db.query<{ visitor_id: string }>(
    `update dfp_devices d set protected_calls = d.protected_calls + 1, last_seen_at = $2::timestamptz
     from dfp_telemetry_ids t
     where t.id_digest = $1 and t.expires_at > $2::timestamptz and d.visitor_id = t.visitor_id
     returning d.visitor_id`,
    [input.idDigest, iso(input.now)],
  );
  return row?.visitor_id ?? null;
}

/** Adds one flagged call to a device (a call the DECISIONING rule sent to the captcha). */
export async function countFlaggedCall(db: Db, visitorId: string): Promise<void> {
  await db.query('update dfp_devices set flagged_calls = flagged_calls + 1 where visitor_id = $1', [visitorId]);
}

/** Deletes up to DFP_SWEEP_BATCH expired telemetry ids. */
export async function sweepTelemetryIds(db: Db, now: number): Promise<void> {
  await db.query(
    `delete from dfp_telemetry_ids where id_digest in (
       select id_digest from dfp_telemetry_ids where expires_at <= $1::timestamptz order by expires_at limit $2
     )`,
    [iso(now), DFP_SWEEP_BATCH],
  );
}

export interface RecordedDevice {
  visitor_id: string;
  signals: Record<string, string>;
  user_agent: string;
  ip_address: string;
  first_seen_at: string;
  last_seen_at: string;
  ids_issued: number;
  protected_calls: number;
  flagged_calls: number;
}

/** The most recently seen devices first (the dev fingerprints page); DFP_DEV_MAX_DEVICES at most. */
export async function listDevices(db: Db, limit = DFP_DEV_MAX_DEVICES): Promise<RecordedDevice[]> {
  const rows = await db.query<Omit<RecordedDevice, 'first_seen_at' | 'last_seen_at'> & Record<string, unknown>>(
    `select visitor_id, signals, user_agent, ip_address, first_seen_at, last_seen_at, ids_issued, protected_calls,
       flagged_calls
     from dfp_devices order by last_seen_at desc, visitor_id limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    ...r,
    first_seen_at: iso(r.first_seen_at as Date),
    last_seen_at: iso(r.last_seen_at as Date),
  }));
}
