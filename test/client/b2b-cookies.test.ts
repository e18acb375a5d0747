/// <reference types="mocha" />
// A consumer and an organization sign-in on one origin (the demo's student portal and corporate training page): the
// organization client given its own cookie names (`cookieOptions`, the hosted SDK's shape) and the consumer client
// with the default ones keep each its own session through sign-in, refresh and sign-out, against the real service;
// and <auth-login>'s client takes the cookie names of the element's config.
import { expect } from 'chai';
import type { B2BClient, CookieOptions } from '../../src/client/types.ts';
import { DEFAULT_JWT_COOKIE, DEFAULT_SESSION_COOKIE } from '../../src/client/constants/sessions.ts';
import { ClientAndActor, loadOrganizationClient } from '../../src/widget/element/client.ts';
import { createOrganization, founderAddress, freshB2BState, makeB2BClient } from '../support/b2b.ts';
import { destroyClients, makeClient, readCookieValue, signIn } from '../support/client.ts';
import { testEnv } from '../support/env.ts';

/** The corporate training page's names (demo-site/corporate-training.html). */
const MEMBER_COOKIES = {
  opaqueTokenCookieName: 'westlight_member_session',
  jwtCookieName: 'westlight_member_session_jwt',
  istCookieName: 'westlight_member_ist',
} satisfies CookieOptions;

describe('consumer and organization sessions on one origin', () => {
  freshB2BState();
  afterEach(destroyClients);

  it('each client keeps its own cookies through sign-in, refresh and sign-out', async () => {
    const consumer = makeClient();
    const { response: student } = await signIn(consumer);
    const organization = makeB2BClient({ cookieOptions: MEMBER_COOKIES });
    const joined = await createOrganization(organization, founderAddress());
    const member = joined.member_session;
    expect(member).to.not.equal(null);

    expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(student.session_token);
    expect(readCookieValue(DEFAULT_JWT_COOKIE)).to.equal(student.session_jwt);
    expect(readCookieValue(MEMBER_COOKIES.opaqueTokenCookieName)).to.equal(joined.session_token);
    expect(readCookieValue(MEMBER_COOKIES.jwtCookieName)).to.equal(joined.session_jwt);
    // The first factor's intermediate session went once the member session existed.
    expect(readCookieValue(MEMBER_COOKIES.istCookieName)).to.equal(null);

    // Each refresh asks about its own session, and is answered yes.
    await consumer.session.authenticate();
    await organization.session.authenticate();
    expect(consumer.session.getSync()?.session_id).to.equal(student.session.session_id);
    expect(organization.session.getSync()?.member_session_id).to.equal(member?.member_session_id);
    expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(student.session_token);
    expect(readCookieValue(MEMBER_COOKIES.opaqueTokenCookieName)).to.equal(joined.session_token);

    // The student signs out: the member stays signed in.
    await consumer.session.revoke();
    expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(null);
    expect(readCookieValue(MEMBER_COOKIES.opaqueTokenCookieName)).to.equal(joined.session_token);
    await organization.session.authenticate();
    expect(organization.session.getSync()?.member_session_id).to.equal(member?.member_session_id);
  });

  it("<auth-login>'s organization client writes the cookies the element's config names", async () => {
    await loadOrganizationClient();
    const made = new ClientAndActor().client(testEnv.b2bPublicToken, testEnv.baseUrl, 'en', true, MEMBER_COOKIES);
    const client = made as unknown as B2BClient;
    try {
      const joined = await createOrganization(client, founderAddress());
      expect(readCookieValue(MEMBER_COOKIES.opaqueTokenCookieName)).to.equal(joined.session_token);
      expect(readCookieValue(DEFAULT_SESSION_COOKIE)).to.equal(null);
    } finally {
      client.destroy();
    }
  });
});
