// Discovery (the organization API's sign-in before an organization is chosen), through real HTTP calls on the
// in-process service: the email link and passcode, the intermediate session, the discovered organizations, the
// exchange (with just-in-time membership by email domain) and the creation of an organization; every refusal, and
// the parallel uses that must end in one session, one member, one organization.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { DiscoveredOrganization, DiscoveryOrganizationsResponse } from '../../src/api/discovery.ts';
import {
  B2B_PATHS,
  B2B_TOKEN_TYPES,
  type MemberAuthenticateResponse,
  type MemberResponse,
  type MemberSessionAuthenticateResponse,
} from '../../src/api/organizations.ts';
import { JWKS_PATH } from '../../src/api/paths.ts';
import { DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES } from '../../src/api/magic-links.ts';
import { MAGIC_LINK_SEND_LIMIT } from '../../src/server/constants/magic-links.ts';
import { INTERMEDIATE_SESSION_LIFETIME_MS, ORGANIZATION_JWT_CLAIM } from '../../src/server/constants/organizations.ts';
import { SESSION_JWT_CLAIM } from '../../src/server/constants/sessions.ts';
import { LUMEN_STAGE } from '../../src/server/dev/organization-seeds.ts';
import { provisionMemberOnce } from '../../src/server/store/members.ts';
import {
  b2bGet,
  b2bPost,
  discover,
  makeOrganization,
  signInToOrganization,
  uniqueDomain,
  uniqueSlug,
} from './organizations-support.ts';
import {
  dataOf,
  expectError,
  inbox,
  latestToken,
  pkcePair,
  PORTAL_URL,
  startTestService,
  type TestService,
} from './support.ts';

const MINUTE = 60_000;
const UNABLE_TO_AUTH =
  'The magic link could not be authenticated because it was either already used or expired. ' +
  'Send another magic link to this user.';
const IST_NOT_FOUND =
  'The intermediate session token is unknown, expired or already used. Prove the email address again.';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

function exchange(intermediate_session_token: string, organization_id: string) {
  return b2bPost(t, B2B_PATHS.discoveryIntermediateSessionsExchange, {
    intermediate_session_token,
    organization_id,
    session_duration_minutes: 60,
  });
}

function create(intermediate_session_token: string, fields: Record<string, unknown> = {}) {
  return b2bPost(t, B2B_PATHS.discoveryOrganizationsCreate, {
    intermediate_session_token,
    session_duration_minutes: 60,
    ...fields,
  });
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.service.db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

function discoveredIds(list: DiscoveredOrganization[]): string[] {
  return list.map((entry) => entry.organization.organization_id);
}

describe('the discovery email link', () => {
  it('goes to the address as a discovery link to the allowed page; used, it lists the organizations', async () => {
    const domain = uniqueDomain();
    const joinable = await makeOrganization(t, { domain });
    const email = `ada@${domain}`;
    await dataOf(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: PORTAL_URL,
      }),
    );
    const [message] = await inbox(t, email);
    assert.ok(message);
    assert.equal(message.subject, 'Your Westlight University login link');
    assert.match(
      message.text,
      /^Hello,\n\nUse this link to log in to Westlight University\. It expires in 30 minutes and works once\.\n\n/,
    );
    const link = new URL(message.links[0] ?? '');
    assert.equal(`${link.origin}${link.pathname}`, PORTAL_URL);
    assert.equal(link.searchParams.get('stytch_token_type'), B2B_TOKEN_TYPES.discovery);

    const found = await dataOf<{
      intermediate_session_token: string;
      email_address: string;
      discovered_organizations: DiscoveredOrganization[];
    }>(
      await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, {
        discovery_magic_links_token: link.searchParams.get('token'),
      }),
    );
    assert.equal(found.email_address, email);
    assert.match(found.intermediate_session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(
      found.discovered_organizations.map((entry) => [
        entry.organization.organization_id,
        entry.membership,
        entry.member_authenticated,
        entry.primary_required,
        entry.mfa_required,
      ]),
      [
        [
          joinable.id,
          { type: 'eligible_to_join_by_email_domain', details: { domain }, member: null },
          true,
          null,
          null,
        ],
      ],
    );
    // The token is stored as its digest only.
    assert.equal(
      await count('select count(*)::int as n from intermediate_sessions where token_hash = $1', [
        found.intermediate_session_token,
      ]),
      0,
    );
  });

  it('works once, and not after it expires', async () => {
    const email = `once@${uniqueDomain()}`;
    await dataOf(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: PORTAL_URL,
      }),
    );
    const token = await latestToken(t, email);
    await dataOf(await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, { discovery_magic_links_token: token }));
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, { discovery_magic_links_token: token }),
      401,
      'unable_to_auth_magic_link',
      UNABLE_TO_AUTH,
    );

    await dataOf(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: PORTAL_URL,
      }),
    );
    const late = await latestToken(t, email);
    t.advance(DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES * MINUTE);
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, { discovery_magic_links_token: late }),
      401,
      'unable_to_auth_magic_link',
      UNABLE_TO_AUTH,
    );
  });

  it('with a PKCE challenge needs its verifier: none, then a wrong one, leave the link usable', async () => {
    const email = `pkce@${uniqueDomain()}`;
    const { verifier, challenge } = pkcePair();
    await dataOf(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: PORTAL_URL,
        pkce_code_challenge: challenge,
      }),
    );
    const token = await latestToken(t, email);
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, { discovery_magic_links_token: token }),
      400,
      'pkce_expected_code_verifier',
      'This magic link was sent with a PKCE code_challenge, so authenticating it requires a code_verifier.',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, {
        discovery_magic_links_token: token,
        pkce_code_verifier: pkcePair().verifier,
      }),
      400,
      'pkce_mismatch',
      'The code_verifier does not match the PKCE code_challenge.',
    );
    const found = await dataOf<{ email_address: string }>(
      await b2bPost(t, B2B_PATHS.magicLinksDiscoveryAuthenticate, {
        discovery_magic_links_token: token,
        pkce_code_verifier: verifier,
      }),
    );
    assert.equal(found.email_address, email);
  });

  it('is written in the language the request asks for', async () => {
    const email = `lucia@${uniqueDomain()}`;
    await dataOf(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: PORTAL_URL,
        locale: 'es',
      }),
    );
    const [message] = await inbox(t, email);
    assert.equal(message?.subject, 'Tu enlace para iniciar sesión en Westlight University');
  });

  it('is refused for a redirect URL outside the allowlist, and nothing is sent', async () => {
    const email = `elsewhere@${uniqueDomain()}`;
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksEmailDiscoverySend, {
        email_address: email,
        discovery_redirect_url: 'https://attacker.example/steal',
      }),
      400,
      'invalid_redirect_url',
      "The redirect URL https://attacker.example/steal is not in the project's list of allowed redirect URLs.",
    );
    assert.deepEqual(await inbox(t, email), []);
  });
});

describe('the discovery passcode', () => {
  async function latestCode(email: string): Promise<string> {
    const [message] = await inbox(t, email);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    assert.ok(code, 'a passcode in the message');
    return code;
  }

  it('proves the address once: a wrong code refused, the right one a session, a second use refused', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const email = `otp@${domain}`;
    await dataOf(await b2bPost(t, B2B_PATHS.otpsEmailDiscoverySend, { email_address: email }));
    const code = await latestCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrongMessage = 'The passcode is wrong, has expired, or was already used. Check the code, or send a new one.';
    await expectError(
      await b2bPost(t, B2B_PATHS.otpsEmailDiscoveryAuthenticate, { code: wrong, email_address: email }),
      401,
      'otp_code_not_found',
      wrongMessage,
    );
    const found = await dataOf<{ email_address: string; discovered_organizations: DiscoveredOrganization[] }>(
      await b2bPost(t, B2B_PATHS.otpsEmailDiscoveryAuthenticate, { code, email_address: email }),
    );
    assert.equal(found.email_address, email);
    assert.deepEqual(discoveredIds(found.discovered_organizations), [organization.id]);
    await expectError(
      await b2bPost(t, B2B_PATHS.otpsEmailDiscoveryAuthenticate, { code, email_address: email }),
      401,
      'otp_code_not_found',
      wrongMessage,
    );
  });

  it('refuses a code that is not six digits before looking anything up', async () => {
    await expectError(
      await b2bPost(t, B2B_PATHS.otpsEmailDiscoveryAuthenticate, { code: '12ab', email_address: 'x@example.com' }),
      400,
      'invalid_code',
      'Code format is invalid: a passcode is exactly 6 digits.',
    );
  });
});

describe('the discovered organizations', () => {
  it('lists memberships, then organizations that admit the domain, each with what a session needs', async () => {
    const domain = uniqueDomain();
    const email = `grace@${domain}`;
    const member = await makeOrganization(t, { domain, email_jit_provisioning: 'NOT_ALLOWED' });
    const strict = await makeOrganization(t, {
      domain,
      email_jit_provisioning: 'NOT_ALLOWED',
      mfa_policy: 'REQUIRED_FOR_ALL',
    });
    const ssoOnly = await makeOrganization(t, {
      domain,
      email_jit_provisioning: 'NOT_ALLOWED',
      auth_methods: 'RESTRICTED',
      allowed_auth_methods: ['sso'],
    });
    const joinableWithMfa = await makeOrganization(t, { domain, mfa_policy: 'REQUIRED_FOR_ALL' });
    await makeOrganization(t, { domain, email_jit_provisioning: 'NOT_ALLOWED' });
    for (const organization of [member, strict, ssoOnly]) {
      await provisionMemberOnce(t.service.db, {
        organizationId: organization.id,
        email,
        provenance: 'created',
        now: t.now(),
      });
    }

    const found = await discover(t, email);
    const summary = found.discovered_organizations.map((entry) => ({
      id: entry.organization.organization_id,
      type: entry.membership.type,
      authenticated: entry.member_authenticated,
      primary: entry.primary_required,
      mfa: entry.mfa_required,
    }));
    assert.deepEqual(summary, [
      { id: member.id, type: 'active_member', authenticated: true, primary: null, mfa: null },
      {
        id: strict.id,
        type: 'active_member',
        authenticated: false,
        primary: null,
        mfa: { member_options: null, secondary_auth_initiated: null },
      },
      {
        id: ssoOnly.id,
        type: 'active_member',
        authenticated: false,
        primary: { allowed_auth_methods: ['sso'] },
        mfa: null,
      },
      {
        id: joinableWithMfa.id,
        type: 'eligible_to_join_by_email_domain',
        authenticated: false,
        primary: null,
        mfa: { member_options: null, secondary_auth_initiated: null },
      },
    ]);

    const listed = await dataOf<DiscoveryOrganizationsResponse>(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, {
        intermediate_session_token: found.intermediate_session_token,
      }),
    );
    assert.equal(listed.email_address, email);
    assert.equal(listed.organization_id_hint, null);
    assert.deepEqual(
      listed.discovered_organizations,
      found.discovered_organizations,
      'listing does not use the token up',
    );
  });

  it('are listed for a member session too, and refused without either or with a dead token', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const email = `hopper@${domain}`;
    const signedIn = await signInToOrganization(t, email, organization.id);
    const listed = await dataOf<DiscoveryOrganizationsResponse>(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, {}, signedIn.session_token),
    );
    assert.equal(listed.email_address, email);
    assert.deepEqual(
      listed.discovered_organizations.map((entry) => [entry.organization.organization_id, entry.membership.type]),
      [[organization.id, 'active_member']],
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, {}),
      401,
      'user_unauthenticated',
      'Must have an active session to call this method. Have you logged in yet?',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, { intermediate_session_token: 'not-a-token' }),
      404,
      'intermediate_session_not_found',
      IST_NOT_FOUND,
    );
  });

  it('are no longer listed once the intermediate session is ten minutes old', async () => {
    const found = await discover(t, `late@${uniqueDomain()}`);
    t.advance(INTERMEDIATE_SESSION_LIFETIME_MS);
    await expectError(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, {
        intermediate_session_token: found.intermediate_session_token,
      }),
      404,
      'intermediate_session_not_found',
      IST_NOT_FOUND,
    );
  });

  it('include the seeded SSO-only partner for its member, with SSO as the primary factor it requires', async () => {
    const email = `stage-${uniqueSlug()}@lumenstage.localhost`;
    await provisionMemberOnce(t.service.db, {
      organizationId: LUMEN_STAGE.id,
      email,
      provenance: 'created',
      now: t.now(),
    });
    const found = await discover(t, email);
    assert.deepEqual(
      found.discovered_organizations.map((entry) => [entry.organization.organization_slug, entry.primary_required]),
      [['lumen-stage', { allowed_auth_methods: ['sso'] }]],
    );
    const exchanged = await dataOf<MemberAuthenticateResponse>(
      await exchange(found.intermediate_session_token, LUMEN_STAGE.id),
    );
    assert.equal(exchanged.member_authenticated, false);
    assert.equal(exchanged.member_session, null);
    assert.equal(exchanged.session_token, '');
    assert.deepEqual(exchanged.primary_required, { allowed_auth_methods: ['sso'] });
    assert.equal(exchanged.mfa_required, null);
    assert.match(exchanged.intermediate_session_token, /^[A-Za-z0-9_-]{43}$/);
  });
});

describe('the exchange', () => {
  it('joins an organization that admits the domain; the session works: authenticate, me, revoke', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const email = `lin@${domain}`;
    const found = await discover(t, email);
    const signedIn = await dataOf<MemberAuthenticateResponse>(
      await exchange(found.intermediate_session_token, organization.id),
    );
    assert.equal(signedIn.member_authenticated, true);
    assert.equal(signedIn.intermediate_session_token, '');
    assert.equal(signedIn.mfa_required, null);
    assert.equal(signedIn.primary_required, null);
    assert.equal(signedIn.organization_id, organization.id);
    assert.equal(signedIn.member.email_address, email);
    assert.equal(signedIn.member.email_address_verified, true);
    assert.equal(signedIn.member.status, 'active');
    assert.deepEqual(
      signedIn.member.roles.map((role) => role.role_id),
      ['stytch_member'],
    );
    const session = signedIn.member_session;
    assert.ok(session);
    assert.equal(session.member_id, signedIn.member_id);
    assert.equal(session.organization_slug, organization.slug);
    assert.deepEqual(session.roles, ['stytch_member']);
    assert.deepEqual(
      session.authentication_factors.map((factor) => [factor.type, factor.delivery_method, factor.sequence_order]),
      [['magic_link', 'email', 'PRIMARY']],
    );
    assert.equal(Date.parse(session.expires_at) - Date.parse(session.started_at), 60 * MINUTE);

    const jwks = createLocalJWKSet((await (await t.service.app.request(JWKS_PATH)).json()) as { keys: [] });
    const { payload } = await jwtVerify(signedIn.session_jwt, jwks, {
      audience: t.service.config.projectId,
      currentDate: new Date(t.now()),
    });
    assert.equal(payload.sub, signedIn.member_id);
    assert.equal((payload[SESSION_JWT_CLAIM] as { id: string }).id, session.member_session_id);
    assert.deepEqual(payload[ORGANIZATION_JWT_CLAIM], { organization_id: organization.id, slug: organization.slug });
    assert.equal((payload.exp ?? 0) - (payload.iat ?? 0), 300);

    const refreshed = await dataOf<MemberSessionAuthenticateResponse>(
      await b2bPost(t, B2B_PATHS.sessionsAuthenticate, { session_duration_minutes: 120 }, signedIn.session_token),
    );
    assert.equal(refreshed.member_session.member_session_id, session.member_session_id);
    assert.equal(refreshed.session_token, signedIn.session_token);
    assert.equal(Date.parse(refreshed.member_session.expires_at) - t.now() <= 120 * MINUTE, true);
    assert.equal(Date.parse(refreshed.member_session.expires_at) - t.now() > 119 * MINUTE, true);

    const me = await dataOf<MemberResponse>(await b2bGet(t, B2B_PATHS.membersMe, signedIn.session_token));
    assert.equal(me.member_id, signedIn.member_id);
    assert.equal(me.organization.organization_id, organization.id);
    const own = await dataOf<{ organization: { organization_slug: string } }>(
      await b2bGet(t, B2B_PATHS.organizationsMe, signedIn.session_token),
    );
    assert.equal(own.organization.organization_slug, organization.slug);

    await dataOf(await b2bPost(t, B2B_PATHS.sessionsRevoke, {}, signedIn.session_token));
    await expectError(
      await b2bPost(t, B2B_PATHS.sessionsAuthenticate, {}, signedIn.session_token),
      404,
      'session_not_found',
      'Session not found.',
    );
    await expectError(await b2bGet(t, B2B_PATHS.membersMe, signedIn.session_token), 404, 'session_not_found');
  });

  it('uses the intermediate session up', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const found = await discover(t, `used@${domain}`);
    await dataOf(await exchange(found.intermediate_session_token, organization.id));
    await expectError(
      await exchange(found.intermediate_session_token, organization.id),
      404,
      'intermediate_session_not_found',
      IST_NOT_FOUND,
    );
  });

  it('refuses an organization that does not admit the address: no member, the token still usable', async () => {
    const domain = uniqueDomain();
    const email = `kim@${domain}`;
    const closed = await makeOrganization(t, { domain, email_jit_provisioning: 'NOT_ALLOWED' });
    const otherDomain = await makeOrganization(t, { domain: uniqueDomain() });
    const open = await makeOrganization(t, { domain });
    const found = await discover(t, email);
    await expectError(
      await exchange(found.intermediate_session_token, closed.id),
      403,
      'email_jit_provisioning_not_allowed',
      'This organization does not let new members join by email. Ask one of its administrators for an invitation.',
    );
    await expectError(
      await exchange(found.intermediate_session_token, otherDomain.id),
      403,
      'invalid_email_for_jit_provisioning',
      `This organization does not admit new members from the domain ${domain}.`,
    );
    await expectError(
      await exchange(found.intermediate_session_token, 'organization-test-00000000-0000-0000-0000-000000000000'),
      404,
      'organization_not_found',
      'No organization has this id or slug.',
    );
    assert.equal(await count('select count(*)::int as n from members where email = $1', [email]), 0);
    const joined = await dataOf<MemberAuthenticateResponse>(await exchange(found.intermediate_session_token, open.id));
    assert.equal(joined.organization_id, open.id);
  });

  it('into an organization that requires MFA gives an intermediate session bound to the member', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain, mfa_policy: 'REQUIRED_FOR_ALL' });
    const found = await discover(t, `mfa@${domain}`);
    const answer = await dataOf<MemberAuthenticateResponse>(
      await exchange(found.intermediate_session_token, organization.id),
    );
    assert.equal(answer.member_authenticated, false);
    assert.equal(answer.member_session, null);
    assert.equal(answer.session_token, '');
    assert.equal(answer.session_jwt, '');
    assert.deepEqual(answer.mfa_required, { member_options: null, secondary_auth_initiated: null });
    assert.equal(answer.primary_required, null);
    const [bound] = await t.service.db.query<{
      organization_id: string;
      member_id: string;
      expires_at: Date;
      created_at: Date;
    }>('select organization_id, member_id, expires_at, created_at from intermediate_sessions where member_id = $1', [
      answer.member_id,
    ]);
    assert.deepEqual([bound?.organization_id, bound?.member_id], [organization.id, answer.member_id]);
    assert.equal(Number(bound?.expires_at) - Number(bound?.created_at), INTERMEDIATE_SESSION_LIFETIME_MS);
    assert.equal(
      await count('select count(*)::int as n from member_sessions where member_id = $1', [answer.member_id]),
      0,
    );
    // The organization-bound token lists with its organization as the hint.
    const listed = await dataOf<DiscoveryOrganizationsResponse>(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, {
        intermediate_session_token: answer.intermediate_session_token,
      }),
    );
    assert.equal(listed.organization_id_hint, organization.id);
  });

  it('ten at once with one token: exactly one session, the rest intermediate_session_not_found', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const found = await discover(t, `race@${domain}`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => exchange(found.intermediate_session_token, organization.id)),
    );
    const statuses = answers.map((res) => res.status).sort();
    assert.deepEqual(statuses, [200, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    for (const res of answers.filter((r) => r.status === 404))
      await expectError(res, 404, 'intermediate_session_not_found');
    assert.equal(
      await count(
        'select count(*)::int as n from member_sessions s join members m on m.id = s.member_id where m.email = $1',
        [`race@${domain}`],
      ),
      1,
    );
  });

  it('several proofs of one address joining one organization at once: one member, every session names it', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const email = `jit@${domain}`;
    const tokens: string[] = [];
    // As many links as one address may be sent in a window.
    for (let i = 0; i < MAGIC_LINK_SEND_LIMIT; i++) tokens.push((await discover(t, email)).intermediate_session_token);
    const answers = await Promise.all(tokens.map((token) => exchange(token, organization.id)));
    const members = new Set<string>();
    for (const res of answers) members.add((await dataOf<MemberAuthenticateResponse>(res)).member_id);
    assert.equal(members.size, 1);
    assert.equal(await count('select count(*)::int as n from members where email = $1', [email]), 1);
    assert.equal(
      await count('select count(*)::int as n from member_sessions where member_id = $1', [[...members][0]]),
      MAGIC_LINK_SEND_LIMIT,
    );
  });
});

describe('creating an organization through discovery', () => {
  it('makes the organization with the creator as its admin member, signed in', async () => {
    const domain = uniqueDomain();
    const email = `founder@${domain}`;
    const slug = uniqueSlug('troupe');
    const found = await discover(t, email);
    const created = await dataOf<MemberAuthenticateResponse>(
      await create(found.intermediate_session_token, {
        organization_name: '  Night Owl Troupe ',
        organization_slug: slug,
        email_allowed_domains: [domain.toUpperCase()],
        email_jit_provisioning: 'RESTRICTED',
      }),
    );
    assert.equal(created.organization.organization_name, 'Night Owl Troupe');
    assert.equal(created.organization.organization_slug, slug);
    assert.deepEqual(created.organization.email_allowed_domains, [domain]);
    assert.equal(created.organization.email_jit_provisioning, 'RESTRICTED');
    assert.equal(created.organization.mfa_policy, 'OPTIONAL');
    assert.equal(created.member.email_address, email);
    assert.equal(created.member.is_admin, true);
    assert.deepEqual(
      created.member.roles.map((role) => role.role_id),
      ['stytch_member', 'stytch_admin'],
    );
    assert.deepEqual(created.member_session?.roles, ['stytch_member', 'stytch_admin']);
    assert.equal(created.member_authenticated, true);
    // A colleague now discovers it by the domain.
    const colleague = await discover(t, `colleague@${domain}`);
    assert.deepEqual(discoveredIds(colleague.discovered_organizations), [created.organization_id]);
  });

  it('makes name and slug from the address when the request leaves them out', async () => {
    const label = uniqueSlug('studio');
    const found = await discover(t, `owner@${label}.localhost`);
    const created = await dataOf<MemberAuthenticateResponse>(await create(found.intermediate_session_token));
    assert.equal(created.organization.organization_name, label);
    assert.equal(created.organization.organization_slug, label);
    assert.deepEqual(created.organization.email_allowed_domains, []);
    const second = await discover(t, `other@${label}.localhost`);
    const again = await dataOf<MemberAuthenticateResponse>(await create(second.intermediate_session_token));
    assert.match(again.organization.organization_slug, new RegExp(`^${label}-[0-9a-f]{6}$`));
  });

  it('refuses a taken slug, a malformed slug, a name too long and another domain; the token stays usable', async () => {
    const domain = uniqueDomain();
    const found = await discover(t, `second@${domain}`);
    await expectError(
      await create(found.intermediate_session_token, { organization_slug: 'aurora-theatre' }),
      409,
      'organization_slug_already_used',
      'The organization slug aurora-theatre is already used by another organization.',
    );
    for (const slug of ['Upper', 'a', 'has space', 'x'.repeat(129), 'émile']) {
      await expectError(
        await create(found.intermediate_session_token, { organization_slug: slug }),
        400,
        'invalid_organization_slug',
        'organization_slug must be 2 to 128 lower-case letters, digits or the characters - . _ ~ (no spaces).',
      );
    }
    await expectError(
      await create(found.intermediate_session_token, { organization_name: 'x'.repeat(129) }),
      400,
      'invalid_organization_name',
      'organization_name must be 1 to 128 characters.',
    );
    await expectError(
      await create(found.intermediate_session_token, { email_allowed_domains: ['westlight.localhost'] }),
      400,
      'invalid_request',
      `email_allowed_domains may list only ${domain}, the domain of the address that creates it.`,
    );
    await expectError(
      await create(found.intermediate_session_token, { mfa_policy: 'SOMETIMES' }),
      400,
      'invalid_request',
      'mfa_policy must be one of: REQUIRED_FOR_ALL, OPTIONAL.',
    );
    assert.equal(await count('select count(*)::int as n from members where email = $1', [`second@${domain}`]), 0);
    const created = await dataOf<MemberAuthenticateResponse>(
      await create(found.intermediate_session_token, { organization_slug: uniqueSlug('after') }),
    );
    assert.equal(created.member.email_address, `second@${domain}`);
  });

  it('parallel creates of one slug: exactly one organization, the others organization_slug_already_used', async () => {
    const slug = uniqueSlug('contest');
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++)
      tokens.push((await discover(t, `racer${i}@${uniqueDomain()}`)).intermediate_session_token);
    const answers = await Promise.all(tokens.map((token) => create(token, { organization_slug: slug })));
    const tally = answers.map((res) => res.status).sort();
    assert.deepEqual(tally, [200, 409, 409, 409, 409, 409]);
    assert.equal(await count('select count(*)::int as n from organizations where slug = $1', [slug]), 1);
    assert.equal(
      await count(
        'select count(*)::int as n from members m join organizations o on o.id = m.organization_id where o.slug = $1',
        [slug],
      ),
      1,
    );
  });

  it('is refused when the project does not enable it', async () => {
    const closed = await startTestService({ createOrganizationEnabled: false });
    try {
      const email = `nobody@${uniqueDomain()}`;
      const found = await discover(closed, email);
      await expectError(
        await b2bPost(closed, B2B_PATHS.discoveryOrganizationsCreate, {
          intermediate_session_token: found.intermediate_session_token,
          session_duration_minutes: 30,
        }),
        403,
        'unauthorized_action',
        'This project does not let organizations be created through discovery.',
      );
    } finally {
      await closed.close();
    }
  });
});

describe('malformed discovery requests', () => {
  const cases: [path: string, body: unknown, status: number, errorType: string, message: string][] = [
    [B2B_PATHS.magicLinksEmailDiscoverySend, {}, 400, 'invalid_request', 'email_address is required.'],
    [
      B2B_PATHS.magicLinksEmailDiscoverySend,
      { email_address: 'nope' },
      400,
      'invalid_email',
      'Email format is invalid.',
    ],
    [
      B2B_PATHS.magicLinksEmailDiscoverySend,
      { email_address: 'a@b.co', discovery_expiration_minutes: 1 },
      400,
      'invalid_request',
      'discovery_expiration_minutes must be a whole number of minutes from 5 to 10080.',
    ],
    [
      B2B_PATHS.magicLinksEmailDiscoverySend,
      { email_address: 'a@b.co', pkce_code_challenge: 'short' },
      400,
      'invalid_request',
      'code_challenge must be an S256 challenge: 43 base64url characters.',
    ],
    [B2B_PATHS.magicLinksDiscoveryAuthenticate, {}, 400, 'invalid_request', 'discovery_magic_links_token is required.'],
    [
      B2B_PATHS.magicLinksDiscoveryAuthenticate,
      { discovery_magic_links_token: 7 },
      400,
      'invalid_request',
      'discovery_magic_links_token must be a string',
    ],
    [
      B2B_PATHS.otpsEmailDiscoveryAuthenticate,
      { code: '123456' },
      400,
      'invalid_request',
      'email_address is required.',
    ],
    [
      B2B_PATHS.discoveryOrganizations,
      { intermediate_session_token: ['x'] },
      400,
      'invalid_request',
      'intermediate_session_token must be a string',
    ],
    [
      B2B_PATHS.discoveryIntermediateSessionsExchange,
      { intermediate_session_token: 'x', session_duration_minutes: 30 },
      400,
      'invalid_request',
      'organization_id is required.',
    ],
    [
      B2B_PATHS.discoveryIntermediateSessionsExchange,
      { intermediate_session_token: 'x', organization_id: 'o', session_duration_minutes: 1 },
      400,
      'invalid_request',
      'session_duration_minutes must be a whole number of minutes from 5 to 525600.',
    ],
    [
      B2B_PATHS.discoveryOrganizationsCreate,
      { intermediate_session_token: 'x', session_duration_minutes: 30, allowed_auth_methods: 'sso' },
      400,
      'invalid_request',
      'allowed_auth_methods must be an array of strings',
    ],
    [
      B2B_PATHS.discoveryOrganizationsCreate,
      { intermediate_session_token: 'x', session_duration_minutes: 30, email_allowed_domains: ['not a domain'] },
      400,
      'invalid_request',
      'email_allowed_domains must list at most 50 domain names such as example.com.',
    ],
    [B2B_PATHS.discoveryOrganizationsCreate, '[1]', 400, 'invalid_request', 'The request body must be a JSON object.'],
    [B2B_PATHS.discoveryOrganizationsCreate, '{', 400, 'invalid_json', 'The request body is not valid JSON.'],
  ];
  for (const [path, body, status, errorType, message] of cases) {
    it(`${path} ${typeof body === 'string' ? body : JSON.stringify(body)} → ${status} ${errorType}`, async () => {
      await expectError(await b2bPost(t, path, body), status, errorType, message);
    });
  }
});
