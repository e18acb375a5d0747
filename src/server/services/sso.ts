// Enterprise SSO for organizations: the start every connection shares (GET /v1/public/sso/start, then the SAML or
// OIDC identity provider), POST /b2b/sso/authenticate (the sso token becomes a member session, or an intermediate
// session when MFA is due, through member-auth.ts) and SSO discovery by email address.
import type { MemberAuthenticationFactor } from '../../api/organizations.ts';
import { SSO_DELIVERY_METHODS, type SsoDiscoverConnectionsResponse } from '../../api/sso.ts';
import { SSO_SWEEP_BATCH } from '../constants/sso.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { SsoAuthenticateInput, SsoStartQuery } from '../routes/sso.schemas.ts';
import { ipSubject, Sweeper } from '../security/rate-limit.ts';
import { hashToken, secretsEqual } from '../security/tokens.ts';
import { claimIntermediateSession } from '../store/intermediate-sessions.ts';
import { findMemberByEmail, membersByEmail, provisionMemberOnce, type MemberRow } from '../store/members.ts';
import { findOrganizationById, organizationsForEmailDomain, type OrganizationRow } from '../store/organizations.ts';
import { activeConnections, toActiveConnection, type SsoConnectionRow } from '../store/sso-connections.ts';
import {
  consumeSsoToken,
  findUsableSsoToken,
  sweepExpiredSso,
  upsertSsoRegistration,
  type SsoTokenRow,
} from '../store/sso-flows.ts';
import { reserveAuthAttempt } from './client-limits.ts';
import { finishPrimaryFactor, type MemberAuthenticatePayload } from './member-auth.ts';
import { startSecondaryAuth } from './mfa-sms.ts';
import { navigationRedirectUrl } from './oauth.ts';
import { activeConnection, type SsoFlowTarget } from './sso-flow.ts';
import { startOidc } from './sso-oidc.ts';
import { startSaml } from './sso-saml.ts';
import { checkPkce } from './token-authentication.ts';

/** One sweeper of expired SSO rows per database: every SSO_SWEEP_BATCH-bounded pass runs now and then on a start. */
const sweepers = new WeakMap<Db, Sweeper>();

function sweeperFor(db: Db): Sweeper {
  let sweeper = sweepers.get(db);
  if (!sweeper) {
    sweeper = new Sweeper(db, (now) => sweepExpiredSso(db, now, SSO_SWEEP_BATCH));
    sweepers.set(db, sweeper);
  }
  return sweeper;
}

/**
 * GET /v1/public/sso/start: the B2B public token, the client's start budget, an active connection, then the state
 * and the identity provider's URL. The redirect URLs must be allowed (as for social sign-in); a PKCE challenge was
 * checked at the edge (required when the project says `pkce_required_for_sso`).
 */
export async function startSso(
  deps: Deps,
  meta: RequestMeta,
  query: SsoStartQuery,
  providerParams: Record<string, string>,
  origin: string,
): Promise<string> {
  if (query.public_token === undefined) throw Errors.invalidPublicToken('publicTokenRequired');
  if (!secretsEqual(query.public_token, deps.config.b2bPublicToken)) throw Errors.invalidPublicToken();
  const now = deps.config.now();
  await deps.limits.ssoStart.take(ipSubject(meta.ipAddress), now);
  await sweeperFor(deps.db).maybeSweep(now);
  const connection = await activeConnection(deps, query.connection_id);
  const login = query.login_redirect_url;
  const signup = query.signup_redirect_url;
  const flow: SsoFlowTarget = {
    codeChallenge: query.pkce_code_challenge ?? null,
    loginRedirectUrl: navigationRedirectUrl(deps, login || signup),
    signupRedirectUrl: navigationRedirectUrl(deps, signup || login),
    providerParams,
  };
  return connection.kind === 'saml'
    ? startSaml(deps, connection, flow, origin)
    : startOidc(deps, connection, flow, origin);
}

/**
 * POST /b2b/sso/authenticate. The token's PKCE challenge is checked before it is used up (a wrong verifier leaves it
 * usable); then, in one transaction: the token is used up, the member found or provisioned just in time (one member
 * per address and organization, however many sign-ins race: the store's unique key decides), the external identity
 * linked to it, and the SSO factor finished (member-auth.ts: a session, or an intermediate session when MFA is due);
 * after the commit, startSecondaryAuth.
 * The assertion proves the address for this organization only: the member's address is marked verified, nothing else.
 */
export async function authenticateSso(
  deps: Deps,
  meta: RequestMeta,
  input: SsoAuthenticateInput,
): Promise<MemberAuthenticatePayload> {
  const tokenHash = hashToken(input.sso_token);
  const attempt = await reserveAuthAttempt(deps, meta);
  const usable = await findUsableSsoToken(deps.db, tokenHash, deps.config.now());
  if (!usable) throw Errors.ssoTokenNotFound();
  if (deps.config.pkceRequiredForSso && input.pkce_code_verifier === undefined) {
    throw Errors.pkceExpectedCodeVerifier('sso');
  }
  checkPkce(usable.code_challenge, input.pkce_code_verifier, 'sso');

  const payload = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const token = await consumeSsoToken(tx, tokenHash, now);
    if (!token) throw Errors.ssoTokenNotFound();
    const organization = await findOrganizationById(tx, token.organization_id);
    if (!organization) throw Errors.organizationNotFound();
    const connection = await activeConnection({ ...deps, db: tx }, token.connection_id);
    const member = await memberFor(tx, organization, connection, token, now);
    const registrationId = await upsertSsoRegistration(tx, {
      connectionId: connection.id,
      externalId: token.external_id,
      memberId: member.id,
      now,
    });
    const priorFactors = input.intermediate_session_token
      ? await factorsOfIntermediateSession(tx, input.intermediate_session_token, organization, member, now)
      : [];
    return finishPrimaryFactor({ ...deps, db: tx }, meta, {
      organization,
      member,
      factor: ssoFactor(connection, registrationId, token.external_id, now),
      sessionDurationMinutes: input.session_duration_minutes,
      priorFactors,
      emailProven: true,
    });
  });
  await attempt.release();
  return startSecondaryAuth(deps, meta, payload, input.locale);
}

/**
 * The organization's member with the token's address, or a new one when the organization provisions members through
 * this connection: SSO JIT provisioning ALL_ALLOWED, or RESTRICTED with this connection among those allowed.
 */
async function memberFor(
  db: Db,
  organization: OrganizationRow,
  connection: SsoConnectionRow,
  token: SsoTokenRow,
  now: number,
): Promise<MemberRow> {
  const existing = await findMemberByEmail(db, organization.id, token.email);
  if (existing) return existing;
  const jit = organization.sso_jit_provisioning;
  if (jit === 'NOT_ALLOWED' || (jit === 'RESTRICTED' && !connection.jit_provisioning_allowed)) {
    throw Errors.ssoJitProvisioningNotAllowed();
  }
  const { member } = await provisionMemberOnce(db, {
    organizationId: organization.id,
    email: token.email,
    name: token.name,
    provenance: 'sso_jit',
    emailVerifiedAt: now,
    now,
  });
  return member;
}

/**
 * The factors of an intermediate session the SDK sent along (a discovery session of the same address, or this
 * member's session waiting for a primary factor this organization accepts), used up so they count once.
 */
async function factorsOfIntermediateSession(
  db: Db,
  token: string,
  organization: OrganizationRow,
  member: MemberRow,
  now: number,
): Promise<MemberAuthenticationFactor[]> {
  const claimed = await claimIntermediateSession(db, hashToken(token), now);
  if (!claimed) throw Errors.intermediateSessionNotFound();
  const sameOrganization = claimed.organization_id === null || claimed.organization_id === organization.id;
  const sameMember = claimed.member_id === null ? claimed.email === member.email : claimed.member_id === member.id;
  if (!sameOrganization || !sameMember) throw Errors.intermediateSessionOfOtherMember();
  return claimed.factors;
}

/** The wire's SSO factor (`saml_sso_factor` or `oidc_sso_factor`): the registration, connection and external id. */
function ssoFactor(
  connection: SsoConnectionRow,
  registrationId: string,
  externalId: string,
  now: number,
): MemberAuthenticationFactor {
  const detail = { id: registrationId, provider_id: connection.id, external_id: externalId };
  return {
    type: 'sso',
    delivery_method: SSO_DELIVERY_METHODS[connection.kind],
    last_authenticated_at: new Date(now).toISOString(),
    sequence_order: 'PRIMARY',
    ...(connection.kind === 'saml' ? { saml_sso_factor: detail } : { oidc_sso_factor: detail }),
  };
}

/**
 * GET /b2b/sso/discovery/connections, within the client's discovery budget (the answer says who is a member): the
 * active connections of the organizations the address is a member of; when it is a member of none, those of the
 * organizations whose allowed domains include its domain and that would provision it through the connection (SSO JIT
 * provisioning ALL_ALLOWED, or RESTRICTED to that connection).
 */
export async function discoverSsoConnections(
  deps: Deps,
  meta: RequestMeta,
  email: string,
): Promise<Omit<SsoDiscoverConnectionsResponse, 'request_id' | 'status_code'>> {
  await deps.limits.ssoDiscovery.take(ipSubject(meta.ipAddress), deps.config.now());
  const memberships = await membersByEmail(deps.db, email);
  if (memberships.length > 0) {
    const connections = await activeConnections(
      deps.db,
      memberships.map((member) => member.organization_id),
    );
    return { connections: connections.map(toActiveConnection) };
  }
  const joinable = (await organizationsForEmailDomain(deps.db, email.slice(email.lastIndexOf('@') + 1))).filter(
    (organization) => organization.sso_jit_provisioning !== 'NOT_ALLOWED',
  );
  const restricted = new Set(
    joinable.filter((organization) => organization.sso_jit_provisioning === 'RESTRICTED').map(({ id }) => id),
  );
  const connections = await activeConnections(
    deps.db,
    joinable.map(({ id }) => id),
  );
  return {
    connections: connections
      .filter((connection) => !restricted.has(connection.organization_id) || connection.jit_provisioning_allowed)
      .map(toActiveConnection),
  };
}
