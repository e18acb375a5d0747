// How a member's factors end: in a member session, or, while the organization still wants a factor (MFA, or a primary
// factor it accepts), in an intermediate session bound to the organization and member. Every B2B sign-in path (email
// links and passcodes, discovery exchange and create, SSO, MFA) ends through finishPrimaryFactor or finishSecondFactor.
import type {
  MemberAuthenticateResponse,
  MemberAuthenticationFactor,
  MemberSession,
  MfaRequired,
  OrganizationAuthMethod,
  PrimaryRequired,
} from '../../api/organizations.ts';
import { INTERMEDIATE_SESSION_LIFETIME_MS } from '../constants/organizations.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import {
  claimIntermediateSession,
  insertIntermediateSession,
  peekIntermediateSession,
  type IntermediateSessionRow,
} from '../store/intermediate-sessions.ts';
import { createMemberSession, type ActiveMemberSession } from '../store/member-sessions.ts';
import { findMemberById, markMemberEmailVerified, memberRoleIds, type MemberRow } from '../store/members.ts';
import { findOrganizationById, type OrganizationRow } from '../store/organizations.ts';
import { wireMember, wireOrganization } from './organization-wire.ts';
import { issueMemberSessionJwt } from './session-jwt.ts';
import { minutesToMs } from './sessions.ts';

export type MemberAuthenticatePayload = Omit<MemberAuthenticateResponse, 'request_id' | 'status_code'>;

/** MFA is due when the organization requires it of everyone, or the member turned it on for themself. */
export function memberNeedsMfa(organization: OrganizationRow, member: MemberRow): boolean {
  return organization.mfa_policy === 'REQUIRED_FOR_ALL' || member.mfa_enrolled;
}

/** What the member can finish MFA with; null options when nothing is enrolled yet (the member must enroll first). */
export function mfaRequiredFor(member: MemberRow): MfaRequired {
  const hasPhone = member.mfa_phone_number !== '' && member.mfa_phone_number_verified;
  const hasTotp = member.totp_registration_id !== '';
  return {
    member_options:
      hasPhone || hasTotp
        ? {
            mfa_phone_number: hasPhone ? member.mfa_phone_number : '',
            totp_registration_id: member.totp_registration_id,
          }
        : null,
    secondary_auth_initiated: null,
  };
}

/** The organization auth method a primary factor is (magic link, email passcode, SSO); null for a second factor. */
export function authMethodOf(factor: MemberAuthenticationFactor): OrganizationAuthMethod | null {
  if (factor.sequence_order !== 'PRIMARY') return null;
  if (factor.delivery_method === 'email') return factor.type === 'otp' ? 'email_otp' : 'magic_link';
  if (factor.delivery_method === 'sso_saml' || factor.delivery_method === 'sso_oidc') return 'sso';
  return null;
}

/**
 * Null when the organization accepts one of these primary factors (any, unless its auth methods are restricted);
 * otherwise the methods it would accept, which the member must use before anything else counts.
 */
export function primaryRequiredFor(
  organization: OrganizationRow,
  factors: readonly MemberAuthenticationFactor[],
): PrimaryRequired | null {
  if (organization.auth_methods !== 'RESTRICTED') return null;
  const allowed = organization.allowed_auth_methods;
  const accepted = factors.some((factor) => {
    const method = authMethodOf(factor);
    return method !== null && allowed.includes(method);
  });
  return accepted ? null : { allowed_auth_methods: [...allowed] };
}

/**
 * After a primary factor (an email link or passcode, an SSO assertion, a discovery exchange or create): a member
 * session when nothing else is due; otherwise a new intermediate session bound to the organization and member
 * (INTERMEDIATE_SESSION_LIFETIME_MS) holding the factors so far, with `mfa_required` or `primary_required` saying what
 * is missing. `emailProven`: the factor proved the member's address (it is marked verified in the same transaction).
 * `secondary_auth_initiated` stays null here: the caller runs startSecondaryAuth (mfa-sms.ts) once its transaction
 * has committed, which may send the SMS passcode.
 */
export async function finishPrimaryFactor(
  deps: Deps,
  meta: RequestMeta,
  input: {
    organization: OrganizationRow;
    member: MemberRow;
    factor: MemberAuthenticationFactor;
    sessionDurationMinutes: number;
    priorFactors?: readonly MemberAuthenticationFactor[];
    emailProven?: boolean;
  },
): Promise<MemberAuthenticatePayload> {
  const { organization } = input;
  if (input.member.status === 'deleted') throw Errors.memberNotFound();
  return deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const member = (input.emailProven ? await markMemberEmailVerified(tx, input.member.id, now) : null) ?? input.member;
    const factors = [...(input.priorFactors ?? []), input.factor];
    const primaryRequired = primaryRequiredFor(organization, factors);
    if (primaryRequired || memberNeedsMfa(organization, member)) {
      const token = newSecretToken();
      await insertIntermediateSession(tx, {
        tokenHash: hashToken(token),
        email: member.email,
        organizationId: organization.id,
        memberId: member.id,
        factors,
        now,
        expiresAt: now + INTERMEDIATE_SESSION_LIFETIME_MS,
      });
      return {
        ...(await memberAndOrganization(tx, organization, member)),
        member_authenticated: false,
        member_session: null,
        session_token: '',
        session_jwt: '',
        intermediate_session_token: token,
        mfa_required: primaryRequired ? null : mfaRequiredFor(member),
        primary_required: primaryRequired,
      };
    }
    return startMemberSession({ ...deps, db: tx }, meta, {
      organization,
      member,
      factors,
      now,
      sessionDurationMinutes: input.sessionDurationMinutes,
    });
  });
}

/**
 * After a second factor (a TOTP code, an SMS passcode, a recovery code) checked by the caller: uses the intermediate
 * session up (once, atomically; a parallel second use gets `intermediate_session_not_found`) and starts the member
 * session with the session's factors plus this one. The intermediate session must be bound to a member whose primary
 * factor the organization accepts, and, when `expect` names them, to that organization and member.
 */
export async function finishSecondFactor(
  deps: Deps,
  meta: RequestMeta,
  input: {
    intermediate: { tokenHash: string } | { claimed: IntermediateSessionRow };
    factor: MemberAuthenticationFactor;
    sessionDurationMinutes: number;
    expect?: { organizationId: string; memberId: string };
  },
): Promise<MemberAuthenticatePayload> {
  const now = deps.config.now();
  if ('tokenHash' in input.intermediate) {
    // Checked before it is used up: a token presented for the wrong member stays usable by its own.
    const live = await peekIntermediateSession(deps.db, input.intermediate.tokenHash, now);
    if (!live) throw Errors.intermediateSessionNotFound();
    await boundMember(deps.db, live, input.expect);
  }
  return deps.db.transaction(async (tx) => {
    const claimed =
      'claimed' in input.intermediate
        ? input.intermediate.claimed
        : await claimIntermediateSession(tx, input.intermediate.tokenHash, now);
    if (!claimed) throw Errors.intermediateSessionNotFound();
    const { organization, member } = await boundMember(tx, claimed, input.expect);
    return startMemberSession({ ...deps, db: tx }, meta, {
      organization,
      member,
      factors: [...claimed.factors, input.factor],
      now,
      sessionDurationMinutes: input.sessionDurationMinutes,
    });
  });
}

/**
 * The organization and member an intermediate session is bound to, once its primary factor counts there: a discovery
 * session (no member yet) or one still waiting for an accepted primary factor is no way to a session.
 */
async function boundMember(
  db: Db,
  intermediate: IntermediateSessionRow,
  expect: { organizationId: string; memberId: string } | undefined,
): Promise<{ organization: OrganizationRow; member: MemberRow }> {
  if (!intermediate.organization_id || !intermediate.member_id) throw Errors.intermediateSessionOfOtherMember();
  if (
    expect &&
    (expect.organizationId !== intermediate.organization_id || expect.memberId !== intermediate.member_id)
  ) {
    throw Errors.intermediateSessionOfOtherMember();
  }
  const [organization, member] = await Promise.all([
    findOrganizationById(db, intermediate.organization_id),
    findMemberById(db, intermediate.member_id),
  ]);
  if (!organization) throw Errors.organizationNotFound();
  if (!member || member.status === 'deleted') throw Errors.memberNotFound();
  if (primaryRequiredFor(organization, intermediate.factors)) {
    throw Errors.authMethodNotAllowed(organization.allowed_auth_methods.join(', '));
  }
  return { organization, member };
}

async function startMemberSession(
  deps: Deps,
  meta: RequestMeta,
  input: {
    organization: OrganizationRow;
    member: MemberRow;
    factors: MemberAuthenticationFactor[];
    now: number;
    sessionDurationMinutes: number;
  },
): Promise<MemberAuthenticatePayload> {
  const sessionToken = newSecretToken();
  const session = await createMemberSession(deps.db, {
    tokenHash: hashToken(sessionToken),
    memberId: input.member.id,
    organizationId: input.organization.id,
    now: input.now,
    expiresAt: input.now + minutesToMs(input.sessionDurationMinutes),
    factors: input.factors,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  });
  return {
    ...(await memberSessionPayload(deps, input.organization, input.member, session, sessionToken)),
    member_authenticated: true,
    intermediate_session_token: '',
    mfa_required: null,
    primary_required: null,
  };
}

/** A live member session as the wire has it, with its token and a fresh JWT (also sessions/authenticate's answer). */
export async function memberSessionPayload(
  deps: Deps,
  organization: OrganizationRow,
  member: MemberRow,
  session: ActiveMemberSession,
  sessionToken: string,
) {
  const roles = memberRoleIds(member);
  return {
    ...(await memberAndOrganization(deps.db, organization, member)),
    member_session: toWireMemberSession(session, organization, roles),
    session_token: sessionToken,
    session_jwt: issueMemberSessionJwt(deps, session, organization, roles),
  };
}

/** The member and organization every member answer carries. */
export async function memberAndOrganization(db: Db, organization: OrganizationRow, member: MemberRow) {
  const [wiredMember, wiredOrganization] = await Promise.all([
    wireMember(db, member),
    wireOrganization(db, organization),
  ]);
  return {
    member_id: member.id,
    member: wiredMember,
    organization_id: organization.id,
    organization: wiredOrganization,
  };
}

function toWireMemberSession(
  session: ActiveMemberSession,
  organization: OrganizationRow,
  roles: string[],
): MemberSession {
  return {
    member_session_id: session.id,
    member_id: session.memberId,
    organization_id: session.organizationId,
    organization_slug: organization.slug,
    started_at: session.startedAt,
    last_accessed_at: session.lastAccessedAt,
    expires_at: session.expiresAt,
    authentication_factors: session.factors,
    custom_claims: null,
    roles,
  };
}
