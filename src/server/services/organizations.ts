// A page that knows its organization: the organization's email link (login, or sign-up by email domain), the lookup
// by slug, the member search its password screens ask, and the signed-in member's own organization, member and
// session.
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES } from '../../api/magic-links.ts';
import type {
  MemberMagicLinkAuthenticateResponse,
  MemberResponse,
  MemberSearchResponse,
  MemberSessionAuthenticateResponse,
  OrganizationSearchResponse,
} from '../../api/organizations.ts';
import { B2B_TOKEN_TYPES } from '../../api/organizations.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { ipSubject } from '../security/rate-limit.ts';
import { deliveryLocale } from '../i18n/delivery-locale.ts';
import type {
  MemberSearchInput,
  OrganizationLinkAuthenticateInput,
  OrganizationLinkSendInput,
} from '../routes/organizations.schemas.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { claimIntermediateSession, peekIntermediateSession } from '../store/intermediate-sessions.ts';
import { consumeEmailLink, findUsableEmailLink } from '../store/member-email-tokens.ts';
import { revokeMemberSession, touchMemberSession, type ActiveMemberSession } from '../store/member-sessions.ts';
import { findMemberByEmail, findMemberById, type MemberRow } from '../store/members.ts';
import { findOrganizationById, findOrganizationBySlug, type OrganizationRow } from '../store/organizations.ts';
import { magicLinkEmail, type MagicLinkPurpose } from '../views/magic-link-email.ts';
import { limitSendFrom } from './client-limits.ts';
import { checkJoinableByEmail, emailFactor, memberToJoin, sendMemberEmail } from './discovery.ts';
import { allowedRedirectUrl, tokenUrl } from './magic-links.ts';
import { finishPrimaryFactor, memberAndOrganization, memberSessionPayload } from './member-auth.ts';
import { startSecondaryAuth } from './mfa-sms.ts';
import { wireOrganization } from './organization-wire.ts';
import { minutesToMs } from './sessions.ts';
import { checkPkce } from './token-authentication.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/** An organization named by its id or, as the hosted provider allows wherever an id goes, its slug. */
export async function organizationByIdOrSlug(db: Db, idOrSlug: string): Promise<OrganizationRow> {
  const organization = (await findOrganizationById(db, idOrSlug)) ?? (await findOrganizationBySlug(db, idOrSlug));
  if (!organization) throw Errors.organizationNotFound();
  return organization;
}

/**
 * POST /b2b/magic_links/email/login_or_signup: a login link for a member, a sign-up link for an address the
 * organization admits by its domain; any other address is refused, and nothing is made before the link is used.
 */
export async function sendOrganizationLink(
  deps: Deps,
  meta: RequestMeta,
  input: OrganizationLinkSendInput,
): Promise<void> {
  const email = input.email_address;
  const locale = deliveryLocale(input.locale, meta);
  await limitSendFrom(deps, meta);
  await deps.limits.magicLinkSend.take(`email:${email}`, deps.config.now());
  const organization = await organizationByIdOrSlug(deps.db, input.organization_id);
  checkAuthMethod(organization, 'magic_link');
  const member = await findMemberByEmail(deps.db, organization.id, email);
  if (member?.status === 'deleted') throw Errors.memberNotFound();
  if (!member) checkJoinableByEmail(organization, email);
  const purpose: MagicLinkPurpose = member ? 'login' : 'signup';
  const [preferred, fallback] =
    purpose === 'login'
      ? [input.login_redirect_url, input.signup_redirect_url]
      : [input.signup_redirect_url, input.login_redirect_url];
  const redirectUrl = allowedRedirectUrl(deps, meta, preferred || fallback);
  const expiresInMinutes =
    (purpose === 'login' ? input.login_expiration_minutes : input.signup_expiration_minutes) ??
    DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES;

  const token = newSecretToken();
  const link = tokenUrl(redirectUrl, B2B_TOKEN_TYPES.organizationLink, token);
  await sendMemberEmail(
    deps,
    {
      kind: 'login_link',
      tokenHash: hashToken(token),
      email,
      organizationId: organization.id,
      codeChallenge: input.pkce_code_challenge ?? null,
      redirectUrl: redirectUrl.href,
      expiresInMinutes,
    },
    {
      links: [link],
      ...magicLinkEmail({ locale, projectName: organization.name, purpose, link, expiresInMinutes }),
    },
  );
}

/**
 * POST /b2b/magic_links/authenticate: the organization's link proves the address; the member (made now, when the
 * organization still admits the address's domain) goes on through finishPrimaryFactor, and after the commit through
 * startSecondaryAuth. An intermediate session of this member in this organization, when sent, is used up and its
 * factors carried into the result.
 */
export async function authenticateOrganizationLink(
  deps: Deps,
  meta: RequestMeta,
  input: OrganizationLinkAuthenticateInput,
): Promise<Payload<MemberMagicLinkAuthenticateResponse>> {
  const tokenHash = hashToken(input.magic_links_token);
  const link = await findUsableEmailLink(deps.db, 'login_link', tokenHash, deps.config.now());
  if (!link) throw Errors.unableToAuthMagicLink();
  checkPkce(link.code_challenge, input.pkce_code_verifier);
  const payload = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const consumed = await consumeEmailLink(tx, 'login_link', tokenHash, now);
    if (!consumed?.organization_id) throw Errors.unableToAuthMagicLink();
    const organization = await findOrganizationById(tx, consumed.organization_id);
    if (!organization) throw Errors.organizationNotFound();
    checkAuthMethod(organization, 'magic_link');
    const member = await memberToJoin(tx, organization, consumed.email, now);
    const priorFactors = await priorFactorsOf(tx, input.intermediate_session_token, member, now);
    const result = await finishPrimaryFactor({ ...deps, db: tx }, meta, {
      organization,
      member,
      factor: emailFactor('magic_link', member.email, now, member.id),
      priorFactors,
      sessionDurationMinutes: input.session_duration_minutes,
      emailProven: true,
    });
    return { ...result, method_id: member.id };
  });
  return startSecondaryAuth(deps, meta, payload, input.locale);
}

/**
 * The factors of an intermediate session the caller sent, used up, when it belongs to this member in this
 * organization; a token of anyone else, or none, carries nothing (and is left alone).
 */
async function priorFactorsOf(db: Db, token: string | undefined, member: MemberRow, now: number) {
  if (token === undefined) return [];
  const tokenHash = hashToken(token);
  const live = await peekIntermediateSession(db, tokenHash, now);
  if (!live || live.member_id !== member.id || live.organization_id !== member.organization_id) return [];
  const claimed = await claimIntermediateSession(db, tokenHash, now);
  return claimed ? claimed.factors.filter((factor) => factor.sequence_order === 'PRIMARY') : [];
}

/** Refuses a primary factor the organization does not accept (its auth methods are restricted to others). */
function checkAuthMethod(organization: OrganizationRow, method: 'magic_link'): void {
  if (organization.auth_methods === 'RESTRICTED' && !organization.allowed_auth_methods.includes(method)) {
    throw Errors.authMethodNotAllowed(method);
  }
}

/** POST /b2b/organizations/search: what a page that knows only the slug needs to show the organization's sign-in. */
export async function searchOrganization(deps: Deps, slug: string): Promise<Payload<OrganizationSearchResponse>> {
  const row = await findOrganizationBySlug(deps.db, slug);
  if (!row) return { organization: null };
  const organization = await wireOrganization(deps.db, row);
  return {
    organization: {
      organization_id: organization.organization_id,
      organization_name: organization.organization_name,
      organization_slug: organization.organization_slug,
      organization_logo_url: organization.organization_logo_url,
      sso_active_connections: organization.sso_active_connections,
      sso_default_connection_id: organization.sso_default_connection_id,
      email_allowed_domains: organization.email_allowed_domains,
      email_jit_provisioning: organization.email_jit_provisioning,
      oauth_tenant_jit_provisioning: organization.oauth_tenant_jit_provisioning,
      allowed_oauth_tenants: organization.allowed_oauth_tenants,
      auth_methods: organization.auth_methods,
      allowed_auth_methods: organization.allowed_auth_methods,
      mfa_policy: organization.mfa_policy,
    },
  };
}

/**
 * POST /b2b/organizations/members/search: whether the address is a member of the organization, and only what a
 * sign-in screen needs of it (status, name, password id), under a per-client budget (it answers about an address).
 */
export async function searchMember(
  deps: Deps,
  meta: RequestMeta,
  input: MemberSearchInput,
): Promise<Payload<MemberSearchResponse>> {
  await deps.limits.memberSearch.take(ipSubject(meta.ipAddress), deps.config.now());
  const organization = await organizationByIdOrSlug(deps.db, input.organization_id);
  const member = await findMemberByEmail(deps.db, organization.id, input.email_address);
  if (!member || member.status === 'deleted') return { member: null };
  return { member: { status: member.status, name: member.name, member_password_id: '' } };
}

/** The signed-in member and its organization (GET /b2b/organizations/members/me and /b2b/organizations/me). */
export async function sessionMember(
  deps: Deps,
  session: ActiveMemberSession,
): Promise<{ organization: OrganizationRow; member: MemberRow }> {
  const [organization, member] = await Promise.all([
    findOrganizationById(deps.db, session.organizationId),
    findMemberById(deps.db, session.memberId),
  ]);
  // A member removed since the session began has no session any more.
  if (!organization || !member || member.status === 'deleted') throw Errors.sessionNotFound();
  return { organization, member };
}

/** GET /b2b/organizations/members/me */
export async function getSessionMember(deps: Deps, session: ActiveMemberSession): Promise<Payload<MemberResponse>> {
  const { organization, member } = await sessionMember(deps, session);
  const { organization_id: _organizationId, ...answer } = await memberAndOrganization(deps.db, organization, member);
  return answer;
}

/**
 * POST /b2b/sessions/authenticate: the session the token names, marked used now and, when asked, given a new
 * lifetime, with a fresh JWT. No token: 401 `user_unauthenticated`; no live session: 404 `session_not_found`.
 */
export async function authenticateMemberSession(
  deps: Deps,
  sessionToken: string | null,
  durationMinutes: number | undefined,
): Promise<Payload<MemberSessionAuthenticateResponse>> {
  if (!sessionToken) throw Errors.userUnauthenticated();
  const now = deps.config.now();
  const session = await touchMemberSession(
    deps.db,
    hashToken(sessionToken),
    now,
    durationMinutes === undefined ? undefined : now + minutesToMs(durationMinutes),
  );
  if (!session) throw Errors.sessionNotFound();
  const { organization, member } = await sessionMember(deps, session);
  const { organization_id: _organizationId, ...answer } = await memberSessionPayload(
    deps,
    organization,
    member,
    session,
    sessionToken,
  );
  return answer;
}

/** POST /b2b/sessions/revoke */
export async function revokeSessionOfMember(deps: Deps, session: ActiveMemberSession): Promise<void> {
  await revokeMemberSession(deps.db, session.id, deps.config.now());
}
