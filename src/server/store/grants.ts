// Connected-app grants (a user's consent, carrying an access token) and impersonation tokens: both bearer secrets,
// stored only as SHA-256 digests and looked up by them.
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface GrantRow {
  id: string;
  user_id: string;
  client_id: string;
  scopes: string;
  created_at: Date;
}

export async function insertGrant(
  db: Db,
  input: { userId: string; clientId: string; scopes: string; accessTokenHash: string; now: number },
): Promise<string> {
  const id = newId(db, 'connected-app-grant');
  await db.query(
    `insert into connected_app_grants (id, user_id, client_id, scopes, access_token_hash, created_at)
     values ($1, $2, $3, $4, $5, $6::timestamptz)`,
    [id, input.userId, input.clientId, input.scopes, input.accessTokenHash, iso(input.now)],
  );
  return id;
}

export async function findLiveGrantByToken(db: Db, accessTokenHash: string): Promise<GrantRow | null> {
  const [row] = await db.query<GrantRow>(
    'select * from connected_app_grants where access_token_hash = $1 and revoked_at is null',
    [accessTokenHash],
  );
  return row ?? null;
}

export async function liveGrants(db: Db, userId: string): Promise<GrantRow[]> {
  return db.query<GrantRow>(
    'select * from connected_app_grants where user_id = $1 and revoked_at is null order by created_at, id',
    [userId],
  );
}

/** Revokes every live grant of the user to the app; the number revoked (0: the user had not granted it). */
export async function revokeGrants(db: Db, userId: string, clientId: string, now: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `update connected_app_grants set revoked_at = $3::timestamptz
     where user_id = $1 and client_id = $2 and revoked_at is null returning id`,
    [userId, clientId, iso(now)],
  );
  return rows.length;
}

export async function insertImpersonationToken(
  db: Db,
  input: { tokenHash: string; userId: string; impersonatorId: string; now: number; expiresAt: number },
): Promise<void> {
  await db.query(
    `insert into impersonation_tokens (id, token_hash, user_id, impersonator_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
    [
      newId(db, 'impersonation-token'),
      input.tokenHash,
      input.userId,
      input.impersonatorId,
      iso(input.now),
      iso(input.expiresAt),
    ],
  );
}

/** Marks a live token used and returns whom it impersonates; null when unknown, used or expired. Single use. */
export async function consumeImpersonationToken(
  db: Db,
  tokenHash: string,
  now: number,
): Promise<{ user_id: string; impersonator_id: string } | null> {
  const [row] = await db.query<{ user_id: string; impersonator_id: string }>(
    `update impersonation_tokens set used_at = $2::timestamptz
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz returning user_id, impersonator_id`,
    [tokenHash, iso(now)],
  );
  return row ?? null;
}
