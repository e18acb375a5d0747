// The retention sweep: rows that can no longer be used (expired, used long ago, revoked) are deleted a bounded batch
// at a time, long after every lookup stopped seeing them (constants/retention.ts says how long each kind stays).
// Several instances may sweep one PostgreSQL database at once: each statement locks the rows it picks with SKIP
// LOCKED, so two sweeps take disjoint batches instead of waiting for each other, and every row is deleted once.
import { RATE_LIMIT_SWEEP_BATCH } from '../constants/rate-limits.ts';
import {
  AUTH_FAILURE_RETENTION_MS,
  PENDING_CONTACT_RETENTION_MS,
  RETENTION_SWEEP_BATCH,
  SESSION_RETENTION_AFTER_END_MS,
  TOKEN_RETENTION_AFTER_EXPIRY_MS,
} from '../constants/retention.ts';
import type { Db } from '../db/db.ts';
import { sweepRateLimits } from './rate-limits.ts';
import { iso } from './time.ts';

/** One kind of expiring row: its table, and which of its rows are past retention. */
interface RetentionRule {
  /** Names the rule in a sweep's counts (a table may have several rules). */
  name: string;
  table: string;
  /** The time that ends a row, indexed (migration 019): rows with it at or before the cutoff go, oldest first. */
  column: string;
  /** A further condition, in SQL over the table's columns (`$3` = now). */
  and?: string;
  /** How long past its end a row stays; `null`: the telemetry retention the deployment chose. */
  keepMs: number | null;
}

/**
 * A revoked consumer session ends the Sign in with Westlight tokens issued in it (store/oidc-payloads.ts reads the
 * revocation), so it stays while any unexpired token still names it.
 */
const NO_LIVE_OIDC_PAYLOAD = `not exists (
  select 1 from oidc_payloads p where p.payload->>'sessionUid' = sessions.id
    and (p.expires_at is null or p.expires_at > $3::timestamptz))`;

const expired = (table: string, keepMs: number = TOKEN_RETENTION_AFTER_EXPIRY_MS): RetentionRule => ({
  name: table,
  table,
  column: 'expires_at',
  keepMs,
});

/** Every kind of row the sweep deletes. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    ...expired('sessions', SESSION_RETENTION_AFTER_END_MS),
    name: 'sessions (expired)',
    and: `(revoked_at is null or ${NO_LIVE_OIDC_PAYLOAD})`,
  },
  {
    name: 'sessions (revoked)',
    table: 'sessions',
    column: 'revoked_at',
    and: NO_LIVE_OIDC_PAYLOAD,
    keepMs: SESSION_RETENTION_AFTER_END_MS,
  },
  { ...expired('member_sessions', SESSION_RETENTION_AFTER_END_MS), name: 'member_sessions (expired)' },
  {
    name: 'member_sessions (revoked)',
    table: 'member_sessions',
    column: 'revoked_at',
    keepMs: SESSION_RETENTION_AFTER_END_MS,
  },
  expired('magic_links'),
  expired('otp_codes'),
  expired('password_resets'),
  expired('impersonation_tokens'),
  expired('oauth_states'),
  expired('oauth_tokens'),
  expired('oauth_callbacks'),
  expired('intermediate_sessions'),
  expired('member_email_tokens'),
  expired('member_sms_codes'),
  expired('admin_sessions'),
  expired('dfp_telemetry_ids'),
  // A verified authenticator never expires; only one set up and never confirmed does.
  { ...expired('totps'), and: 'not verified' },
  { ...expired('member_totps'), and: 'not verified' },
  { name: 'auth_failures', table: 'auth_failures', column: 'failed_at', keepMs: AUTH_FAILURE_RETENTION_MS },
  {
    name: 'member_auth_failures',
    table: 'member_auth_failures',
    column: 'failed_at',
    keepMs: AUTH_FAILURE_RETENTION_MS,
  },
  { name: 'pending_contacts', table: 'pending_contacts', column: 'created_at', keepMs: PENDING_CONTACT_RETENTION_MS },
  { name: 'events', table: 'events', column: 'created_at', keepMs: null },
  // A device's recorded signals are telemetry too (its ids go with it).
  { name: 'dfp_devices', table: 'dfp_devices', column: 'last_seen_at', keepMs: null },
];

export interface RetentionSweep {
  now: number;
  /** Rows deleted at most per rule. */
  batch: number;
  telemetryRetentionMs: number;
}

/**
 * One pass over every rule: up to `batch` rows of each, one short statement per rule, the event loop free between
 * them (on the embedded database, other requests' statements run in those gaps). Returns how many rows each rule
 * deleted; a rule that deleted `batch` rows may have more, which the next pass takes.
 */
export async function sweepRetention(db: Db, input: RetentionSweep): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    const cutoff = input.now - (rule.keepMs ?? input.telemetryRetentionMs);
    deleted[rule.name] = await sweepRule(db, rule, cutoff, input.batch, input.now);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return deleted;
}

async function sweepRule(db: Db, rule: RetentionRule, cutoff: number, batch: number, now: number): Promise<number> {
  const { table, column } = rule;
  // Oldest first through the column's index, so a batch reads `batch` index entries however long the backlog (a
  // bitmap scan would collect every match first). ctid = any(array(...)) is a TID scan of exactly the rows the inner
  // select locked; `in (select ...)` could be planned as a join that reads the whole table.
  const rows = await db.query<{ n: number }>(
    `with gone as (
       delete from ${table} where ctid = any(array(
         select ctid from ${table} where ${column} <= $1::timestamptz${rule.and ? ` and ${rule.and}` : ''}
         order by ${column} limit $2 for update skip locked))
       returning 1)
     select count(*)::int as n from gone`,
    // PostgreSQL refuses a parameter no statement names, so `now` is passed only to the rules that read it.
    rule.and?.includes('$3') ? [iso(cutoff), batch, iso(now)] : [iso(cutoff), batch],
  );
  return rows[0]?.n ?? 0;
}

/**
 * What the service's sweeper (security/rate-limit.ts, every RATE_LIMIT_SWEEP_EVERY_TAKES rate-limit takes, and every
 * RETENTION_SWEEP_INTERVAL_MS on its timer) runs: the ended rate-limit windows, then one retention pass. One sweeper
 * for every expiring row, on every instance.
 */
export function expiredRowsSweep(db: Db, telemetryRetentionMs: number): (now: number) => Promise<void> {
  return async (now) => {
    await sweepRateLimits(db, { now, batch: RATE_LIMIT_SWEEP_BATCH });
    await sweepRetention(db, { now, batch: RETENTION_SWEEP_BATCH, telemetryRetentionMs });
  };
}
