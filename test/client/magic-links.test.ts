/// <reference types="mocha" />
import { expect } from 'chai';
import { APIError, SDKUsageError } from '../../src/client/index.ts';
import { createHttp } from '../../src/client/http.ts';
import { getPair, startPair } from '../../src/client/pkce.ts';
import { testEnv, latestMagicLinkToken, uniqueEmail } from '../support/env.ts';
import { makeClient, freshClientState, signIn } from '../support/client.ts';

const PT = () => testEnv.publicToken;

describe('client magic links', () => {
  const fresh = freshClientState();

  it('rejects a non-string token before sending anything', async () => {
    const client = makeClient();
    const error = await client.magicLinks
      .authenticate(42 as unknown as string, { session_duration_minutes: 30 })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SDKUsageError);
    expect((error as Error).message).to.equal('token must be a string');
    expect(fresh.rec.to('/magic_links/authenticate')).to.have.length(0);
  });

  it('rejects a missing or non-number session_duration_minutes before sending anything', async () => {
    const client = makeClient();
    for (const options of [{}, { session_duration_minutes: '30' }]) {
      const error = await client.magicLinks
        .authenticate('token', options as unknown as { session_duration_minutes: number })
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(SDKUsageError);
      expect((error as Error).message).to.equal('session_duration_minutes must be a number');
    }
    const e2 = await client.session
      .authenticate({ session_duration_minutes: 'long' as unknown as number })
      .catch((e: unknown) => e);
    expect((e2 as Error).message).to.equal('session_duration_minutes must be a number');
    expect(fresh.rec.to('/magic_links/authenticate')).to.have.length(0);
    expect(fresh.rec.to('/sessions/authenticate')).to.have.length(0);
  });

  it(
    'spreads the options into login_or_create and adds no code_challenge when the project does ' + 'not require PKCE',
    async () => {
      const client = makeClient();
      const email = uniqueEmail();
      expect((await client.bootstrap.get()).pkceRequiredForEmailMagicLinks).to.equal(false);
      const redirect = `${testEnv.pageOrigin}/student-portal`;
      await client.magicLinks.email.loginOrCreate(email, {
        login_magic_link_url: redirect,
        login_expiration_minutes: 30,
      });
      const [req] = fresh.rec.to('/sdk/v1/magic_links/email/login_or_create');
      expect(req!.method).to.equal('POST');
      expect(JSON.parse(req!.body!)).to.deep.equal({
        login_magic_link_url: redirect,
        login_expiration_minutes: 30,
        email,
      });
    },
  );

  it(
    'falls back from the passwords PKCE pair to the magic_links pair and clears only the pair ' + 'that worked',
    async () => {
      const client = makeClient();
      const email = uniqueEmail();
      // The project does not require PKCE, so send a link bound to a code_challenge directly, like a PKCE project
      // would.
      const magicPair = await startPair(PT(), 'magic_links');
      const http = createHttp({
        baseUrl: testEnv.baseUrl,
        publicToken: PT(),
        sessionToken: () => null,
        signedInIds: () => ({}),
      });
      await http.request('POST', '/magic_links/email/login_or_create', {
        email,
        code_challenge: magicPair.code_challenge,
      });
      const passwordsPair = await startPair(PT(), 'passwords'); // a stale pair from an unfinished password reset
      const token = await latestMagicLinkToken(email);
      fresh.rec.requests.length = 0;

      const result = await client.magicLinks.authenticate(token, { session_duration_minutes: 30 });

      const attempts = fresh.rec.to('/sdk/v1/magic_links/authenticate').map((r) => JSON.parse(r.body!));
      expect(attempts.map((a) => a.code_verifier)).to.deep.equal([
        passwordsPair.code_verifier,
        magicPair.code_verifier,
      ]);
      expect(attempts[0]).to.deep.include({ token, session_duration_minutes: 30 });
      expect(result.session.session_id).to.be.a('string');
      expect(client.session.getSync()?.session_id).to.equal(result.session.session_id);
      expect(getPair(PT(), 'magic_links')).to.equal(null);
      expect(getPair(PT(), 'passwords')).to.deep.equal(passwordsPair);
    },
  );

  it('without a passwords pair, authenticates once with the magic_links verifier and clears that pair', async () => {
    const client = makeClient();
    const email = uniqueEmail();
    const magicPair = await startPair(PT(), 'magic_links');
    const http = createHttp({
      baseUrl: testEnv.baseUrl,
      publicToken: PT(),
      sessionToken: () => null,
      signedInIds: () => ({}),
    });
    await http.request('POST', '/magic_links/email/login_or_create', {
      email,
      code_challenge: magicPair.code_challenge,
    });
    const token = await latestMagicLinkToken(email);
    fresh.rec.requests.length = 0;
    await client.magicLinks.authenticate(token, { session_duration_minutes: 30 });
    const attempts = fresh.rec.to('/sdk/v1/magic_links/authenticate').map((r) => JSON.parse(r.body!));
    expect(attempts.map((a) => a.code_verifier)).to.deep.equal([magicPair.code_verifier]);
    expect(getPair(PT(), 'magic_links')).to.equal(null);
  });

  it('does not fall back when the passwords attempt fails for a reason other than PKCE', async () => {
    const client = makeClient();
    await startPair(PT(), 'passwords');
    const magicPair = await startPair(PT(), 'magic_links');
    const error = await client.magicLinks
      .authenticate('no-such-token', { session_duration_minutes: 30 })
      .catch((e: unknown) => e);
    expect((error as { error_type?: string }).error_type).to.equal('unable_to_auth_magic_link');
    expect(fresh.rec.to('/sdk/v1/magic_links/authenticate')).to.have.length(1);
    expect(getPair(PT(), 'magic_links')).to.deep.equal(magicPair);
    expect(getPair(PT(), 'passwords')).to.not.equal(null);
  });

  it(
    'email.send without a session uses send/primary: an existing address gets a link, an ' +
      'unknown one is email_not_found',
    async () => {
      const client = makeClient();
      const unknown = await client.magicLinks.email.send(uniqueEmail()).catch((e: unknown) => e);
      expect(unknown).to.be.instanceOf(APIError);
      expect((unknown as APIError).error_type).to.equal('email_not_found');
      expect((unknown as APIError).status_code).to.equal(404);

      const email = uniqueEmail();
      const created = await client.magicLinks.email.loginOrCreate(email);
      const redirect = `${testEnv.pageOrigin}/student-portal`;
      const sent = await client.magicLinks.email.send(email, { login_magic_link_url: redirect });
      expect(sent.user_id).to.equal(created.user_id);
      expect(sent.user_created).to.equal(false);
      const primary = fresh.rec.to('/sdk/v1/magic_links/email/send/primary');
      expect(primary).to.have.length(2);
      expect(JSON.parse(primary[1]!.body!)).to.deep.equal({ login_magic_link_url: redirect, email });
      expect(fresh.rec.to('/sdk/v1/magic_links/email/send/secondary')).to.have.length(0);
      const result = await client.magicLinks.authenticate(await latestMagicLinkToken(email), {
        session_duration_minutes: 30,
      });
      expect(result.user_id).to.equal(created.user_id);
    },
  );

  it(
    'email.send with a session uses send/secondary and adds the address to the signed-in user ' + 'as a second factor',
    async () => {
      const client = makeClient();
      const { email: first, response } = await signIn(client);
      const second = uniqueEmail('second');
      const sent = await client.magicLinks.email.send(second);
      expect(fresh.rec.to('/sdk/v1/magic_links/email/send/secondary')).to.have.length(1);
      expect(fresh.rec.to('/sdk/v1/magic_links/email/send/primary')).to.have.length(0);
      expect(sent.user_id).to.equal(response.user_id);

      const result = await client.magicLinks.authenticate(await latestMagicLinkToken(second), {
        session_duration_minutes: 30,
      });
      expect(result.session.session_id).to.equal(response.session.session_id);
      expect(result.method_id).to.equal(sent.email_id);
      expect(client.user.getSync()?.emails.map((e) => [e.email, e.verified])).to.have.deep.members([
        [first, true],
        [second, true],
      ]);
    },
  );

  it('email.send rejects a non-string email before sending anything', async () => {
    const client = makeClient();
    const error = await client.magicLinks.email.send(7 as unknown as string).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SDKUsageError);
    expect((error as Error).message).to.equal('email must be a string');
    expect(fresh.rec.to('/magic_links/email/send/primary')).to.have.length(0);
    expect(fresh.rec.to('/magic_links/email/send/secondary')).to.have.length(0);
  });
});
