// Organization members' authenticator apps: create a registration (its secret, a QR code of the key URI, and ten
// recovery codes shown this once) and authenticate a code (once per time step, under the member lock and the per-IP
// failure budget), which confirms the registration and ends MFA. Seeds are sealed as the consumer's are.
import QRCode from 'qrcode';
import type { MemberTotpCreateResponse } from '../../api/mfa.ts';
import type { MemberAuthenticationFactor } from '../../api/organizations.ts';
import { MEMBER_TOTP_EXPIRATION_MINUTES_DEFAULT } from '../constants/member-mfa.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { MemberCodeAuthenticateInput, MemberTotpCreateInput } from '../routes/mfa.schemas.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../security/recovery-codes.ts';
import { keyUri, matchingStep, newTotpSecret, TOTP_CODE_PATTERN } from '../security/totp.ts';
import { setMemberTotpRegistration } from '../store/member-mfa.ts';
import {
  claimMemberTotpStep,
  insertMemberTotp,
  openMemberTotpSecret,
  usableMemberTotps,
} from '../store/member-totps.ts';
import { WRONG_SECRET } from './lockout.ts';
import { memberAndOrganization, type MemberAuthenticatePayload } from './member-auth.ts';
import { checkMemberSecret, finishCodeFactor, mfaCaller, requireMfaMethod, requireNewFactorAllowed } from './mfa.ts';
import { minutesToMs } from './sessions.ts';

type CreatePayload = Omit<MemberTotpCreateResponse, 'request_id' | 'status_code'>;

/**
 * POST /b2b/totp: a new registration for the member, unconfirmed until its first code; it replaces an earlier
 * unconfirmed one. Refused when the member already has a confirmed app, or (on the first factor alone) any second
 * factor. The authenticator app shows `issuer` above `account`: the project, then the address and organization.
 */
export async function createMemberTotp(
  deps: Deps,
  meta: RequestMeta,
  input: MemberTotpCreateInput,
): Promise<CreatePayload> {
  const caller = await mfaCaller(deps, meta, input);
  const { organization, member } = caller;
  requireMfaMethod(organization, 'totp');
  if (member.totp_registration_id !== '') throw Errors.memberTotpExists();
  requireNewFactorAllowed(caller);
  const now = deps.config.now();
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const totpId = await insertMemberTotp(deps.db, deps.secrets, {
    memberId: member.id,
    organizationId: organization.id,
    secret,
    codeHashes: recoveryCodes.map(hashRecoveryCode),
    now,
    expiresAt: now + minutesToMs(input.expiration_minutes ?? MEMBER_TOTP_EXPIRATION_MINUTES_DEFAULT),
  });
  // A registration confirmed by a parallel request since the member was read.
  if (totpId === null) throw Errors.memberTotpExists();
  const uri = keyUri({
    issuer: deps.config.projectName,
    account: `${member.email} (${organization.slug})`,
    secret,
  });
  return {
    ...(await memberAndOrganization(deps.db, organization, member)),
    totp_registration_id: totpId,
    secret,
    qr_code: await QRCode.toDataURL(uri),
    recovery_codes: recoveryCodes,
  };
}

/**
 * POST /b2b/totp/authenticate. The code must match a usable registration of the member within one step either side
 * of now, and each step is accepted once (one atomic update on the last used step). The check runs on a reserved
 * attempt of the member (services/lockout.ts) and of the client's IP, so parallel guesses cannot outrun either limit.
 * A right code confirms the registration and ends MFA in one transaction: if the intermediate session was used
 * meanwhile, the step is not spent.
 */
export async function authenticateMemberTotp(
  deps: Deps,
  meta: RequestMeta,
  input: MemberCodeAuthenticateInput,
): Promise<MemberAuthenticatePayload> {
  if (!TOTP_CODE_PATTERN.test(input.code)) throw Errors.invalidCode();
  const secret = { target: input, method: 'totp' as const, wrong: Errors.totpCodeWrong };
  return checkMemberSecret(deps, meta, secret, async (caller, now) => {
    const memberId = caller.member.id;
    const totps = await usableMemberTotps(deps.db, memberId, now);
    if (totps.length === 0) throw Errors.memberTotpNotFound();
    for (const totp of totps) {
      const step = matchingStep(openMemberTotpSecret(deps.secrets, totp), input.code, now);
      if (step === null) continue;
      // Confirming a registration adds a factor: on the first factor alone, only while the member has none.
      if (!totp.verified) requireNewFactorAllowed(caller);
      return deps.db.transaction(async (tx) => {
        if (!(await claimMemberTotpStep(tx, { totpId: totp.id, step, now }))) throw Errors.totpCodeAlreadyUsed();
        await setMemberTotpRegistration(tx, memberId, totp.id);
        const factor: MemberAuthenticationFactor = {
          type: 'totp',
          delivery_method: 'authenticator_app',
          sequence_order: 'SECONDARY',
          last_authenticated_at: new Date(now).toISOString(),
          authenticator_app_factor: { totp_id: totp.id },
        };
        return finishCodeFactor({ ...deps, db: tx }, meta, caller, { method: 'totp', request: input, factor });
      });
    }
    return WRONG_SECRET;
  });
}
