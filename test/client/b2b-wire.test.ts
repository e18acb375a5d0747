/// <reference types="mocha" />
// The organization (B2B) client on the wire: every call the organization screens make sends the path, method, body
// fields and headers the hosted provider's own B2B headless client (@stytch/vanilla-js 6.3.0) sends for the same call
// in the same browser state, both pointed at the in-process service. The answers do not matter here (most are
// refusals of made-up tokens); what went out does.
import { expect } from 'chai';
import type { StytchB2BClient } from '@stytch/vanilla-js/b2b/headless';
import { SSO_PATHS } from '../../src/api/sso.ts';
import type { B2BClient } from '../../src/client/index.ts';
import { DEFAULT_IST_COOKIE } from '../../src/client/constants/sessions.ts';
import { challengeFor, getPair, startPair } from '../../src/client/pkce.ts';
import { resetBrowserState } from '../support/client.ts';
import { b2bRequests, freshB2BState, hostedB2BClient, makeB2BClient, type WireRequest } from '../support/b2b.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { recordNavigations } from '../support/navigation.ts';

const IST = 'ist-wire-comparison';
const ORGANIZATION_ID = 'organization-test-wire-0000';
const MEMBER_ID = 'member-test-wire-0000';
const pt = () => testEnv.b2bPublicToken;

/** The hosted client's internal member search, which its B2B UI calls before it offers a password. */
interface HostedInternals {
  searchManager: { searchMember(email: string, organizationId: string): Promise<unknown> };
}
const internals = (client: StytchB2BClient) =>
  (client as unknown as Record<symbol, HostedInternals>)[Symbol.for('stytch__internal_b2b')]!;

/** The browser state a call starts from: an intermediate session token in its cookie, key pairs in storage. */
interface Start {
  ist?: boolean;
  pairs?: ('magic_links' | 'sso')[];
}

interface Case {
  name: string;
  start?: Start;
  ours(client: B2BClient): Promise<unknown>;
  theirs(client: StytchB2BClient): Promise<unknown>;
}

const session = { session_duration_minutes: 60 };
const member = { organization_id: ORGANIZATION_ID, member_id: MEMBER_ID };

const CASES: Case[] = [
  {
    name: 'magicLinks.email.discovery.send',
    ours: (c) => c.magicLinks.email.discovery.send(discoverySend),
    theirs: (c) => c.magicLinks.email.discovery.send(discoverySend),
  },
  {
    name: 'magicLinks.discovery.authenticate, with the stored magic_links verifier',
    start: { pairs: ['magic_links'], ist: true },
    ours: (c) => c.magicLinks.discovery.authenticate({ discovery_magic_links_token: 'discovery-token-wire' }),
    theirs: (c) => c.magicLinks.discovery.authenticate({ discovery_magic_links_token: 'discovery-token-wire' }),
  },
  {
    name: 'magicLinks.email.loginOrSignup',
    ours: (c) => c.magicLinks.email.loginOrSignup(loginOrSignup),
    theirs: (c) => c.magicLinks.email.loginOrSignup(loginOrSignup),
  },
  {
    name: 'magicLinks.authenticate, with the verifier and the intermediate session token',
    start: { pairs: ['magic_links'], ist: true },
    ours: (c) => c.magicLinks.authenticate({ magic_links_token: 'magic-token-wire', locale: 'es', ...session }),
    theirs: (c) => c.magicLinks.authenticate({ magic_links_token: 'magic-token-wire', locale: 'es', ...session }),
  },
  {
    name: 'otps.email.discovery.send',
    ours: (c) => c.otps.email.discovery.send({ email_address: 'otp-wire@example.com', locale: 'fr' }),
    theirs: (c) => c.otps.email.discovery.send({ email_address: 'otp-wire@example.com', locale: 'fr' }),
  },
  {
    name: 'otps.email.discovery.authenticate',
    start: { ist: true },
    ours: (c) => c.otps.email.discovery.authenticate({ code: '123456', email_address: 'otp-wire@example.com' }),
    theirs: (c) => c.otps.email.discovery.authenticate({ code: '123456', email_address: 'otp-wire@example.com' }),
  },
  {
    name: 'discovery.organizations.list, without an intermediate session token',
    ours: (c) => c.discovery.organizations.list(),
    theirs: (c) => c.discovery.organizations.list(),
  },
  {
    name: 'discovery.organizations.list, with one',
    start: { ist: true },
    ours: (c) => c.discovery.organizations.list(),
    theirs: (c) => c.discovery.organizations.list(),
  },
  {
    name: 'discovery.intermediateSessions.exchange',
    start: { ist: true },
    ours: (c) =>
      c.discovery.intermediateSessions.exchange({ organization_id: ORGANIZATION_ID, locale: 'en', ...session }),
    theirs: (c) =>
      c.discovery.intermediateSessions.exchange({ organization_id: ORGANIZATION_ID, locale: 'en', ...session }),
  },
  {
    name: 'discovery.organizations.create',
    start: { ist: true },
    ours: (c) => c.discovery.organizations.create(organizationCreate),
    theirs: (c) => c.discovery.organizations.create(organizationCreate),
  },
  {
    name: 'sso.authenticate, with the stored sso verifier and the intermediate session token',
    start: { pairs: ['sso'], ist: true },
    ours: (c) => c.sso.authenticate({ sso_token: 'sso-token-wire', ...session }),
    theirs: (c) => c.sso.authenticate({ sso_token: 'sso-token-wire', ...session }),
  },
  {
    name: 'sso.discoverConnections',
    ours: (c) => c.sso.discoverConnections('someone+sso@lumenstage.localhost'),
    theirs: (c) => c.sso.discoverConnections('someone+sso@lumenstage.localhost'),
  },
  {
    name: 'totp.create',
    start: { ist: true },
    ours: (c) => c.totp.create({ ...member, expiration_minutes: 10 }),
    theirs: (c) => c.totp.create({ ...member, expiration_minutes: 10 }),
  },
  {
    name: 'totp.authenticate',
    start: { ist: true },
    ours: (c) => c.totp.authenticate(totpAuthenticate),
    theirs: (c) => c.totp.authenticate(totpAuthenticate),
  },
  {
    name: 'otps.sms.send',
    start: { ist: true },
    ours: (c) => c.otps.sms.send({ ...member, mfa_phone_number: '+14155550100', locale: 'es' }),
    theirs: (c) => c.otps.sms.send({ ...member, mfa_phone_number: '+14155550100', locale: 'es' }),
  },
  {
    name: 'otps.sms.authenticate',
    start: { ist: true },
    ours: (c) => c.otps.sms.authenticate({ ...member, code: '654321', set_mfa_enrollment: 'enroll', ...session }),
    theirs: (c) => c.otps.sms.authenticate({ ...member, code: '654321', set_mfa_enrollment: 'enroll', ...session }),
  },
  {
    name: 'recoveryCodes.recover',
    start: { ist: true },
    ours: (c) => c.recoveryCodes.recover({ ...member, recovery_code: 'abcd-efgh-ijkl', ...session }),
    theirs: (c) => c.recoveryCodes.recover({ ...member, recovery_code: 'abcd-efgh-ijkl', ...session }),
  },
  {
    name: 'recoveryCodes.get',
    ours: (c) => c.recoveryCodes.get(),
    theirs: (c) => c.recoveryCodes.get(),
  },
  {
    name: 'recoveryCodes.rotate',
    ours: (c) => c.recoveryCodes.rotate(),
    theirs: (c) => c.recoveryCodes.rotate(),
  },
  {
    name: 'organization.get',
    ours: (c) => c.organization.get(),
    theirs: (c) => c.organization.get(),
  },
  {
    name: 'organization.getBySlug',
    ours: (c) => c.organization.getBySlug({ organization_slug: 'aurora-theatre' }),
    theirs: (c) => c.organization.getBySlug({ organization_slug: 'aurora-theatre' }),
  },
  {
    name: "organization.members.search, as the hosted UI's member search",
    ours: (c) =>
      c.organization.members.search({ email_address: 'search-wire@example.com', organization_id: ORGANIZATION_ID }),
    theirs: (c) => internals(c).searchManager.searchMember('search-wire@example.com', ORGANIZATION_ID),
  },
  {
    name: 'self.get',
    ours: (c) => c.self.get(),
    theirs: (c) => c.self.get(),
  },
  {
    name: 'session.authenticate',
    ours: (c) => c.session.authenticate({ session_duration_minutes: 45 }),
    theirs: (c) => c.session.authenticate({ session_duration_minutes: 45 }),
  },
  {
    name: 'session.revoke',
    ours: (c) => c.session.revoke(),
    theirs: (c) => c.session.revoke(),
  },
];

// The option objects, written once so both clients get the very same values.
const discoverySend = {
  email_address: 'discovery-wire@example.com',
  discovery_redirect_url: `${testEnv.pageOrigin}/`,
  locale: 'fr',
  discovery_expiration_minutes: 30,
};
const loginOrSignup = {
  email_address: 'login-wire@example.com',
  organization_id: ORGANIZATION_ID,
  login_redirect_url: `${testEnv.pageOrigin}/`,
  signup_redirect_url: `${testEnv.pageOrigin}/student-portal`,
  login_expiration_minutes: 30,
};
const organizationCreate = {
  organization_name: 'Wire Lighting Co',
  organization_slug: 'wire-lighting-co',
  email_allowed_domains: ['wire-lighting.example'],
  email_jit_provisioning: 'RESTRICTED' as const,
  mfa_policy: 'OPTIONAL' as const,
  ...session,
};
const totpAuthenticate = {
  ...member,
  code: '123456',
  set_mfa_enrollment: 'enroll' as const,
  set_default_mfa: true,
  ...session,
};

describe('B2B client wire: each call as the hosted B2B SDK sends it', () => {
  const fresh = freshB2BState();
  let hosted: StytchB2BClient;
  before(() => {
    hosted = hostedB2BClient();
  });

  /** Puts the browser in `start`, with the same token and the same key pairs each time it is called. */
  const pairs = new Map<string, string>();
  async function enter(start: Start = {}): Promise<void> {
    resetBrowserState();
    if (start.ist) document.cookie = `${DEFAULT_IST_COOKIE}=${IST}; path=/`;
    for (const ns of start.pairs ?? []) {
      const key = `stytch_sdk_state_${pt()}::PKCE_VERIFIER:${ns}`;
      pairs.set(key, pairs.get(key) ?? JSON.stringify(await startPair(pt(), ns)));
      localStorage.setItem(key, pairs.get(key)!);
    }
  }

  /** The one `/sdk/v1/b2b/…` request `call` makes. */
  async function sent(call: () => Promise<unknown>): Promise<WireRequest> {
    const from = fresh.rec.requests.length;
    await call().catch(() => undefined);
    const requests = b2bRequests(fresh.rec.requests, from);
    expect(requests, 'one B2B request').to.have.length(1);
    return requests[0]!;
  }

  for (const c of CASES) {
    it(c.name, async () => {
      await enter(c.start);
      const theirs = await sent(() => c.theirs(hosted));
      await enter(c.start);
      const ours = await sent(() => c.ours(makeB2BClient()));
      expect(ours).to.deep.equal(theirs);
      // Signed out: the Basic-auth secret is the public token again, as with the consumer client.
      expect(ours.authorization).to.equal(`Basic ${btoa(`${pt()}:${pt()}`)}`);
      expect(ours.parentHost).to.equal(location.origin);
    });
  }

  it('adds the intermediate session token to the calls that continue a sign-in, not to a new one', async () => {
    await enter({ ist: true });
    const client = makeB2BClient();
    const email = uniqueEmail('wire');
    const from = fresh.rec.requests.length;
    await client.magicLinks.email.discovery.send({ email_address: email });
    await client.discovery.intermediateSessions
      .exchange({ organization_id: ORGANIZATION_ID, ...session })
      .catch(() => undefined);
    const [send, exchange] = b2bRequests(fresh.rec.requests, from);
    expect(send!.body).to.deep.equal({ email_address: email });
    expect(exchange!.body).to.deep.equal({
      organization_id: ORGANIZATION_ID,
      ...session,
      intermediate_session_token: IST,
    });
  });

  describe('sso.start', () => {
    let navigations: ReturnType<typeof recordNavigations>;
    beforeEach(() => {
      navigations = recordNavigations();
    });
    afterEach(() => navigations.restore());

    const options = {
      connection_id: 'saml-connection-test-wire',
      login_redirect_url: `${testEnv.pageOrigin}/`,
      signup_redirect_url: `${testEnv.pageOrigin}/student-portal`,
      provider_params: { login_hint: 'someone@lumenstage.localhost', prompt: 'login' },
    };

    /** Where the hosted client's start would send the page (its `navigate`, replaced as its own tests do). */
    async function hostedStart(client: StytchB2BClient): Promise<string> {
      let address = '';
      (client.sso as unknown as { navigate(url: URL): void }).navigate = (url) => {
        address = url.toString();
      };
      await client.sso.start(options);
      return address;
    }

    it('navigates to the address the hosted client does, through the navigation seam, with no request', async () => {
      await enter();
      const theirs = await hostedStart(hosted);
      await enter();
      const from = fresh.rec.requests.length;
      await makeB2BClient().sso.start(options);
      expect(navigations.visited).to.deep.equal([theirs]);
      const url = new URL(theirs);
      expect(url.origin + url.pathname).to.equal(`${testEnv.baseUrl}/v1/public/sso/start`);
      expect([...url.searchParams.keys()]).to.deep.equal([
        'public_token',
        'connection_id',
        'provider_login_hint',
        'provider_prompt',
        'login_redirect_url',
        'signup_redirect_url',
      ]);
      expect(b2bRequests(fresh.rec.requests, from)).to.deep.equal([]);
      // Without PKCE for SSO, a pair left from an earlier start is removed rather than sent later.
      expect(getPair(pt(), 'sso')).to.equal(null);
    });

    it('with PKCE required for SSO, sends a new pair’s challenge where the hosted client does', async () => {
      const settings = hostedB2BClient(testEnv.settingsBaseUrl);
      await enter({ pairs: ['sso'] });
      const theirs = new URL(await hostedStart(settings));
      const theirPair = getPair(pt(), 'sso')!;
      await enter({ pairs: ['sso'] });
      const before = getPair(pt(), 'sso')!;
      const client = makeB2BClient({ baseUrl: testEnv.settingsBaseUrl });
      await client.sso.start(options);
      const ours = new URL(navigations.visited[0]!);
      const ourPair = getPair(pt(), 'sso')!;
      expect(ourPair.code_verifier).to.not.equal(before.code_verifier);
      expect(ours.searchParams.get('pkce_code_challenge')).to.equal(await challengeFor(ourPair.code_verifier));
      expect(theirs.searchParams.get('pkce_code_challenge')).to.equal(await challengeFor(theirPair.code_verifier));
      expect([...ours.searchParams.keys()]).to.deep.equal([...theirs.searchParams.keys()]);
      expect([...ours.searchParams.keys()]).to.include('pkce_code_challenge');
      // The verifier of that pair goes with the token that comes back; a refused token leaves it for a retry.
      const from = fresh.rec.requests.length;
      await client.sso.authenticate({ sso_token: 'sso-token-wire', ...session }).catch(() => undefined);
      const [authenticate] = b2bRequests(fresh.rec.requests, from);
      expect(authenticate!.url).to.equal(`/sdk/v1${SSO_PATHS.authenticate}`);
      expect((authenticate!.body as { pkce_code_verifier: string }).pkce_code_verifier).to.equal(ourPair.code_verifier);
      expect(getPair(pt(), 'sso')).to.deep.equal(ourPair);
    });
  });
});
