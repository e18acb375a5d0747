// Organization members' SMS passcodes: send one (to the member's proven number, or while the member has none to the
// number it names, which stays on the passcode's row), send one unasked when a sign-in leaves MFA due and SMS is the
// member's way through it, and authenticate it, which attaches that number to the member only now that the passcode
// proved it, and ends MFA. Limits: the consumer passcodes' (per number, per IP, per code, and the member lock).
import type { MemberSmsSendResponse } from '../../api/mfa.ts';
import type { MemberAuthenticationFactor } from '../../api/organizations.ts';
import { MEMBER_SMS_CODE_EXPIRATION_MINUTES } from '../constants/member-mfa.ts';
import { OTP_MAX_ATTEMPTS_PER_CODE } from '../constants/passcodes.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { deliveryLocale } from '../i18n/delivery-locale.ts';
import type { MemberCodeAuthenticateInput, MemberSmsSendInput } from '../routes/mfa.schemas.ts';
import { hashOtpCode, newOtpCode, OTP_CODE_PATTERN } from '../security/otp-codes.ts';
import { attachMfaPhoneNumber, mfaPhoneNumberTaken } from '../store/member-mfa.ts';
import {
  consumeMemberSmsCode,
  countFailedMemberSmsAttempt,
  findLiveMemberSmsCode,
  insertMemberSmsCode,
} from '../store/member-sms-codes.ts';
import { findMemberById, type MemberRow } from '../store/members.ts';
import { findOrganizationById, type OrganizationRow } from '../store/organizations.ts';
import { otpMessage } from '../views/otp-message.ts';
import { limitSendFrom } from './client-limits.ts';
import { WRONG_SECRET } from './lockout.ts';
import { deliver } from './mailer.ts';
import { memberAndOrganization, type MemberAuthenticatePayload } from './member-auth.ts';
import {
  checkMemberSecret,
  finishCodeFactor,
  mfaCaller,
  mfaMethodAllowed,
  requireMfaMethod,
  requireNewFactorAllowed,
  type MfaCaller,
} from './mfa.ts';
import { minutesToMs } from './sessions.ts';

type SendPayload = Omit<MemberSmsSendResponse, 'request_id' | 'status_code'>;

/** What a passcode's digest is bound to: this member and this number (the HMAC key is the consumer passcodes'). */
function codeBinding(memberId: string, phoneNumber: string): string {
  return `${memberId}:${phoneNumber}`;
}

/** The member's proven MFA number, or null. */
function provenNumber(member: MemberRow): string | null {
  return member.mfa_phone_number !== '' && member.mfa_phone_number_verified ? member.mfa_phone_number : null;
}

/**
 * POST /b2b/otps/sms/send. To the member's proven number (a different `mfa_phone_number` is refused), or, while it
 * has none, to `mfa_phone_number`, which another member of the organization must not have. The text names the
 * project, never the organization: an organization's name is chosen by whoever created it. Sending again retires
 * the member's older passcode.
 */
export async function sendMemberSms(deps: Deps, meta: RequestMeta, input: MemberSmsSendInput): Promise<SendPayload> {
  const caller = await mfaCaller(deps, meta, input);
  const { organization, member } = caller;
  requireMfaMethod(organization, 'sms_otp');
  const proven = provenNumber(member);
  if (proven && input.mfa_phone_number !== undefined && input.mfa_phone_number !== proven) {
    throw Errors.mfaPhoneNumberMismatch();
  }
  const phoneNumber = proven ?? input.mfa_phone_number;
  if (phoneNumber === undefined) throw Errors.invalidRequest('fieldRequired', { field: 'mfa_phone_number' });
  if (!proven) requireNewFactorAllowed(caller);

  await sendMemberSmsCode(deps, meta, { organization, member, phoneNumber, locale: input.locale });
  return memberAndOrganization(deps.db, organization, member);
}

/**
 * After a sign-in's transaction has committed (organization email link, SSO, discovery exchange or create): when its
 * answer leaves MFA due and the member goes through it by SMS (smsFirstNumber), the passcode is sent now and the
 * answer says so (`secondary_auth_initiated: 'sms_otp'`), as the hosted provider does. Not inside that transaction:
 * the send limits write through the main database handle. A send limit that refuses leaves the field null; the member
 * can still ask for a passcode.
 */
export async function startSecondaryAuth<T extends MemberAuthenticatePayload>(
  deps: Deps,
  meta: RequestMeta,
  payload: T,
  locale: string | undefined,
): Promise<T> {
  const { mfa_required: mfaRequired } = payload;
  if (!mfaRequired || payload.intermediate_session_token === '') return payload;
  const [organization, member] = await Promise.all([
    findOrganizationById(deps.db, payload.organization_id),
    findMemberById(deps.db, payload.member_id),
  ]);
  if (!organization || !member || member.status === 'deleted') return payload;
  const phoneNumber = smsFirstNumber(organization, member);
  if (phoneNumber === null) return payload;
  try {
    await sendMemberSmsCode(deps, meta, { organization, member, phoneNumber, locale });
  } catch {
    // The first factor is done and committed: a send refused by a limit, or a delivery that failed, leaves the field
    // null rather than failing the sign-in, and the SMS screen lets the member ask for a code.
    return payload;
  }
  return { ...payload, mfa_required: { ...mfaRequired, secondary_auth_initiated: 'sms_otp' } };
}

/**
 * The number a passcode goes to unasked: the member's proven number, when SMS is the member's default method (or the
 * only one enrolled: no authenticator app) and the organization allows SMS; otherwise null.
 */
function smsFirstNumber(organization: OrganizationRow, member: MemberRow): string | null {
  const proven = provenNumber(member);
  if (!proven || !mfaMethodAllowed(organization, 'sms_otp')) return null;
  const smsPreferred = member.default_mfa_method === 'sms_otp' || member.totp_registration_id === '';
  return smsPreferred ? proven : null;
}

/**
 * Sends the member a passcode at `phoneNumber`, under the send limits (per IP, per number), unless another member of
 * the organization has the number.
 */
async function sendMemberSmsCode(
  deps: Deps,
  meta: RequestMeta,
  input: { organization: OrganizationRow; member: MemberRow; phoneNumber: string; locale: string | undefined },
): Promise<void> {
  const { organization, member, phoneNumber } = input;
  // The limits come before the duplicate check, so the answer cannot be used to probe many numbers.
  await limitSendFrom(deps, meta);
  await deps.limits.otpSend.take(`phone:${phoneNumber}`, deps.config.now());
  const target = { memberId: member.id, organizationId: organization.id, phoneNumber };
  if (await mfaPhoneNumberTaken(deps.db, target)) throw Errors.duplicateMemberPhoneNumber();

  const locale = deliveryLocale(input.locale, meta);
  // One transaction, delivery last: a message that cannot be sent leaves no passcode behind.
  await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const code = newOtpCode();
    await insertMemberSmsCode(tx, {
      ...target,
      codeHash: hashOtpCode(deps.secrets.otpHmacKey, codeBinding(member.id, phoneNumber), code),
      now,
      expiresAt: now + minutesToMs(MEMBER_SMS_CODE_EXPIRATION_MINUTES),
    });
    const content = otpMessage({
      locale,
      channel: 'sms',
      projectName: deps.config.projectName,
      purpose: 'login',
      code,
      expiresInMinutes: MEMBER_SMS_CODE_EXPIRATION_MINUTES,
    });
    await deliver(
      { ...deps, db: tx },
      { channel: 'sms', to: phoneNumber, from: deps.config.projectName, links: [], ...content },
    );
  });
}

/**
 * POST /b2b/otps/sms/authenticate. The code is checked against the member's live passcode only, on a reserved attempt
 * of the member and of the client's IP. A wrong code counts against that passcode (dead after
 * OTP_MAX_ATTEMPTS_PER_CODE) and the member (locked at the user lock's limit). A right one attaches its number to the
 * member (refused if another member of the organization proved it first) and ends MFA, in one transaction.
 */
export async function authenticateMemberSms(
  deps: Deps,
  meta: RequestMeta,
  input: MemberCodeAuthenticateInput,
): Promise<MemberAuthenticatePayload> {
  if (!OTP_CODE_PATTERN.test(input.code)) throw Errors.invalidCode();
  const maxAttempts = OTP_MAX_ATTEMPTS_PER_CODE;
  const secret = { target: input, method: 'sms_otp' as const, wrong: Errors.otpCodeNotFound };
  return checkMemberSecret(deps, meta, secret, async (caller, now) => {
    const memberId = caller.member.id;
    const outcome = await deps.db.transaction(async (tx) => {
      const live = await findLiveMemberSmsCode(tx, { memberId, now, maxAttempts });
      if (!live) return WRONG_SECRET;
      const codeHash = hashOtpCode(deps.secrets.otpHmacKey, codeBinding(memberId, live.phone_number), input.code);
      if (!(await consumeMemberSmsCode(tx, { codeId: live.id, codeHash, now, maxAttempts }))) return WRONG_SECRET;
      return provePhoneNumber({ ...deps, db: tx }, meta, caller, input, live.phone_number);
    });
    // Outside the transaction above, so the failure is recorded even though the request fails.
    if (outcome === WRONG_SECRET) await countFailedMemberSmsAttempt(deps.db, { memberId, now, maxAttempts });
    return outcome;
  });
}

/** The passcode was right: the number joins the member (unless another member has it) and MFA ends. */
async function provePhoneNumber(
  deps: Deps,
  meta: RequestMeta,
  caller: MfaCaller,
  input: MemberCodeAuthenticateInput,
  phoneNumber: string,
): Promise<MemberAuthenticatePayload> {
  const { member, organization } = caller;
  if (phoneNumber !== provenNumber(member)) requireNewFactorAllowed(caller);
  const target = { memberId: member.id, organizationId: organization.id, phoneNumber };
  if (!(await attachMfaPhoneNumber(deps.db, target))) throw Errors.duplicateMemberPhoneNumber();
  const factor: MemberAuthenticationFactor = {
    type: 'otp',
    delivery_method: 'sms',
    sequence_order: 'SECONDARY',
    last_authenticated_at: new Date(deps.config.now()).toISOString(),
    // The member's number has no record of its own here: the member is what it belongs to.
    phone_number_factor: { phone_id: member.id, phone_number: phoneNumber },
  };
  return finishCodeFactor(deps, meta, caller, { method: 'sms_otp', request: input, factor });
}
