/// <reference types="mocha" />
// The organization (B2B) client through the real service: discovery by email link (send, the link from the dev
// inbox, authenticate, list, exchange or create, session), the intermediate session token's cookie, the member
// search, the member session's refresh and sign-out, and what the client keeps and sends meanwhile.
import { expect } from 'chai';
import { APIError, SDKUsageError } from '../../src/client/index.ts';
import { B2B_TOKEN_MESSAGE } from '../../src/client/bootstrap.ts';
import { CONSUMER_TOKEN_MESSAGE } from '../../src/client/constants/b2b.ts';
import {
  DEFAULT_IST_COOKIE,
  DEFAULT_JWT_COOKIE,
  DEFAULT_SESSION_COOKIE,
  IST_COOKIE_LIFETIME_MS,
} from '../../src/client/constants/sessions.ts';
import {
  addressAt,
  b2bRequests,
  createOrganization,
  discover,
  freshB2BState,
  makeB2BClient,
  uniqueDomain,
} from '../support/b2b.ts';
import { captureConsole, cookieStore, readCookieValue, resetBrowserState } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { until } from '../support/poll.ts';

const session = { session_duration_minutes: 60 };
/** Where the member's state is kept, for this and the other tabs (the hosted SDK's key). */
const stateKey = () => `stytch_sdk_state_${testEnv.b2bPublicToken}`;

describe('B2B client journeys', () => {
  const fresh = freshB2BState();

  it(
    'discovery link → authenticate: the intermediate session token is kept in its cookie for 10 minutes, ' +
      'and nobody is signed in yet',
    async () => {
      const client = makeB2BClient();
      const email = uniqueEmail('discovery');
      const before = Date.now();
      const proven = await discover(client, email);
      const after = Date.now();
      expect(proven.email_address).to.equal(email);
      expect(proven.discovered_organizations).to.deep.equal([]);
      expect(proven.intermediate_session_token).to.be.a('string').and.not.equal('');
      const cookie = await cookieStore.get(DEFAULT_IST_COOKIE);
      expect(cookie!.value).to.equal(proven.intermediate_session_token);
      // Cookie expiry has one-second resolution.
      expect(cookie!.expires).to.be.within(
        Math.floor((before + IST_COOKIE_LIFETIME_MS) / 1000) * 1000 - 1000,
        after + IST_COOKIE_LIFETIME_MS + 1000,
      );
      expect(client.session.getSync()).to.equal(null);
      expect(client.self.getSync()).to.equal(null);
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(null);
      // The list call sends that token and is answered for the proven address.
      const listed = await client.discovery.organizations.list();
      expect(listed.email_address).to.equal(email);
      const [list] = b2bRequests(fresh.rec.to('/b2b/discovery/organizations'));
      expect(list!.body).to.deep.equal({ intermediate_session_token: proven.intermediate_session_token });
    },
  );

  it(
    'create an organization: the founder is signed in, the member, organization and session are kept, and the ' +
      'intermediate cookie is gone',
    async () => {
      const client = makeB2BClient();
      const domain = uniqueDomain();
      const founder = addressAt(domain, 'founder');
      const changes: unknown[] = [];
      client.session.onChange((s) => changes.push(s?.member_session_id ?? null));
      const created = await createOrganization(client, founder);
      expect(created.member_authenticated).to.equal(true);
      expect(created.member.email_address).to.equal(founder);
      expect(created.organization.email_allowed_domains).to.deep.equal([domain]);
      expect(client.session.getSync()).to.deep.equal(created.member_session);
      expect(client.self.getSync()).to.deep.equal(created.member);
      expect(client.organization.getSync()).to.deep.equal(created.organization);
      expect(changes).to.deep.equal([created.member_session!.member_session_id]);
      expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(null);
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(created.session_token);
      expect(readCookieValue(DEFAULT_JWT_COOKIE)).to.equal(created.session_jwt);
      // What another tab (or the next page) reads: the hosted SDK's B2B state shape.
      expect(JSON.parse(localStorage.getItem(stateKey())!)).to.deep.equal({
        session: created.member_session,
        member: created.member,
        organization: created.organization,
      });
    },
  );

  it(
    'discovery by domain: a colleague sees the organization, exchanges into it and is signed in; the member ' +
      'search then finds them',
    async () => {
      const domain = uniqueDomain();
      const founding = makeB2BClient();
      const { organization } = await createOrganization(founding, addressAt(domain, 'founder'));
      await founding.session.revoke();
      expect(founding.session.getSync()).to.equal(null);

      const client = makeB2BClient();
      const colleague = addressAt(domain, 'colleague');
      const proven = await discover(client, colleague);
      expect(
        proven.discovered_organizations.map((d) => [d.organization.organization_id, d.membership.type]),
      ).to.deep.equal([[organization.organization_id, 'eligible_to_join_by_email_domain']]);
      const before = await client.organization.members.search({
        email_address: colleague,
        organization_id: organization.organization_id,
      });
      expect(before.member).to.equal(null);

      const joined = await client.discovery.intermediateSessions.exchange({
        organization_id: organization.organization_id,
        ...session,
      });
      expect(joined.member_authenticated).to.equal(true);
      expect(joined.member.email_address).to.equal(colleague);
      expect(client.session.getSync()?.organization_id).to.equal(organization.organization_id);
      expect(readCookieValue(DEFAULT_IST_COOKIE)).to.equal(null);
      const [exchange] = b2bRequests(fresh.rec.to('/b2b/discovery/intermediate_sessions/exchange'));
      expect(exchange!.body).to.deep.equal({
        organization_id: organization.organization_id,
        ...session,
        intermediate_session_token: proven.intermediate_session_token,
      });

      const found = await client.organization.members.search({
        email_address: colleague,
        organization_id: organization.organization_id,
      });
      expect(found.member).to.deep.include({ status: 'active' });
      // The intermediate token worked once: a second exchange has none to send, and is refused.
      const again = await client.discovery.intermediateSessions
        .exchange({ organization_id: organization.organization_id, ...session })
        .catch((e: unknown) => e);
      expect(again).to.be.instanceOf(APIError);
    },
  );

  it(
    'the member session: refreshed at /b2b/sessions/authenticate with the session token, read fresh by ' +
      'self.get and organization.get, ended by revoke',
    async () => {
      const client = makeB2BClient();
      const created = await createOrganization(client, addressAt(uniqueDomain()));
      const token = created.session_token;

      const refreshed = await client.session.authenticate({ session_duration_minutes: 30 });
      const [authenticate] = b2bRequests(fresh.rec.to('/b2b/sessions/authenticate'));
      expect(authenticate!.body).to.deep.equal({ session_duration_minutes: 30 });
      expect(authenticate!.authorization).to.equal(`Basic ${btoa(`${testEnv.b2bPublicToken}:${token}`)}`);
      // The telemetry names the member and the member session, not a consumer user.
      const telemetry = JSON.parse(atob(fresh.rec.to('/b2b/sessions/authenticate')[0]!.headers.get('X-SDK-Client')!));
      expect(telemetry.stytch_member_id).to.equal(created.member_id);
      expect(telemetry.stytch_member_session_id).to.equal(created.member_session!.member_session_id);
      expect(telemetry).to.not.have.any.keys('stytch_user_id', 'stytch_session_id');
      expect(refreshed.member_session.member_session_id).to.equal(created.member_session!.member_session_id);
      expect(client.session.getSync()).to.deep.equal(refreshed.member_session);

      expect(await client.self.get()).to.deep.equal(created.member);
      expect(await client.organization.get()).to.deep.equal(created.organization);

      await client.session.revoke();
      expect(client.session.getSync()).to.equal(null);
      expect(client.self.getSync()).to.equal(null);
      expect(client.organization.getSync()).to.equal(null);
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(null);
      // The service no longer knows the session: a refresh is refused as unrecoverable.
      document.cookie = `${DEFAULT_SESSION_COOKIE}=${token}; path=/`;
      const error = await client.session.authenticate().catch((e: unknown) => e);
      expect((error as APIError).error_type).to.equal('session_not_found');
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(null);
    },
  );

  it('a client made on a page with a member session cookie re-authenticates it at once, at the B2B path', async () => {
    const first = makeB2BClient();
    const created = await createOrganization(first, addressAt(uniqueDomain(), 'returning'));
    first.destroy();
    const from = fresh.rec.requests.length;
    const client = makeB2BClient();
    const refresh = await until(
      () => fresh.rec.requests.slice(from).find((r) => r.path.endsWith('/sessions/authenticate')),
      'the start-up refresh',
    );
    expect(refresh.path).to.equal('/sdk/v1/b2b/sessions/authenticate');
    expect(refresh.headers.get('Authorization')).to.equal(
      `Basic ${btoa(`${testEnv.b2bPublicToken}:${created.session_token}`)}`,
    );
    // Stored once answered: the same session, marked used since.
    const refreshed = await until(
      () => client.session.getSync()?.last_accessed_at !== created.member_session!.last_accessed_at,
      'the refreshed session',
    );
    expect(refreshed).to.equal(true);
    expect(client.session.getSync()?.member_session_id).to.equal(created.member_session!.member_session_id);
  });

  it('the bootstrap: a B2B token logs nothing; a consumer token logs the mirror of the consumer error', async () => {
    const errors = captureConsole('error');
    try {
      const b2b = makeB2BClient();
      expect((await b2b.bootstrap.get()).vertical).to.equal('B2B');
      const consumer = makeB2BClient({ publicToken: testEnv.publicToken });
      expect((await consumer.bootstrap.get()).vertical).to.equal('CONSUMER');
      expect(errors.messages).to.deep.equal([CONSUMER_TOKEN_MESSAGE]);
      expect(errors.messages).to.not.include(B2B_TOKEN_MESSAGE);
    } finally {
      errors.restore();
    }
  });

  it("another tab's sign-in and sign-out reach this one: session, member and organization", async () => {
    const other = makeB2BClient();
    const created = await createOrganization(other, addressAt(uniqueDomain(), 'tabs'));
    const stored = localStorage.getItem(stateKey())!;
    other.destroy();
    // A page of its own: no cookie, so nothing to refresh, and only what other tabs say.
    resetBrowserState();
    const client = makeB2BClient();
    const seen: (string | null)[] = [];
    client.session.onChange((s) => seen.push(s?.member_session_id ?? null));
    client.organization.onChange((o) => seen.push(o?.organization_id ?? null));
    const fromOtherTab = (newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: stateKey(), newValue, storageArea: localStorage }));

    fromOtherTab(stored);
    expect(client.session.getSync()).to.deep.equal(created.member_session);
    expect(client.self.getSync()).to.deep.equal(created.member);
    expect(client.organization.getSync()).to.deep.equal(created.organization);
    fromOtherTab(null);
    expect(client.session.getSync()).to.equal(null);
    expect(client.organization.getSync()).to.equal(null);
    const { member_session_id } = created.member_session!;
    const { organization_id } = created.organization;
    expect(seen).to.deep.equal([member_session_id, organization_id, null, null]);
  });

  it('checks required fields before sending anything', async () => {
    const client = makeB2BClient();
    const calls: [() => Promise<unknown>, string][] = [
      [() => client.magicLinks.email.discovery.send({} as never), 'email_address must be a string'],
      [() => client.magicLinks.discovery.authenticate({} as never), 'discovery_magic_links_token must be a string'],
      [
        () => client.discovery.intermediateSessions.exchange({ organization_id: 'organization-x' } as never),
        'session_duration_minutes must be a number',
      ],
      [
        () => client.organization.members.search({ email_address: 'a@b.example' } as never),
        'organization_id must be a string',
      ],
      [() => client.sso.discoverConnections(7 as never), 'email_address must be a string'],
      [() => client.totp.create({ organization_id: 'organization-x' } as never), 'member_id must be a string'],
    ];
    for (const [call, message] of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(error).to.be.instanceOf(SDKUsageError);
      expect((error as Error).message).to.equal(message);
    }
    expect(b2bRequests(fresh.rec.requests)).to.deep.equal([]);
  });
});
