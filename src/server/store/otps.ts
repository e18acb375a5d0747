import type { OtpMethod } from '../../api/otps.ts';
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface OtpCodeRow {
  id: string;
  method_id: string;
  user_id: string;
  session_id: string | null;
  delivery_method: OtpMethod;
  attempts: number;
  expires_at: Date;
}

const COLUMNS = 'id, method_id, user_id, session_id, delivery_method, attempts, expires_at';

/**
 * Stores a new code for a method and retires the method's older ones, in one transaction: only the newest code a
 * visitor was sent can be used.
 */
export async function insertOtpCode(
  db: Db,
  input: {
    methodId: string;
    userId: string;
    /** The session a send/secondary code is bound to; null for a sign-in code. */
    sessionId: string | null;
    deliveryMethod: OtpMethod;
    codeHash: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `update otp_codes set superseded_at = $2::timestamptz
       where method_id = $1 and used_at is null and superseded_at is null`,
      [input.methodId, iso(input.now)],
    );
    await tx.query(
      `insert into otp_codes (id, method_id, user_id, session_id, delivery_method, code_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz)`,
      [
        newId(tx, 'otp'),
        input.methodId,
        input.userId,
        input.sessionId,
        input.deliveryMethod,
        input.codeHash,
        iso(input.now),
        iso(input.expiresAt),
      ],
    );
  });
}

/** The live code of a method, unused (to see which session, if any, it is bound to before trying it). */
export async function findLiveOtpCode(
  db: Db,
  input: { methodId: string; now: number; maxAttempts: number },
): Promise<OtpCodeRow | null> {
  const [row] = await db.query<OtpCodeRow>(
    `select ${COLUMNS} from otp_codes
     where method_id = $1 and used_at is null and superseded_at is null and expires_at > $2::timestamptz
       and attempts < $3
     order by created_at desc limit 1`,
    [input.methodId, iso(input.now), input.maxAttempts],
  );
  return row ?? null;
}

/**
 * Uses the code up if it is the live code of this method. One conditional UPDATE is the single point of truth: of two
 * concurrent requests with the same code exactly one gets the row back, and a dead code (expired, used, superseded or
 * out of attempts) never matches, even with the right digits.
 */
export async function consumeOtpCode(
  db: Db,
  input: { methodId: string; codeHash: string; now: number; maxAttempts: number },
): Promise<OtpCodeRow | null> {
  const [row] = await db.query<OtpCodeRow>(
    `update otp_codes set used_at = $3::timestamptz
     where method_id = $1 and code_hash = $2
       and used_at is null and superseded_at is null and expires_at > $3::timestamptz and attempts < $4
     returning ${COLUMNS}`,
    [input.methodId, input.codeHash, iso(input.now), input.maxAttempts],
  );
  return row ?? null;
}

/** Counts a wrong guess against the method's live code (if any); at the limit the code is dead. */
export async function countFailedAttempt(
  db: Db,
  input: { methodId: string; now: number; maxAttempts: number },
): Promise<OtpCodeRow | null> {
  const [row] = await db.query<OtpCodeRow>(
    `update otp_codes set attempts = attempts + 1
     where method_id = $1 and used_at is null and superseded_at is null and expires_at > $2::timestamptz
       and attempts < $3
     returning ${COLUMNS}`,
    [input.methodId, iso(input.now), input.maxAttempts],
  );
  return row ?? null;
}
