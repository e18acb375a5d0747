// oidc-provider's artifacts (oidc/adapter.ts): one row per kind and id, with the lookup keys copied out of the payload.
import type { Db } from '../db/db.ts';
import { iso } from './time.ts';

export type OidcPayload = Record<string, unknown>;

export async function upsertPayload(
  db: Db,
  row: {
    kind: string;
    id: string;
    payload: OidcPayload;
    grantId: string | null;
    uid: string | null;
    userCode: string | null;
    expiresAt: number | null;
  },
): Promise<void> {
  await db.query(
    `insert into oidc_payloads (kind, id, payload, grant_id, uid, user_code, expires_at)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7::timestamptz)
     on conflict (kind, id) do update set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
       user_code = excluded.user_code, expires_at = excluded.expires_at`,
    [
      row.kind,
      row.id,
      JSON.stringify(row.payload),
      row.grantId,
      row.uid,
      row.userCode,
      row.expiresAt === null ? null : iso(row.expiresAt),
    ],
  );
}

/**
 * The live payload by one of its keys; `consumed` (epoch seconds) is added when it was consumed, as oidc-provider
 * expects. A code, and every token issued from it, names the service session the user consented in (`sessionUid`,
 * services/idp.ts): once that session is revoked (the user signed out, or a password change ended it; not merely
 * expired) they are gone, so logging out ends the app's refresh tokens from that sign-in whichever call revoked it.
 */
export async function findPayload(
  db: Db,
  kind: string,
  by: 'id' | 'uid' | 'user_code',
  value: string,
  now: number,
): Promise<OidcPayload | undefined> {
  const [row] = await db.query<{ payload: OidcPayload; consumed_at: Date | null }>(
    `select payload, consumed_at from oidc_payloads
     where kind = $1 and ${by} = $2 and (expires_at is null or expires_at > $3::timestamptz)
       and not exists (
         select 1 from sessions
         where sessions.id = oidc_payloads.payload->>'sessionUid' and sessions.revoked_at is not null)
     limit 1`,
    [kind, value, iso(now)],
  );
  if (!row) return undefined;
  return row.consumed_at
    ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
    : row.payload;
}

/** Marks a code used; only the first of two parallel redemptions changes the row. */
export async function consumePayload(db: Db, kind: string, id: string, now: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update oidc_payloads set consumed_at = $3::timestamptz
     where kind = $1 and id = $2 and consumed_at is null returning id`,
    [kind, id, iso(now)],
  );
  return rows.length === 1;
}

export async function destroyPayload(db: Db, kind: string, id: string): Promise<void> {
  await db.query('delete from oidc_payloads where kind = $1 and id = $2', [kind, id]);
}

/** Every artifact hanging from a grant (of one kind, or of all kinds: the grant itself, its codes and tokens). */
export async function destroyByGrantId(db: Db, grantId: string, kind?: string): Promise<void> {
  if (kind) await db.query('delete from oidc_payloads where grant_id = $1 and kind = $2', [grantId, kind]);
  else await db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
}

/** Deletes a bounded batch of expired artifacts. */
export async function sweepExpiredPayloads(db: Db, now: number, batch: number): Promise<void> {
  await db.query(
    `delete from oidc_payloads where ctid in (
       select ctid from oidc_payloads where expires_at <= $1::timestamptz limit $2)`,
    [iso(now), batch],
  );
}
