// Crypto wallets and their challenges (migrations 010, 012 and 014). What must hold under concurrency is one statement
// each, or one transaction under a lock: a challenge is used by DELETE ... RETURNING (once, ever), a wallet is claimed
// by the (type, normalized_address) unique constraint (on conflict do nothing), never by a read-then-write, and a
// start adds its challenge and trims the address to its cap while holding the address's advisory lock.
import type { CryptoWallet } from '../../api/user.ts';
import { CRYPTO_WALLET_CHALLENGE_LOCK_CLASS } from '../constants/crypto-wallets.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';
import { deleteNewUser, insertUser } from './users.ts';

export interface CryptoWalletRow {
  id: string;
  user_id: string;
  type: string;
  address: string;
  normalized_address: string;
  verified: boolean;
}

export interface CryptoWalletChallengeRow {
  id_hash: string;
  user_id: string | null;
  message: string;
  /** A SIWE message's Not Before time (migration 012): the signature is refused until then. */
  not_before: Date | string | null;
}

export interface WalletKey {
  type: string;
  normalizedAddress: string;
}

/**
 * Adds a challenge and keeps only the address's `liveMax` newest: one transaction holding the address's advisory
 * lock, so parallel starts for one address (on any instance) take turns and each trim sees every challenge of the
 * address. Without the lock two starts could each insert, each miss the other's uncommitted row, and leave one more
 * than the cap. Other addresses are not held up.
 */
export async function insertChallenge(
  db: Db,
  input: WalletKey & {
    idHash: string;
    userId: string | null;
    message: string;
    now: number;
    expiresAt: number;
    notBefore: number | null;
    liveMax: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [
      CRYPTO_WALLET_CHALLENGE_LOCK_CLASS,
      lockKey(input),
    ]);
    await tx.query(
      `insert into crypto_wallet_challenges
         (id_hash, type, normalized_address, user_id, message, created_at, expires_at, not_before)
       values ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz, $8::timestamptz)`,
      [
        input.idHash,
        input.type,
        input.normalizedAddress,
        input.userId,
        input.message,
        iso(input.now),
        iso(input.expiresAt),
        input.notBefore === null ? null : iso(input.notBefore),
      ],
    );
    await tx.query(
      `delete from crypto_wallet_challenges where id_hash in (
         select id_hash from crypto_wallet_challenges where type = $1 and normalized_address = $2
         order by seq desc offset $3
       )`,
      [input.type, input.normalizedAddress, input.liveMax],
    );
  });
}

/** The text whose hash is the second key of an address's advisory lock (collisions only make two addresses wait). */
function lockKey(key: WalletKey): string {
  return `${key.type}:${key.normalizedAddress}`;
}

/**
 * Deletes up to `batch` expired challenges of any wallet, the longest expired first; returns how many went. Bounded,
 * so a start after a flood of abandoned challenges pays for a short statement, and the next starts take the rest.
 */
export async function sweepExpiredChallenges(db: Db, input: { now: number; batch: number }): Promise<number> {
  const rows = await db.query<{ id_hash: string }>(
    `delete from crypto_wallet_challenges where id_hash in (
       select id_hash from crypto_wallet_challenges where expires_at <= $1::timestamptz order by expires_at limit $2
     ) returning id_hash`,
    [iso(input.now), input.batch],
  );
  return rows.length;
}

/**
 * The wallet's newest challenge that can still be signed, or null: one row through the (type, normalized_address,
 * seq) index, however many challenges the address has.
 */
export async function newestLiveChallenge(
  db: Db,
  input: WalletKey & { now: number },
): Promise<CryptoWalletChallengeRow | null> {
  const [row] = await db.query<CryptoWalletChallengeRow>(
    `select id_hash, user_id, message, not_before from crypto_wallet_challenges
     where type = $1 and normalized_address = $2 and expires_at > $3::timestamptz order by seq desc limit 1`,
    [input.type, input.normalizedAddress, iso(input.now)],
  );
  return row ?? null;
}

/** Uses the challenge: true for exactly one of any number of concurrent callers, false once it is gone or expired. */
export async function consumeChallenge(db: Db, input: { idHash: string; now: number }): Promise<boolean> {
  const rows = await db.query<{ id_hash: string }>(
    'delete from crypto_wallet_challenges where id_hash = $1 and expires_at > $2::timestamptz returning id_hash',
    [input.idHash, iso(input.now)],
  );
  return rows.length === 1;
}

export async function findWallet(db: Db, key: WalletKey): Promise<CryptoWalletRow | null> {
  const [row] = await db.query<CryptoWalletRow>(
    'select * from crypto_wallets where type = $1 and normalized_address = $2',
    [key.type, key.normalizedAddress],
  );
  return row ?? null;
}

async function insertWallet(
  db: Db,
  userId: string,
  input: WalletKey & { address: string; now: number },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `insert into crypto_wallets (id, user_id, type, address, normalized_address, verified, created_at)
     values ($1, $2, $3, $4, $5, true, $6::timestamptz) on conflict (type, normalized_address) do nothing returning id`,
    [newId(db, 'crypto-wallet'), userId, input.type, input.address, input.normalizedAddress, iso(input.now)],
  );
  return rows.length === 1;
}

/**
 * The wallet's owner, creating the user and the (verified) wallet in one transaction on its first sign-in. Of two
 * concurrent first sign-ins the unique constraint lets one insert; the other deletes the user it just made (not a
 * rollback: a caller's enclosing transaction commits) and signs in the winner's.
 */
export async function findOrCreateWalletUser(
  db: Db,
  input: WalletKey & { address: string; now: number },
): Promise<CryptoWalletRow> {
  const existing = await findWallet(db, input);
  if (existing) return existing;
  await db.transaction(async (tx) => {
    const userId = await insertUser(tx, input.now);
    if (!(await insertWallet(tx, userId, input))) await deleteNewUser(tx, userId);
  });
  const row = await findWallet(db, input);
  if (!row) throw new Error('crypto wallet vanished right after its insert');
  return row;
}

/** Adds the wallet to a signed-in user; the wallet's row (its owner may be someone else, which the caller refuses). */
export async function addWalletToUser(
  db: Db,
  userId: string,
  input: WalletKey & { address: string; now: number },
): Promise<CryptoWalletRow> {
  await insertWallet(db, userId, input);
  const row = await findWallet(db, input);
  if (!row) throw new Error('crypto wallet vanished right after its insert');
  return row;
}

export async function userWallets(db: Db, userId: string): Promise<CryptoWalletRow[]> {
  return db.query<CryptoWalletRow>('select * from crypto_wallets where user_id = $1 order by created_at, id', [userId]);
}

/** The wire shape (wire contract 2.2). */
export function toWireWallet(row: CryptoWalletRow): CryptoWallet {
  return {
    crypto_wallet_id: row.id,
    crypto_wallet_address: row.address,
    crypto_wallet_type: row.type,
    verified: row.verified,
  };
}
