// The organization API of a page that knows its organization, through real HTTP calls on the in-process service: the
// B2B project's token and bootstrap, the organization's email link (login and sign-up by domain), the lookups by slug
// and member, the member session calls without a session, and the seeded demo organizations.
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import type { BootstrapResponse } from '../../src/api/bootstrap.ts';
import {
  B2B_PATHS,
  B2B_TOKEN_TYPES,
  type MemberMagicLinkAuthenticateResponse,
  type MemberSearchResponse,
  type OrganizationSearchResponse,
} from '../../src/api/organizations.ts';
import { PATHS } from '../../src/api/paths.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { MEMBER_SEARCH_IP_LIMIT } from '../../src/server/constants/organizations.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN, DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { AURORA_THEATRE, LUMEN_STAGE } from '../../src/server/dev/organization-seeds.ts';
import { Errors } from '../../src/server/http/errors.ts';
import { provisionMemberOnce } from '../../src/server/store/members.ts';
import {
  b2bAuth,
  b2bGet,
  b2bPost,
  makeOrganization,
  signInToOrganization,
  uniqueDomain,
} from './organizations-support.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  inbox,
  latestToken,
  pkcePair,
  PORTAL_URL,
  post,
  signIn,
  startTestService,
  type TestService,
} from './support.ts';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

function sendLink(organization_id: string, email_address: string, extra: Record<string, unknown> = {}) {
  return b2bPost(t, B2B_PATHS.magicLinksEmailLoginOrSignup, {
    organization_id,
    email_address,
    login_redirect_url: PORTAL_URL,
    signup_redirect_url: PORTAL_URL,
    ...extra,
  });
}

function authenticateLink(magic_links_token: string, extra: Record<string, unknown> = {}) {
  return b2bPost(t, B2B_PATHS.magicLinksAuthenticate, { magic_links_token, session_duration_minutes: 30, ...extra });
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const [row] = await t.service.db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

describe('the B2B project', () => {
  it(
    'has its own bootstrap: vertical B2B, no organization URL template, ' + 'organization creation (on in development)',
    async () => {
      const res = await t.service.app.request(`${SDK_BASE_PATH}${PATHS.bootstrap(DEFAULT_B2B_PUBLIC_TOKEN)}`);
      const b2b = await dataOf<BootstrapResponse>(res);
      assert.equal(b2b.vertical, 'B2B');
      assert.equal(b2b.slug_pattern, null);
      assert.equal(b2b.create_organization_enabled, true);
      assert.equal(b2b.pkce_required_for_sso, false);
      assert.equal(b2b.project_name, 'Westlight University');
      const consumer = await dataOf<BootstrapResponse>(
        await t.service.app.request(`${SDK_BASE_PATH}${PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)}`),
      );
      assert.deepEqual(
        [consumer.vertical, consumer.slug_pattern, consumer.create_organization_enabled],
        ['CONSUMER', null, false],
      );
    },
  );

  it("publishes the organization URL template as `slug_pattern`; a path is on the service's own origin", async () => {
    const bootstrapOf = async (organizationUrlTemplate: string, headers: Record<string, string> = {}) => {
      const configured = await startTestService({ organizationUrlTemplate });
      try {
        const url = `http://training.example${SDK_BASE_PATH}${PATHS.bootstrap(DEFAULT_B2B_PUBLIC_TOKEN)}`;
        return (await dataOf<BootstrapResponse>(await configured.service.app.request(url, { headers }))).slug_pattern;
      } finally {
        await configured.close();
      }
    };
    assert.equal(
      await bootstrapOf('https://partners.example/{{slug}}/login'),
      'https://partners.example/{{slug}}/login',
    );
    assert.equal(
      await bootstrapOf('/corporate-training/{{slug}}'),
      'http://training.example/corporate-training/{{slug}}',
    );
  });

  it(
    'refuses at start an organization URL template without exactly one {{slug}}, ' + 'or not an http(s) URL or path',
    async () => {
      for (const template of [
        'https://partners.example/login',
        '/{{slug}}/{{slug}}',
        'ftp://x.example/{{slug}}',
        '{{slug}}',
      ]) {
        await assert.rejects(
          startTestService({ organizationUrlTemplate: template }),
          /organization URL template/,
          template,
        );
      }
    },
  );

  it("serves the demo's corporate training page at each organization's address under it", async () => {
    const site = await startTestService({ siteDir: fileURLToPath(new URL('../../demo-site', import.meta.url)) });
    try {
      const page = async (urlPath: string) => {
        const res = await site.service.app.request(urlPath);
        return [res.status, await res.text()] as const;
      };
      const [status, portal] = await page('/corporate-training');
      assert.equal(status, 200);
      assert.deepEqual(await page('/corporate-training/aurora-theatre'), [200, portal]);
      assert.equal((await page('/corporate-training/aurora-theatre/more'))[0], 404);
      assert.equal((await page('/student-portal/aurora-theatre'))[0], 404);
    } finally {
      await site.close();
    }
  });

  it('publishes the configured SSO PKCE and creation settings', async () => {
    const configured = await startTestService({ pkceRequiredForSso: true, createOrganizationEnabled: false });
    try {
      const b2b = await dataOf<BootstrapResponse>(
        await configured.service.app.request(`${SDK_BASE_PATH}${PATHS.bootstrap(DEFAULT_B2B_PUBLIC_TOKEN)}`),
      );
      assert.deepEqual([b2b.pkce_required_for_sso, b2b.create_organization_enabled], [true, false]);
    } finally {
      await configured.close();
    }
  });

  it('refuses to start with one token for both APIs', async () => {
    await assert.rejects(
      startTestService({ publicToken: 'public-token-test-same', b2bPublicToken: 'public-token-test-same' }),
      {
        message: 'The B2B public token must differ from the consumer public token.',
      },
    );
  });

  it('keeps the two APIs apart: the consumer API refuses the B2B token, the B2B API the consumer token', async () => {
    await expectError(
      await post(
        t,
        PATHS.magicLinksEmailLoginOrCreate,
        { email: 'a@example.com' },
        {
          headers: { Authorization: b2bAuth() },
        },
      ),
      401,
      'invalid_public_token',
      'The public token is not valid for this project.',
    );
    const res = await t.service.app.request(`${SDK_BASE_PATH}${B2B_PATHS.organizationsSearch}`, {
      method: 'POST',
      headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ organization_slug: 'aurora-theatre' }),
    });
    await expectError(res, 401, 'invalid_public_token', 'The public token is not valid for this project.');
  });

  it('has the spec’s duplicate_member_phone_number message in its catalogue', () => {
    const error = Errors.duplicateMemberPhoneNumber();
    assert.deepEqual(
      [error.status, error.errorType, error.message],
      [
        400,
        'duplicate_member_phone_number',
        'A member with the specified phone number already exists for this organization.',
      ],
    );
  });
});

describe('the organization email link', () => {
  it('signs up an address the organization admits by domain: a sign-up link, then a new verified member', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const email = `new@${domain}`;
    await dataOf(await sendLink(organization.id, email));
    assert.equal(
      await count('select count(*)::int as n from members where email = $1', [email]),
      0,
      'nothing is made before the link is used',
    );
    const [message] = await inbox(t, email);
    assert.equal(message?.subject, `Your ${organization.name} sign-up link`);
    const link = new URL(message?.links[0] ?? '');
    assert.equal(link.searchParams.get('stytch_token_type'), B2B_TOKEN_TYPES.organizationLink);
    const signedIn = await dataOf<MemberMagicLinkAuthenticateResponse>(
      await authenticateLink(link.searchParams.get('token') ?? ''),
    );
    assert.equal(signedIn.member_authenticated, true);
    assert.equal(signedIn.organization_id, organization.id);
    assert.equal(signedIn.member.email_address, email);
    assert.equal(signedIn.member.email_address_verified, true);
    assert.equal(signedIn.method_id, signedIn.member_id);
    assert.deepEqual(
      signedIn.member_session?.authentication_factors.map((factor) => [factor.type, factor.delivery_method]),
      [['magic_link', 'email']],
    );
    await expectError(await authenticateLink(link.searchParams.get('token') ?? ''), 401, 'unable_to_auth_magic_link');
  });

  it('logs a member in (the organization named by its slug), with PKCE when the link carried it', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain, email_jit_provisioning: 'NOT_ALLOWED' });
    const email = `member@${domain}`;
    const { member } = await provisionMemberOnce(t.service.db, {
      organizationId: organization.id,
      email,
      provenance: 'created',
      now: t.now(),
    });
    const { verifier, challenge } = pkcePair();
    await dataOf(await sendLink(organization.slug, email, { pkce_code_challenge: challenge, locale: 'fr' }));
    const [message] = await inbox(t, email);
    assert.equal(message?.subject, `Votre lien de connexion à ${organization.name}`);
    const token = await latestToken(t, email);
    await expectError(await authenticateLink(token), 400, 'pkce_expected_code_verifier');
    const signedIn = await dataOf<MemberMagicLinkAuthenticateResponse>(
      await authenticateLink(token, { pkce_code_verifier: verifier }),
    );
    assert.equal(signedIn.member_id, member.id);
  });

  it('is refused for an address the organization neither has nor admits, and when SSO-only', async () => {
    const domain = uniqueDomain();
    const closed = await makeOrganization(t, { domain, email_jit_provisioning: 'NOT_ALLOWED' });
    const email = `stranger@${domain}`;
    await expectError(await sendLink(closed.id, email), 403, 'email_jit_provisioning_not_allowed');
    const otherDomain = await makeOrganization(t);
    await expectError(
      await sendLink(otherDomain.id, email),
      403,
      'invalid_email_for_jit_provisioning',
      `This organization does not admit new members from the domain ${domain}.`,
    );
    await expectError(
      await sendLink(LUMEN_STAGE.id, 'someone@lumenstage.localhost'),
      403,
      'operation_restricted_by_organization_auth_methods',
      'This organization does not allow signing in with magic_link.',
    );
    await expectError(await sendLink('no-such-organization', email), 404, 'organization_not_found');
    assert.deepEqual(await inbox(t, email), []);
  });

  it('with MFA required ends in an intermediate session; sent with the next link, its factors carry', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain, mfa_policy: 'REQUIRED_FOR_ALL' });
    const email = `strict@${domain}`;
    await dataOf(await sendLink(organization.id, email));
    const first = await dataOf<MemberMagicLinkAuthenticateResponse>(
      await authenticateLink(await latestToken(t, email)),
    );
    assert.equal(first.member_authenticated, false);
    assert.deepEqual(first.mfa_required, { member_options: null, secondary_auth_initiated: null });
    await dataOf(await sendLink(organization.id, email));
    const second = await dataOf<MemberMagicLinkAuthenticateResponse>(
      await authenticateLink(await latestToken(t, email), {
        intermediate_session_token: first.intermediate_session_token,
      }),
    );
    assert.equal(second.member_authenticated, false);
    const [row] = await t.service.db.query<{ n: number }>(
      `select jsonb_array_length(factors)::int as n from intermediate_sessions
       where member_id = $1 and used_at is null`,
      [first.member_id],
    );
    assert.equal(row?.n, 2, 'the new intermediate session holds both links');
    await expectError(
      await b2bPost(t, B2B_PATHS.discoveryOrganizations, {
        intermediate_session_token: first.intermediate_session_token,
      }),
      404,
      'intermediate_session_not_found',
    );
  });

  it('refuses a redirect URL outside the allowlist and malformed bodies', async () => {
    const organization = await makeOrganization(t);
    await expectError(
      await sendLink(organization.id, `x@${organization.email_allowed_domains[0]}`, {
        login_redirect_url: 'https://evil.example/',
        signup_redirect_url: 'https://evil.example/',
      }),
      400,
      'invalid_redirect_url',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksEmailLoginOrSignup, { email_address: 'a@b.co' }),
      400,
      'invalid_request',
      'organization_id is required.',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksAuthenticate, { magic_links_token: 'x' }),
      400,
      'invalid_request',
      'session_duration_minutes is required.',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.magicLinksAuthenticate, {
        magic_links_token: 'x',
        session_duration_minutes: 30,
        pkce_code_verifier: 'v'.repeat(129),
      }),
      400,
      'invalid_request',
      'pkce_code_verifier must be at most 128 characters.',
    );
  });
});

describe('the lookups', () => {
  it('member search answers whether the address is a member, with only its status, name and password id', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const email = `found@${domain}`;
    await provisionMemberOnce(t.service.db, {
      organizationId: organization.id,
      email,
      name: 'Ada',
      provenance: 'created',
      now: t.now(),
    });
    const found = await dataOf<MemberSearchResponse>(
      await b2bPost(t, B2B_PATHS.membersSearch, {
        email_address: email.toUpperCase(),
        organization_id: organization.id,
      }),
    );
    assert.deepEqual(found.member, { status: 'active', name: 'Ada', member_password_id: '' });
    const missing = await dataOf<MemberSearchResponse>(
      await b2bPost(t, B2B_PATHS.membersSearch, {
        email_address: `missing@${domain}`,
        organization_id: organization.slug,
      }),
    );
    assert.equal(missing.member, null);
    await expectError(
      await b2bPost(t, B2B_PATHS.membersSearch, { email_address: email, organization_id: 'nope' }),
      404,
      'organization_not_found',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.membersSearch, { organization_id: organization.id }),
      400,
      'invalid_request',
      'email_address is required.',
    );
  });

  it('member search is limited per client address', async () => {
    const organization = await makeOrganization(t);
    const search = (ip: string) =>
      t.service.app.request(
        `${SDK_BASE_PATH}${B2B_PATHS.membersSearch}`,
        {
          method: 'POST',
          headers: { Authorization: b2bAuth(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ email_address: 'a@example.com', organization_id: organization.id }),
        },
        { incoming: { socket: { remoteAddress: ip } } },
      );
    const answers = await Promise.all(
      Array.from({ length: MEMBER_SEARCH_IP_LIMIT + 1 }, () => search('198.51.100.77')),
    );
    assert.deepEqual(
      answers.map((res) => res.status).sort((a, b) => a - b),
      [...Array.from({ length: MEMBER_SEARCH_IP_LIMIT }, () => 200), 429],
    );
    await expectError(
      answers.find((res) => res.status === 429) as Response,
      429,
      'too_many_requests',
      'Too many requests from this network. Try again later.',
    );
    assert.equal((await search('198.51.100.78')).status, 200, 'another client has its own budget');
  });

  it('organization search finds the seeded partners by slug, and answers null for an unknown slug', async () => {
    const aurora = await dataOf<OrganizationSearchResponse>(
      await b2bPost(t, B2B_PATHS.organizationsSearch, { organization_slug: AURORA_THEATRE.slug }),
    );
    assert.deepEqual(aurora.organization, {
      organization_id: AURORA_THEATRE.id,
      organization_name: 'Aurora Theatre Group',
      organization_slug: 'aurora-theatre',
      organization_logo_url: '',
      sso_active_connections: [],
      sso_default_connection_id: null,
      email_allowed_domains: ['auroratheatre.localhost'],
      email_jit_provisioning: 'RESTRICTED',
      oauth_tenant_jit_provisioning: 'NOT_ALLOWED',
      allowed_oauth_tenants: {},
      auth_methods: 'ALL_ALLOWED',
      allowed_auth_methods: [],
      mfa_policy: 'OPTIONAL',
    });
    const lumen = await dataOf<OrganizationSearchResponse>(
      await b2bPost(t, B2B_PATHS.organizationsSearch, { organization_slug: LUMEN_STAGE.slug }),
    );
    assert.deepEqual(
      [lumen.organization?.auth_methods, lumen.organization?.allowed_auth_methods, lumen.organization?.mfa_policy],
      ['RESTRICTED', ['sso'], 'REQUIRED_FOR_ALL'],
    );
    const none = await dataOf<OrganizationSearchResponse>(
      await b2bPost(t, B2B_PATHS.organizationsSearch, { organization_slug: 'nobody-here' }),
    );
    assert.equal(none.organization, null);
  });

  it('a seeded partner admits its staff by domain: a new Aurora address joins through discovery', async () => {
    const signedIn = await signInToOrganization(
      t,
      `stagehand-${Date.now()}@auroratheatre.localhost`,
      AURORA_THEATRE.id,
    );
    assert.equal(signedIn.member_authenticated, true);
    assert.equal(signedIn.organization.organization_slug, 'aurora-theatre');
  });
});

describe('the member session calls', () => {
  it('need a session: none is 401 user_unauthenticated, an unknown one 404 session_not_found', async () => {
    for (const call of [
      () => b2bGet(t, B2B_PATHS.membersMe),
      () => b2bGet(t, B2B_PATHS.organizationsMe),
      () => b2bPost(t, B2B_PATHS.sessionsAuthenticate, {}),
      () => b2bPost(t, B2B_PATHS.sessionsRevoke, {}),
    ]) {
      await expectError(await call(), 401, 'user_unauthenticated');
    }
    await expectError(await b2bGet(t, B2B_PATHS.membersMe, 'unknown-session-token'), 404, 'session_not_found');
    await expectError(
      await b2bPost(t, B2B_PATHS.sessionsAuthenticate, {}, 'unknown-session-token'),
      404,
      'session_not_found',
    );
  });

  it('a member session is not a consumer session, and the other way round', async () => {
    const domain = uniqueDomain();
    const organization = await makeOrganization(t, { domain });
    const member = await signInToOrganization(t, `both@${domain}`, organization.id);
    await expectError(
      await post(t, PATHS.sessionsAuthenticate, {}, { sessionToken: member.session_token }),
      404,
      'session_not_found',
    );
    const student = await signIn(t);
    await expectError(
      await b2bPost(t, B2B_PATHS.sessionsAuthenticate, {}, student.sessionToken),
      404,
      'session_not_found',
    );
    await expectError(
      await b2bPost(t, B2B_PATHS.sessionsAuthenticate, { session_duration_minutes: 'long' }, member.session_token),
      400,
      'invalid_request',
      'session_duration_minutes must be a number',
    );
  });
});
