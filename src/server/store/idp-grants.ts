// Consents given through Sign in with Westlight: one live row per user and app, scopes merged.
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface IdpGrantRow {
  id: string;
  user_id: string;
  client_id: string;
  scopes: string;
  oidc_grant_id: string;
  created_at: Date;
}

/**
 * Records the consent: a new live row, or the live row's scopes merged with these. The unique partial index makes
 * the conflict, so parallel submits (in one process or several) end with exactly one row; the row's oidc-provider
 * grant id is the first one written.
 */
export async function upsertIdpGrant(
  db: Db,
  input: { userId: string; clientId: string; scopes: readonly string[]; oidcGrantId: string; now: number },
): Promise<IdpGrantRow> {
  const [row] = await db.query<IdpGrantRow>(
    `insert into idp_grants (id, user_id, client_id, scopes, oidc_grant_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz)
     on conflict (user_id, client_id) where revoked_at is null do update set
       scopes = array_to_string(array(
         select distinct s from unnest(string_to_array(idp_grants.scopes || ' ' || excluded.scopes, ' ')) as s
         where s <> '' order by s), ' '),
       updated_at = excluded.updated_at
     returning *`,
    [
      newId(db, 'idp-grant'),
      input.userId,
      input.clientId,
      [...new Set(input.scopes)].sort().join(' '),
      input.oidcGrantId,
      iso(input.now),
    ],
  );
  return row!;
}

export async function liveIdpGrant(db: Db, userId: string, clientId: string): Promise<IdpGrantRow | null> {
  const [row] = await db.query<IdpGrantRow>(
    'select * from idp_grants where user_id = $1 and client_id = $2 and revoked_at is null',
    [userId, clientId],
  );
  return row ?? null;
}

export async function liveIdpGrants(db: Db, userId: string): Promise<IdpGrantRow[]> {
  return db.query<IdpGrantRow>(
    'select * from idp_grants where user_id = $1 and revoked_at is null order by created_at, id',
    [userId],
  );
}

/** Ends the user's live consent to the app; the oidc-provider grant ids whose codes and tokens must go with it. */
export async function revokeIdpGrants(db: Db, userId: string, clientId: string, now: number): Promise<string[]> {
  const rows = await db.query<{ oidc_grant_id: string }>(
    `update idp_grants set revoked_at = $3::timestamptz
     where user_id = $1 and client_id = $2 and revoked_at is null returning oidc_grant_id`,
    [userId, clientId, iso(now)],
  );
  return rows.map((row) => row.oidc_grant_id);
}
