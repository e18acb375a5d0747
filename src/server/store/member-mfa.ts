// What a proven second factor changes on the member (members' MFA columns, migration 015) and on a live member
// session: its phone number, its authenticator app, whether it is enrolled in MFA, its default method, and the
// session's factors. Nothing here is written before the factor has been proven in the same transaction
// (services/mfa.ts).
import type { MemberAuthenticationFactor, OrganizationMfaMethod } from '../../api/organizations.ts';
import type { Db } from '../db/db.ts';
import { touchMemberSession, type ActiveMemberSession } from './member-sessions.ts';
import { iso } from './time.ts';

/** PostgreSQL's unique_violation: the partial unique index on (organization_id, mfa_phone_number) refused a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * Attaches the proven number to the member. False when another member of the organization already has it: the plain
 * check answers the common case, and the unique index decides between two members proving one number at once (the
 * later one's statement fails, which also aborts its transaction; its caller answers with an error, rolling back).
 */
export async function attachMfaPhoneNumber(
  db: Db,
  input: { memberId: string; organizationId: string; phoneNumber: string },
): Promise<boolean> {
  try {
    const rows = await db.query<{ id: string }>(
      `update members set mfa_phone_number = $3, mfa_phone_number_verified = true
       where id = $1 and not exists (select 1 from members other
         where other.organization_id = $2 and other.mfa_phone_number = $3 and other.id <> $1)
       returning id`,
      [input.memberId, input.organizationId, input.phoneNumber],
    );
    return rows.length === 1;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/** Another member of the organization whose (proven) MFA number this is, if any: asked before a passcode is sent. */
export async function mfaPhoneNumberTaken(
  db: Db,
  input: { memberId: string; organizationId: string; phoneNumber: string },
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from members where organization_id = $1 and mfa_phone_number = $2 and id <> $3 limit 1',
    [input.organizationId, input.phoneNumber, input.memberId],
  );
  return rows.length > 0;
}

/** Records the member's confirmed authenticator app (members.totp_registration_id, which the wire's Member shows). */
export async function setMemberTotpRegistration(db: Db, memberId: string, totpId: string): Promise<void> {
  await db.query('update members set totp_registration_id = $2 where id = $1', [memberId, totpId]);
}

/**
 * After a second factor was proven: `enrolled` (true, false, or null to leave it) and the default method, which is
 * set when asked (`set_default_mfa`) or when the member has none yet (its first proven factor).
 */
export async function recordMemberMfa(
  db: Db,
  input: { memberId: string; enrolled: boolean | null; method: OrganizationMfaMethod; makeDefault: boolean },
): Promise<void> {
  await db.query(
    `update members set mfa_enrolled = coalesce($2, mfa_enrolled),
       default_mfa_method = case when $3 or default_mfa_method = '' then $4 else default_mfa_method end
     where id = $1`,
    [input.memberId, input.enrolled, input.makeDefault, input.method],
  );
}

/**
 * A second factor proven on a live member session (step-up, or enrolling after signing in) joins that session's
 * factors, and the session takes the asked length from now. Null when the session is no longer live.
 */
export async function appendMemberSessionFactor(
  db: Db,
  input: { tokenHash: string; factor: MemberAuthenticationFactor; now: number; expiresAt: number },
): Promise<ActiveMemberSession | null> {
  const rows = await db.query(
    `update member_sessions set factors = factors || $2::jsonb
     where token_hash = $1 and revoked_at is null and expires_at > $3::timestamptz returning id`,
    [input.tokenHash, JSON.stringify([input.factor]), iso(input.now)],
  );
  if (rows.length === 0) return null;
  return touchMemberSession(db, input.tokenHash, input.now, input.expiresAt);
}
