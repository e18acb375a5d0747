// Organization members' recovery codes: made with an authenticator-app registration (services/mfa-totp.ts), shown
// once, kept as digests. Recover spends one in place of the app's code (each works once, under the member lock);
// rotate replaces the set; get can only say how many are left, since no code is kept to show again.
import type {
  RecoveryCodeGetResponse,
  RecoveryCodeRecoverResponse,
  RecoveryCodeRotateResponse,
} from '../../api/mfa.ts';
import type { MemberAuthenticationFactor } from '../../api/organizations.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { RecoveryCodeRecoverInput } from '../routes/mfa.schemas.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../security/recovery-codes.ts';
import {
  consumeMemberRecoveryCode,
  replaceMemberRecoveryCodes,
  unusedMemberRecoveryCodes,
  verifiedMemberTotp,
} from '../store/member-totps.ts';
import type { ActiveMemberSession } from '../store/member-sessions.ts';
import { WRONG_SECRET } from './lockout.ts';
import { checkMemberSecret, finishMfaFactor } from './mfa.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/**
 * POST /b2b/recovery_codes/recover: one of the member's unused codes of its confirmed registration ends MFA. The code
 * is spent in the same transaction that uses the intermediate session up, so of parallel uses of one code (or of one
 * intermediate session) exactly one succeeds, and a failure after the code matched leaves it unspent.
 */
export async function recoverMember(
  deps: Deps,
  meta: RequestMeta,
  input: RecoveryCodeRecoverInput,
): Promise<Payload<RecoveryCodeRecoverResponse>> {
  // Recovery codes stand in for the authenticator app, so they work only where the app would.
  const secret = { target: input, method: 'totp' as const, wrong: Errors.recoveryCodeNotFound };
  return checkMemberSecret(deps, meta, secret, (caller, now) =>
    deps.db.transaction(async (tx) => {
      const memberId = caller.member.id;
      const codeHash = hashRecoveryCode(input.recovery_code);
      const usedId = await consumeMemberRecoveryCode(tx, { memberId, codeHash, now });
      if (usedId === null) return WRONG_SECRET;
      const factor: MemberAuthenticationFactor = {
        type: 'recovery_code',
        delivery_method: 'recovery_code',
        sequence_order: 'SECONDARY',
        last_authenticated_at: new Date(now).toISOString(),
        recovery_code_factor: { totp_recovery_code_id: usedId },
      };
      const finished = await finishMfaFactor({ ...deps, db: tx }, meta, caller, {
        factor,
        sessionDurationMinutes: input.session_duration_minutes,
      });
      return { ...finished, recovery_codes_remaining: await unusedMemberRecoveryCodes(tx, memberId) };
    }),
  );
}

/** GET /b2b/recovery_codes (member session): no code can be shown again; how many of them still work. */
export async function getMemberRecoveryCodes(
  deps: Deps,
  session: ActiveMemberSession,
): Promise<Payload<RecoveryCodeGetResponse>> {
  if (!(await verifiedMemberTotp(deps.db, session.memberId))) throw Errors.memberTotpNotFound();
  return {
    member_id: session.memberId,
    recovery_codes: [],
    recovery_codes_remaining: await unusedMemberRecoveryCodes(deps.db, session.memberId),
  };
}

/** POST /b2b/recovery_codes/rotate (member session): a new set for the confirmed registration, shown this once. */
export async function rotateMemberRecoveryCodes(
  deps: Deps,
  session: ActiveMemberSession,
): Promise<Payload<RecoveryCodeRotateResponse>> {
  const totp = await verifiedMemberTotp(deps.db, session.memberId);
  if (!totp) throw Errors.memberTotpNotFound();
  const codes = newRecoveryCodes();
  const replaced = await replaceMemberRecoveryCodes(deps.db, {
    totpId: totp.id,
    memberId: session.memberId,
    codeHashes: codes.map(hashRecoveryCode),
    now: deps.config.now(),
  });
  if (!replaced) throw Errors.memberTotpNotFound();
  return { member_id: session.memberId, recovery_codes: codes };
}
