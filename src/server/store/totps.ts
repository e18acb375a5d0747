import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { open, seal } from '../security/encryption.ts';
import type { SecretKeys } from '../security/secret-keys.ts';
import { iso } from './time.ts';

export interface TotpRow {
  id: string;
  user_id: string;
  /** Sealed (security/encryption.ts); `openTotpSecret` gives the base32 seed. */
  secret: string;
  verified: boolean;
  last_used_step: string | null;
  created_at: Date;
  expires_at: Date;
}

export async function insertTotp(
  db: Db,
  secrets: SecretKeys,
  input: { userId: string; secret: string; now: number; expiresAt: number },
): Promise<string> {
  const id = newId(db, 'totp');
  await db.query(
    `insert into totps (id, user_id, secret, created_at, expires_at)
     values ($1, $2, $3, $4::timestamptz, $5::timestamptz)`,
    [id, input.userId, seal(secrets, input.secret, totpSecretContext(id)), iso(input.now), iso(input.expiresAt)],
  );
  return id;
}

/** The GCM additional data of a TOTP seed's ciphertext: it opens only in its own row. */
export function totpSecretContext(totpId: string): string {
  return `totp:${totpId}`;
}

/** The base32 seed of an authenticator; throws (loudly) when the stored ciphertext was altered. */
export function openTotpSecret(secrets: SecretKeys, row: Pick<TotpRow, 'id' | 'secret'>): string {
  return open(secrets, row.secret, totpSecretContext(row.id));
}

/** The user's usable authenticators: verified ones, and unverified ones still inside their confirmation window. */
export async function usableTotps(db: Db, userId: string, now: number): Promise<TotpRow[]> {
  return db.query<TotpRow>(
    `select * from totps where user_id = $1 and (verified or expires_at > $2::timestamptz) order by created_at, id`,
    [userId, iso(now)],
  );
}

export async function verifiedTotps(db: Db, userId: string): Promise<TotpRow[]> {
  return db.query<TotpRow>('select * from totps where user_id = $1 and verified order by created_at, id', [userId]);
}

/**
 * Records that `step` was used, only if it is later than the last used step: the atomic guard that makes a code
 * usable once per period even when two requests race. Also marks the authenticator verified. False: already used.
 */
export async function claimTotpStep(db: Db, totpId: string, step: bigint): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update totps set last_used_step = $2, verified = true
     where id = $1 and (last_used_step is null or last_used_step < $2) returning id`,
    [totpId, step.toString()],
  );
  return rows.length === 1;
}

export async function insertRecoveryCodes(
  db: Db,
  input: { totpId: string; userId: string; codeHashes: string[]; now: number },
): Promise<void> {
  for (const codeHash of input.codeHashes) {
    await db.query(
      `insert into totp_recovery_codes (id, totp_id, user_id, code_hash, created_at)
       values ($1, $2, $3, $4, $5::timestamptz)`,
      [newId(db, 'totp-recovery-code'), input.totpId, input.userId, codeHash, iso(input.now)],
    );
  }
}

/**
 * Marks the code used if it is the user's and unused; returns its authenticator, or null. Atomic: single use. The
 * user is part of the match, so a guess that happens to hit another user's code does not use that code up.
 */
export async function consumeRecoveryCode(
  db: Db,
  input: { userId: string; codeHash: string; now: number },
): Promise<{ id: string; totp_id: string; user_id: string } | null> {
  const [row] = await db.query<{ id: string; totp_id: string; user_id: string }>(
    `update totp_recovery_codes set used_at = $2::timestamptz
     where code_hash = $1 and user_id = $3 and used_at is null
       and totp_id in (select id from totps where verified) returning id, totp_id, user_id`,
    [input.codeHash, iso(input.now), input.userId],
  );
  return row ?? null;
}

/**
 * Replaces every unused recovery code of an authenticator (the old ones stop working). The authenticator's row is
 * locked first, so concurrent regenerations run one after the other and the last one's codes are the only ones left.
 */
export async function replaceRecoveryCodes(
  db: Db,
  input: { totpId: string; userId: string; codeHashes: string[]; now: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select id from totps where id = $1 for no key update', [input.totpId]);
    await tx.query('delete from totp_recovery_codes where totp_id = $1 and used_at is null', [input.totpId]);
    await insertRecoveryCodes(tx, input);
  });
}
