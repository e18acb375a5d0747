// SMS passcodes of organization members (migration 017), kept as the consumer's passcodes are (store/otps.ts): a
// digest, an expiry, an attempt count, and one conditional UPDATE that uses a code once. The number a code was sent to
// lives on its row; the member gets it only when the code is used (services/mfa-sms.ts).
import type { Db } from '../db/db.ts';
import { newId } from '../ids.ts';
import { iso } from './time.ts';

export interface MemberSmsCodeRow {
  id: string;
  member_id: string;
  organization_id: string;
  phone_number: string;
  attempts: number;
  expires_at: Date;
}

const COLUMNS = 'id, member_id, organization_id, phone_number, attempts, expires_at';
/** A code that can still be used: not used, not replaced by a newer one, not expired, not out of attempts. */
const LIVE = 'used_at is null and superseded_at is null and expires_at > $2::timestamptz and attempts < $3';

/** Stores a new code for the member and retires the member's older ones, in one transaction: only the newest works. */
export async function insertMemberSmsCode(
  db: Db,
  input: {
    memberId: string;
    organizationId: string;
    phoneNumber: string;
    codeHash: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `update member_sms_codes set superseded_at = $2::timestamptz
       where member_id = $1 and used_at is null and superseded_at is null`,
      [input.memberId, iso(input.now)],
    );
    await tx.query(
      `insert into member_sms_codes (id, member_id, organization_id, phone_number, code_hash, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6::timestamptz, $7::timestamptz)`,
      [
        newId(tx, 'member-sms-code'),
        input.memberId,
        input.organizationId,
        input.phoneNumber,
        input.codeHash,
        iso(input.now),
        iso(input.expiresAt),
      ],
    );
  });
}

/** The member's live code (to learn the number it was sent to, which its digest is bound to), or null. */
export async function findLiveMemberSmsCode(
  db: Db,
  input: { memberId: string; now: number; maxAttempts: number },
): Promise<MemberSmsCodeRow | null> {
  const [row] = await db.query<MemberSmsCodeRow>(
    `select ${COLUMNS} from member_sms_codes where member_id = $1 and ${LIVE} order by created_at desc limit 1`,
    [input.memberId, iso(input.now), input.maxAttempts],
  );
  return row ?? null;
}

/**
 * Uses the code up if it is this live code with this digest. One conditional UPDATE decides: of concurrent requests
 * with the same code exactly one gets the row back, and a dead code never matches, even with the right digits.
 */
export async function consumeMemberSmsCode(
  db: Db,
  input: { codeId: string; codeHash: string; now: number; maxAttempts: number },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update member_sms_codes set used_at = $2::timestamptz
     where id = $1 and code_hash = $4 and ${LIVE} returning id`,
    [input.codeId, iso(input.now), input.maxAttempts, input.codeHash],
  );
  return rows.length === 1;
}

/** Counts a wrong guess against the member's live code (if any); at the limit the code is dead. */
export async function countFailedMemberSmsAttempt(
  db: Db,
  input: { memberId: string; now: number; maxAttempts: number },
): Promise<void> {
  await db.query(`update member_sms_codes set attempts = attempts + 1 where member_id = $1 and ${LIVE}`, [
    input.memberId,
    iso(input.now),
    input.maxAttempts,
  ]);
}
