// What every member second-factor call shares (services/mfa-totp.ts, mfa-sms.ts, mfa-recovery-codes.ts): who is
// calling and for which member, whether the organization allows the method, whether a new factor may be added, and
// how a proven factor ends (a member session from the intermediate session, or one more factor on the live session).
import type { MemberAuthenticationFactor, OrganizationMfaMethod } from '../../api/organizations.ts';
import type { Deps } from '../context.ts';
import { type ApiError, Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { MemberCodeAuthenticateInput } from '../routes/mfa.schemas.ts';
import { hashToken } from '../security/tokens.ts';
import { peekIntermediateSession } from '../store/intermediate-sessions.ts';
import { appendMemberSessionFactor, recordMemberMfa } from '../store/member-mfa.ts';
import { findActiveMemberSession } from '../store/member-sessions.ts';
import { findMemberById, type MemberRow } from '../store/members.ts';
import { findOrganizationById, type OrganizationRow } from '../store/organizations.ts';
import { reserveAuthAttempt } from './client-limits.ts';
import { checkMemberUnderLock, type WRONG_SECRET } from './lockout.ts';
import { finishSecondFactor, memberSessionPayload, type MemberAuthenticatePayload } from './member-auth.ts';
import { minutesToMs } from './sessions.ts';

/**
 * The member a call acts on and what lets it: before MFA, the intermediate session of its first factor (bound to that
 * organization and member); after, the member's own live session (Basic auth).
 */
export interface MfaCaller {
  organization: OrganizationRow;
  member: MemberRow;
  /** Set when the call rides on the first factor's intermediate session (read, not yet used up). */
  intermediateTokenHash: string | null;
  /** Set when the call rides on a member session. */
  sessionTokenHash: string | null;
}

/** The fields every member MFA request names. */
export interface MfaTarget {
  organization_id: string;
  member_id: string;
  intermediate_session_token?: string | undefined;
}

/**
 * Who may act on `target`'s second factors. An intermediate session token in the body wins (the hosted SDK sends it
 * whenever it holds one): it must be live and bound to exactly this organization and member. Otherwise the caller's
 * member session must be that member's. Neither → 401.
 */
export async function mfaCaller(deps: Deps, meta: RequestMeta, target: MfaTarget): Promise<MfaCaller> {
  const now = deps.config.now();
  let intermediateTokenHash: string | null = null;
  let sessionTokenHash: string | null = null;
  if (target.intermediate_session_token) {
    intermediateTokenHash = hashToken(target.intermediate_session_token);
    const intermediate = await peekIntermediateSession(deps.db, intermediateTokenHash, now);
    if (!intermediate) throw Errors.intermediateSessionNotFound();
    if (intermediate.organization_id !== target.organization_id || intermediate.member_id !== target.member_id) {
      throw Errors.intermediateSessionOfOtherMember();
    }
  } else if (meta.sessionToken) {
    sessionTokenHash = hashToken(meta.sessionToken);
    const session = await findActiveMemberSession(deps.db, sessionTokenHash, now);
    if (!session) throw Errors.sessionNotFound();
    if (session.organizationId !== target.organization_id || session.memberId !== target.member_id) {
      throw Errors.memberSessionOfOtherMember();
    }
  } else {
    throw Errors.mfaNeedsIntermediateSession();
  }
  const [organization, member] = await Promise.all([
    findOrganizationById(deps.db, target.organization_id),
    findMemberById(deps.db, target.member_id),
  ]);
  if (!organization) throw Errors.organizationNotFound();
  if (!member || member.organization_id !== organization.id || member.status === 'deleted') {
    throw Errors.memberNotFound();
  }
  return { organization, member, intermediateTokenHash, sessionTokenHash };
}

/**
 * Checks a secret of the member `target` names (a TOTP code, an SMS passcode, a recovery code) for `method`: the caller
 * may act on that member, the organization allows the method, and `check` runs on one reserved attempt of the
 * client's IP and of the member (services/lockout.ts), so parallel guesses cannot outrun either limit. `check` answers
 * WRONG_SECRET for a wrong secret (which `wrong()` reports, or the lock once the member reaches its limit).
 */
export async function checkMemberSecret<T>(
  deps: Deps,
  meta: RequestMeta,
  input: { target: MfaTarget; method: OrganizationMfaMethod; wrong: () => ApiError },
  check: (caller: MfaCaller, now: number) => Promise<T | typeof WRONG_SECRET>,
): Promise<T> {
  const caller = await mfaCaller(deps, meta, input.target);
  requireMfaMethod(caller.organization, input.method);
  const now = deps.config.now();
  const attempt = await reserveAuthAttempt(deps, meta);
  const result = await checkMemberUnderLock(deps, caller.member.id, () => check(caller, now), input.wrong);
  await attempt.release();
  return result;
}

/** The organization's `mfa_methods`: with RESTRICTED, only its `allowed_mfa_methods` may be used or enrolled. */
export function mfaMethodAllowed(organization: OrganizationRow, method: OrganizationMfaMethod): boolean {
  return organization.mfa_methods !== 'RESTRICTED' || organization.allowed_mfa_methods.includes(method);
}

/** Refuses a method the organization does not allow (mfaMethodAllowed). */
export function requireMfaMethod(organization: OrganizationRow, method: OrganizationMfaMethod): void {
  if (!mfaMethodAllowed(organization, method)) throw Errors.mfaMethodNotAllowed(method);
}

/** Whether the member has proven a second factor: a confirmed authenticator app or a proven phone number. */
export function hasSecondFactor(member: MemberRow): boolean {
  return member.totp_registration_id !== '' || (member.mfa_phone_number !== '' && member.mfa_phone_number_verified);
}

/**
 * A new second factor (a registration, a number) may be added by the member's own session, or on the first factor
 * alone while the member has none: otherwise whoever holds the first factor (a stolen mailbox) could enroll their own
 * factor and pass MFA without the member's.
 */
export function requireNewFactorAllowed(caller: MfaCaller): void {
  if (caller.intermediateTokenHash !== null && hasSecondFactor(caller.member)) throw Errors.mfaEnrollmentNeedsSession();
}

/**
 * A proven TOTP code or SMS passcode, inside the caller's transaction: what it changes on the member, then the end of
 * MFA (finishMfaFactor). `set_mfa_enrollment` as asked (an organization that requires MFA enrolls whoever proves a
 * factor, as the hosted provider does); the default method when asked (`set_default_mfa`) or still unset.
 */
export async function finishCodeFactor(
  deps: Deps,
  meta: RequestMeta,
  caller: MfaCaller,
  input: { method: OrganizationMfaMethod; request: MemberCodeAuthenticateInput; factor: MemberAuthenticationFactor },
): Promise<MemberAuthenticatePayload> {
  const { request } = input;
  const requiredForAll = caller.organization.mfa_policy === 'REQUIRED_FOR_ALL';
  const change = request.set_mfa_enrollment;
  await recordMemberMfa(deps.db, {
    memberId: caller.member.id,
    enrolled: change === 'enroll' ? true : change === 'unenroll' ? false : requiredForAll ? true : null,
    method: input.method,
    makeDefault: request.set_default_mfa === true,
  });
  return finishMfaFactor(deps, meta, caller, {
    factor: input.factor,
    sessionDurationMinutes: request.session_duration_minutes,
  });
}

/**
 * The end of a proven second factor, inside the caller's transaction (`deps.db` is it), so a refusal here rolls back
 * the code it used: on an intermediate session, that session is used up (once; a parallel second use fails) for a
 * member session with its factors plus this one; on a member session, the factor joins that session.
 */
export async function finishMfaFactor(
  deps: Deps,
  meta: RequestMeta,
  caller: MfaCaller,
  input: { factor: MemberAuthenticationFactor; sessionDurationMinutes: number },
): Promise<MemberAuthenticatePayload> {
  const expect = { organizationId: caller.organization.id, memberId: caller.member.id };
  if (caller.intermediateTokenHash !== null) {
    return finishSecondFactor(deps, meta, {
      intermediate: { tokenHash: caller.intermediateTokenHash },
      factor: input.factor,
      sessionDurationMinutes: input.sessionDurationMinutes,
      expect,
    });
  }
  const now = deps.config.now();
  const tokenHash = caller.sessionTokenHash ?? '';
  const session = await appendMemberSessionFactor(deps.db, {
    tokenHash,
    factor: input.factor,
    now,
    expiresAt: now + minutesToMs(input.sessionDurationMinutes),
  });
  if (!session) throw Errors.sessionNotFound();
  const member = await findMemberById(deps.db, caller.member.id);
  if (!member) throw Errors.memberNotFound();
  return {
    ...(await memberSessionPayload(deps, caller.organization, member, session, meta.sessionToken ?? '')),
    member_authenticated: true,
    intermediate_session_token: '',
    mfa_required: null,
    primary_required: null,
  };
}
