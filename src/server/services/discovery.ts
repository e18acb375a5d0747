// Discovery: an email link (or passcode) proves an address before any organization is named; the proof becomes an
// intermediate session, with which the visitor lists the organizations the address belongs to or may join, then picks
// one (exchange) or makes one (create). Joining by email domain happens only here and in the organization's own
// link flow, and only for an address the intermediate session proved.
import { randomBytes } from 'node:crypto';
import type {
  DiscoveryAuthenticateResponse,
  DiscoveredOrganization,
  DiscoveryOrganizationsResponse,
} from '../../api/discovery.ts';
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES } from '../../api/magic-links.ts';
import { DEFAULT_OTP_EXPIRATION_MINUTES } from '../../api/otps.ts';
import { B2B_TOKEN_TYPES, type MemberAuthenticationFactor, type MemberEmailFactor } from '../../api/organizations.ts';
import { ADMIN_ROLE_ID, INTERMEDIATE_SESSION_LIFETIME_MS } from '../constants/organizations.ts';
import { OTP_MAX_ATTEMPTS_PER_CODE } from '../constants/passcodes.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import type { OutgoingMessage } from '../delivery/message.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { deliveryLocale } from '../i18n/delivery-locale.ts';
import type {
  DiscoveryLinkAuthenticateInput,
  DiscoveryLinkSendInput,
  DiscoveryOtpAuthenticateInput,
  DiscoveryOtpSendInput,
  ExchangeInput,
  OrganizationCreateInput,
} from '../routes/discovery.schemas.ts';
import { hashOtpCode, newOtpCode, OTP_CODE_PATTERN } from '../security/otp-codes.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import {
  claimIntermediateSession,
  insertIntermediateSession,
  peekIntermediateSession,
  type IntermediateSessionRow,
} from '../store/intermediate-sessions.ts';
import {
  consumeEmailLink,
  consumeEmailPasscode,
  countWrongPasscode,
  findUsableEmailLink,
  insertMemberEmailToken,
} from '../store/member-email-tokens.ts';
import { findActiveMemberSession } from '../store/member-sessions.ts';
import {
  findMemberByEmail,
  findMemberById,
  membersByEmail,
  provisionMemberOnce,
  type MemberRow,
} from '../store/members.ts';
import {
  findOrganizationById,
  findOrganizationsByIds,
  insertOrganization,
  organizationsForEmailDomain,
  type OrganizationRow,
} from '../store/organizations.ts';
import { magicLinkEmail } from '../views/magic-link-email.ts';
import { otpMessage } from '../views/otp-message.ts';
import { limitSendFrom, reserveAuthAttempt } from './client-limits.ts';
import { allowedRedirectUrl, tokenUrl } from './magic-links.ts';
import { deliver } from './mailer.ts';
import {
  finishPrimaryFactor,
  memberNeedsMfa,
  mfaRequiredFor,
  primaryRequiredFor,
  type MemberAuthenticatePayload,
} from './member-auth.ts';
import { startSecondaryAuth } from './mfa-sms.ts';
import { wireMember, wireOrganization } from './organization-wire.ts';
import { checkPkce } from './token-authentication.ts';
import { minutesToMs } from './sessions.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/** POST /b2b/magic_links/email/discovery/send: a discovery link to the address, in the page's language. */
export async function sendDiscoveryLink(deps: Deps, meta: RequestMeta, input: DiscoveryLinkSendInput): Promise<void> {
  const email = input.email_address;
  const locale = deliveryLocale(input.locale, meta);
  // The consumer sends' budgets: one per client network, one per address (an inbox is one inbox).
  await limitSendFrom(deps, meta);
  await deps.limits.magicLinkSend.take(`email:${email}`, deps.config.now());
  const redirectUrl = allowedRedirectUrl(deps, meta, input.discovery_redirect_url);
  const expiresInMinutes = input.discovery_expiration_minutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES;

  const token = newSecretToken();
  const link = tokenUrl(redirectUrl, B2B_TOKEN_TYPES.discovery, token);
  await sendMemberEmail(
    deps,
    {
      kind: 'discovery_link',
      tokenHash: hashToken(token),
      email,
      organizationId: null,
      codeChallenge: input.pkce_code_challenge ?? null,
      redirectUrl: redirectUrl.href,
      expiresInMinutes,
    },
    {
      links: [link],
      ...magicLinkEmail({ locale, projectName: deps.config.projectName, purpose: 'login', link, expiresInMinutes }),
    },
  );
}

/** POST /b2b/magic_links/discovery/authenticate: the link proves the address; its intermediate session and list. */
export async function authenticateDiscoveryLink(
  deps: Deps,
  input: DiscoveryLinkAuthenticateInput,
): Promise<Payload<DiscoveryAuthenticateResponse>> {
  const tokenHash = hashToken(input.discovery_magic_links_token);
  const link = await findUsableEmailLink(deps.db, 'discovery_link', tokenHash, deps.config.now());
  if (!link) throw Errors.unableToAuthMagicLink();
  // Before the link is used up: a wrong verifier leaves it valid for the client's retry with its other verifier.
  checkPkce(link.code_challenge, input.pkce_code_verifier);
  return deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const consumed = await consumeEmailLink(tx, 'discovery_link', tokenHash, now);
    if (!consumed) throw Errors.unableToAuthMagicLink();
    return startDiscovery(tx, consumed.email, emailFactor('magic_link', consumed.email, now), now);
  });
}

/** POST /b2b/otps/email/discovery/send: a discovery passcode to the address, in the page's language. */
export async function sendDiscoveryOtp(deps: Deps, meta: RequestMeta, input: DiscoveryOtpSendInput): Promise<void> {
  const email = input.email_address;
  const locale = deliveryLocale(input.locale, meta);
  await limitSendFrom(deps, meta);
  await deps.limits.otpSend.take(`email:${email}`, deps.config.now());
  const expiresInMinutes = input.discovery_expiration_minutes ?? DEFAULT_OTP_EXPIRATION_MINUTES;
  const code = newOtpCode();
  await sendMemberEmail(
    deps,
    {
      kind: 'discovery_otp',
      tokenHash: hashOtpCode(deps.secrets.otpHmacKey, email, code),
      email,
      organizationId: null,
      codeChallenge: null,
      redirectUrl: '',
      expiresInMinutes,
    },
    {
      links: [],
      ...otpMessage({
        locale,
        channel: 'email',
        projectName: deps.config.projectName,
        purpose: 'login',
        code,
        expiresInMinutes,
      }),
    },
  );
}

/**
 * Stores an email token of the organization product and sends its message, in one transaction with delivery last: a
 * message that cannot be sent leaves no token behind.
 */
export async function sendMemberEmail(
  deps: Deps,
  token: Omit<Parameters<typeof insertMemberEmailToken>[1], 'now' | 'expiresAt'> & { expiresInMinutes: number },
  message: Pick<OutgoingMessage, 'links' | 'subject' | 'text' | 'html'>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    await insertMemberEmailToken(tx, { ...token, now, expiresAt: now + minutesToMs(token.expiresInMinutes) });
    await deliver(
      { ...deps, db: tx },
      { channel: 'email', to: token.email, from: deps.config.senderAddress, ...message },
    );
  });
}

/**
 * POST /b2b/otps/email/discovery/authenticate: the newest passcode sent to the address, tried on a reserved attempt
 * of the client's failure budget; a wrong code counts against the code (dead after OTP_MAX_ATTEMPTS_PER_CODE).
 */
export async function authenticateDiscoveryOtp(
  deps: Deps,
  meta: RequestMeta,
  input: DiscoveryOtpAuthenticateInput,
): Promise<Payload<DiscoveryAuthenticateResponse>> {
  const { code, email_address: email } = input;
  if (!OTP_CODE_PATTERN.test(code)) throw Errors.invalidCode();
  const attempt = await reserveAuthAttempt(deps, meta);
  const now = deps.config.now();
  const found = await deps.db.transaction(async (tx) => {
    const consumed = await consumeEmailPasscode(tx, {
      kind: 'discovery_otp',
      email,
      codeHash: hashOtpCode(deps.secrets.otpHmacKey, email, code),
      now,
      maxAttempts: OTP_MAX_ATTEMPTS_PER_CODE,
    });
    return consumed ? startDiscovery(tx, email, emailFactor('otp', email, now), now) : null;
  });
  if (!found) {
    await countWrongPasscode(deps.db, { kind: 'discovery_otp', email, now });
    throw Errors.otpCodeNotFound();
  }
  await attempt.release();
  return found;
}

/**
 * POST /b2b/discovery/organizations: the organizations of the address an intermediate session proved (read, not used
 * up), or of the signed-in member's address.
 */
export async function listDiscoveredOrganizations(
  deps: Deps,
  meta: RequestMeta,
  intermediateToken: string | undefined,
): Promise<Payload<DiscoveryOrganizationsResponse>> {
  const now = deps.config.now();
  if (intermediateToken !== undefined) {
    const intermediate = await peekIntermediateSession(deps.db, hashToken(intermediateToken), now);
    if (!intermediate) throw Errors.intermediateSessionNotFound();
    return {
      email_address: intermediate.email,
      discovered_organizations: await discoveredOrganizations(deps.db, intermediate.email, intermediate.factors),
      organization_id_hint: intermediate.organization_id,
    };
  }
  if (!meta.sessionToken) throw Errors.userUnauthenticated();
  const session = await findActiveMemberSession(deps.db, hashToken(meta.sessionToken), now);
  if (!session) throw Errors.sessionNotFound();
  const member = await findMemberById(deps.db, session.memberId);
  if (!member) throw Errors.sessionNotFound();
  return {
    email_address: member.email,
    discovered_organizations: await discoveredOrganizations(deps.db, member.email, session.factors),
    organization_id_hint: null,
  };
}

/**
 * POST /b2b/discovery/intermediate_sessions/exchange: into the organization the visitor picked. The intermediate
 * session is used up first (one statement: of parallel exchanges one wins) and everything after it runs in the same
 * transaction, so a refusal (not eligible) leaves the token usable and nothing made. A new member is made only when the
 * organization admits the proven address by its domain.
 */
export async function exchangeIntermediateSession(
  deps: Deps,
  meta: RequestMeta,
  input: ExchangeInput,
): Promise<MemberAuthenticatePayload> {
  return fromIntermediateSession(deps, meta, input, async (tx, intermediate, now) => {
    const organization = await findOrganizationById(tx, input.organization_id);
    if (!organization) throw Errors.organizationNotFound();
    return { organization, member: await memberToJoin(tx, organization, intermediate.email, now) };
  });
}

/**
 * POST /b2b/discovery/organizations/create (when the project's `create_organization_enabled`): a new organization
 * whose first member, with the admin role, is the proven address. The slug's unique constraint decides parallel
 * creates; the loser's transaction (token use, organization) rolls back whole, so its token still works.
 */
export async function createOrganizationByDiscovery(
  deps: Deps,
  meta: RequestMeta,
  input: OrganizationCreateInput,
): Promise<MemberAuthenticatePayload> {
  if (!deps.config.createOrganizationEnabled) throw Errors.unauthorizedAction('createOrganizationDisabled');
  return fromIntermediateSession(deps, meta, input, async (tx, intermediate, now) => {
    const domain = domainOf(intermediate.email);
    // Joining by domain admits strangers: only the creator's own domain may be offered, as only it was proven.
    const foreign = input.email_allowed_domains?.find((allowed) => allowed !== domain);
    if (foreign !== undefined) throw Errors.invalidRequest('emailDomainNotCreators', { domain });
    const organization = await insertNewOrganization(tx, input, intermediate.email, now);
    const { member } = await provisionMemberOnce(tx, {
      organizationId: organization.id,
      email: intermediate.email,
      roles: [ADMIN_ROLE_ID],
      provenance: 'organization_creator',
      emailVerifiedAt: now,
      now,
    });
    return { organization, member };
  });
}

/**
 * Uses the intermediate session up (one statement: of parallel uses one wins), finds or makes the organization and
 * member with `enter`, and finishes the session's proof there, all in one transaction: a refusal anywhere rolls the
 * token's use back with the rest. After the commit, startSecondaryAuth.
 */
async function fromIntermediateSession(
  deps: Deps,
  meta: RequestMeta,
  input: { intermediate_session_token: string; session_duration_minutes: number; locale?: string },
  enter: (
    db: Db,
    intermediate: IntermediateSessionRow,
    now: number,
  ) => Promise<{ organization: OrganizationRow; member: MemberRow }>,
): Promise<MemberAuthenticatePayload> {
  const payload = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const intermediate = await claimIntermediateSession(tx, hashToken(input.intermediate_session_token), now);
    if (!intermediate) throw Errors.intermediateSessionNotFound();
    const { organization, member } = await enter(tx, intermediate, now);
    return finishFromProof(
      { ...deps, db: tx },
      meta,
      organization,
      member,
      intermediate.factors,
      input.session_duration_minutes,
    );
  });
  return startSecondaryAuth(deps, meta, payload, input.locale);
}

/** An email link or passcode factor for the address (its `email_id` is the member's once one is known). */
export function emailFactor(type: 'magic_link' | 'otp', email: string, now: number, memberId = ''): MemberEmailFactor {
  return {
    type,
    delivery_method: 'email',
    last_authenticated_at: new Date(now).toISOString(),
    email_factor: { email_id: memberId, email_address: email },
    sequence_order: 'PRIMARY',
  };
}

/**
 * The member of the proven address in this organization: the existing one, or a new one when the organization admits
 * the address's domain (`email_jit_provisioning: 'RESTRICTED'`); otherwise the request is refused and nothing is made.
 */
export async function memberToJoin(
  db: Db,
  organization: OrganizationRow,
  email: string,
  now: number,
): Promise<MemberRow> {
  const existing = await findMemberByEmail(db, organization.id, email);
  if (existing) {
    if (existing.status === 'deleted') throw Errors.memberNotFound();
    return existing;
  }
  checkJoinableByEmail(organization, email);
  const { member } = await provisionMemberOnce(db, {
    organizationId: organization.id,
    email,
    provenance: 'email_jit',
    emailVerifiedAt: now,
    now,
  });
  return member;
}

/** Refuses an address the organization does not admit by email: JIT by domain off, or another domain. */
export function checkJoinableByEmail(organization: OrganizationRow, email: string): void {
  if (organization.email_jit_provisioning !== 'RESTRICTED') throw Errors.emailJitProvisioningNotAllowed();
  const domain = domainOf(email);
  if (!organization.email_allowed_domains.includes(domain)) throw Errors.emailNotAllowedForJitProvisioning(domain);
}

/** The intermediate session's primary factors (an MFA factor of another organization does not carry over). */
function finishFromProof(
  deps: Deps,
  meta: RequestMeta,
  organization: OrganizationRow,
  member: MemberRow,
  proven: readonly MemberAuthenticationFactor[],
  sessionDurationMinutes: number,
): Promise<MemberAuthenticatePayload> {
  const factors = proven
    .filter((factor) => factor.sequence_order === 'PRIMARY')
    .map((factor) => ownFactor(factor, member));
  const factor = factors.pop();
  if (!factor) throw Errors.intermediateSessionNotFound();
  return finishPrimaryFactor(deps, meta, {
    organization,
    member,
    factor,
    priorFactors: factors,
    sessionDurationMinutes,
    emailProven: true,
  });
}

/** An email factor of the member's address names the member (discovery proved it before the member existed). */
function ownFactor(factor: MemberAuthenticationFactor, member: MemberRow): MemberAuthenticationFactor {
  if (factor.delivery_method !== 'email' || factor.email_factor.email_address !== member.email) return factor;
  return { ...factor, email_factor: { ...factor.email_factor, email_id: member.id } };
}

async function startDiscovery(
  db: Db,
  email: string,
  factor: MemberEmailFactor,
  now: number,
): Promise<Payload<DiscoveryAuthenticateResponse>> {
  const token = newSecretToken();
  await insertIntermediateSession(db, {
    tokenHash: hashToken(token),
    email,
    organizationId: null,
    memberId: null,
    factors: [factor],
    now,
    expiresAt: now + INTERMEDIATE_SESSION_LIFETIME_MS,
  });
  return {
    intermediate_session_token: token,
    email_address: email,
    discovered_organizations: await discoveredOrganizations(db, email, [factor]),
  };
}

/**
 * The organizations of an address: its memberships (active, pending, invited), then the organizations that admit it by
 * its domain and where it is not a member yet. For each, whether these factors would end in a session there.
 */
export async function discoveredOrganizations(
  db: Db,
  email: string,
  factors: readonly MemberAuthenticationFactor[],
): Promise<DiscoveredOrganization[]> {
  const members = await membersByEmail(db, email);
  const organizations = new Map(
    (
      await findOrganizationsByIds(
        db,
        members.map((member) => member.organization_id),
      )
    ).map((org) => [org.id, org]),
  );
  const found: DiscoveredOrganization[] = [];
  for (const member of members) {
    const organization = organizations.get(member.organization_id);
    if (!organization) continue;
    const primaryRequired = primaryRequiredFor(organization, factors);
    const mfaRequired = primaryRequired || !memberNeedsMfa(organization, member) ? null : mfaRequiredFor(member);
    found.push({
      organization: await wireOrganization(db, organization),
      membership: { type: MEMBERSHIP_TYPES[member.status], details: null, member: await wireMember(db, member) },
      member_authenticated: primaryRequired === null && mfaRequired === null,
      primary_required: primaryRequired,
      mfa_required: mfaRequired,
    });
  }
  const domain = domainOf(email);
  for (const organization of await organizationsForEmailDomain(db, domain)) {
    if (organization.email_jit_provisioning !== 'RESTRICTED' || organizations.has(organization.id)) continue;
    const primaryRequired = primaryRequiredFor(organization, factors);
    const mfaRequired =
      primaryRequired || organization.mfa_policy !== 'REQUIRED_FOR_ALL'
        ? null
        : { member_options: null, secondary_auth_initiated: null };
    found.push({
      organization: await wireOrganization(db, organization),
      membership: { type: 'eligible_to_join_by_email_domain', details: { domain }, member: null },
      member_authenticated: primaryRequired === null && mfaRequired === null,
      primary_required: primaryRequired,
      mfa_required: mfaRequired,
    });
  }
  return found;
}

const MEMBERSHIP_TYPES = {
  active: 'active_member',
  pending: 'pending_member',
  invited: 'invited_member',
  // membersByEmail leaves deleted members out; listed for the type's completeness only.
  deleted: 'active_member',
} as const;

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * The organization asked for, or with what the request left out made from the address: its domain's first label as
 * the name and slug (a slug already taken gets a random suffix; a slug the request named that is taken is refused).
 */
async function insertNewOrganization(
  db: Db,
  input: OrganizationCreateInput,
  email: string,
  now: number,
): Promise<OrganizationRow> {
  const label = domainOf(email).split('.')[0] ?? '';
  const derivedSlug = label.replace(/[^a-z0-9._~-]/g, '-').padEnd(2, '-');
  const row = {
    name: input.organization_name ?? label,
    logo_url: input.organization_logo_url ?? '',
    email_allowed_domains: input.email_allowed_domains ?? [],
    email_jit_provisioning: input.email_jit_provisioning ?? 'NOT_ALLOWED',
    sso_jit_provisioning: input.sso_jit_provisioning ?? 'ALL_ALLOWED',
    auth_methods: input.auth_methods ?? 'ALL_ALLOWED',
    allowed_auth_methods: input.allowed_auth_methods ?? [],
    mfa_policy: input.mfa_policy ?? 'OPTIONAL',
    mfa_methods: input.mfa_methods ?? 'ALL_ALLOWED',
    allowed_mfa_methods: input.allowed_mfa_methods ?? [],
    trusted_metadata: {},
    now,
  } as const;
  const slug = input.organization_slug ?? derivedSlug;
  const inserted = await insertOrganization(db, { ...row, slug });
  if (inserted) return inserted;
  if (input.organization_slug !== undefined) throw Errors.organizationSlugAlreadyUsed(slug);
  const suffixed = await insertOrganization(db, { ...row, slug: `${derivedSlug}-${randomBytes(3).toString('hex')}` });
  if (!suffixed) throw Errors.organizationSlugAlreadyUsed(slug);
  return suffixed;
}
