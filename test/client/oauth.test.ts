/// <reference types="mocha" />
// Social sign-in through the headless client: the start address for each provider and option set, PKCE on start and
// authenticate, the custom_scopes check, and (when the service's OAuth half is present) the authenticate round trip.
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { OAUTH_PROVIDERS } from '../../src/api/index.ts';
import { SDKUsageError } from '../../src/client/index.ts';
import { navigation } from '../../src/client/navigation.ts';
import { oauthStartUrl } from '../../src/client/oauth.ts';
import { getPair, startPair } from '../../src/client/pkce.ts';
import { MSG_NO_OAUTH_VERIFIER } from '../../src/client/constants/oauth.ts';
import { freshClientState, makeClient } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';

const PT = () => testEnv.publicToken;

/** A client of the second project, whose bootstrap requires PKCE for OAuth and names a CNAME domain. */
const settingsClient = () => makeClient({ baseUrl: testEnv.settingsBaseUrl });

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('client oauth', () => {
  const fresh = freshClientState();
  const assign = navigation.assign;
  afterEach(() => {
    navigation.assign = assign;
  });

  it('offers start for all 19 providers', () => {
    const client = makeClient();
    expect(OAUTH_PROVIDERS).to.have.length(19);
    for (const provider of OAUTH_PROVIDERS) expect(client.oauth[provider].start).to.be.a('function');
  });

  it(
    'builds the start address: public token, space-joined scopes, provider_ params, redirect ' + 'URLs, in that order',
    async () => {
      const client = makeClient();
      const url = await client.oauth.startUrl('github', {
        custom_scopes: ['read:user', 'repo'],
        provider_params: { login: 'octo', allow_signup: 'false' },
        login_redirect_url: `${testEnv.pageOrigin}/student-portal`,
        signup_redirect_url: `${testEnv.pageOrigin}/welcome`,
      });
      const parsed = new URL(url);
      expect(parsed.origin).to.equal(new URL(testEnv.baseUrl).origin);
      expect(parsed.pathname).to.equal('/v1/public/oauth/github/start');
      expect([...parsed.searchParams.keys()]).to.deep.equal([
        'public_token',
        'custom_scopes',
        'provider_login',
        'provider_allow_signup',
        'login_redirect_url',
        'signup_redirect_url',
      ]);
      expect(query(url)).to.deep.equal({
        public_token: PT(),
        custom_scopes: 'read:user repo',
        provider_login: 'octo',
        provider_allow_signup: 'false',
        login_redirect_url: `${testEnv.pageOrigin}/student-portal`,
        signup_redirect_url: `${testEnv.pageOrigin}/welcome`,
      });
    },
  );

  it('sends only the public token without options, for every provider', async () => {
    const client = makeClient();
    for (const provider of OAUTH_PROVIDERS) {
      const url = await client.oauth.startUrl(provider);
      expect(new URL(url).pathname).to.equal(`/v1/public/oauth/${provider}/start`);
      expect(query(url)).to.deep.equal({ public_token: PT() });
    }
  });

  it(
    'adds a new code_challenge on each start when the project requires PKCE, and clears the ' + 'pair otherwise',
    async () => {
      const client = settingsClient();
      expect((await client.bootstrap.get()).pkceRequiredForOAuth).to.equal(true);
      const first = query(await client.oauth.startUrl('google'));
      const pair1 = getPair(PT(), 'oauth');
      expect(first.code_challenge).to.equal(pair1?.code_challenge);
      const second = query(await client.oauth.startUrl('google'));
      expect(second.code_challenge).to.not.equal(first.code_challenge);
      expect(getPair(PT(), 'oauth')?.code_challenge).to.equal(second.code_challenge);

      const plain = makeClient();
      await startPair(PT(), 'oauth');
      expect(query(await plain.oauth.startUrl('google'))).to.not.have.property('code_challenge');
      expect(getPair(PT(), 'oauth')).to.equal(null);
    },
  );

  it('uses https://<cname_domain> when the bootstrap has one', async () => {
    const client = settingsClient();
    const url = await client.oauth.startUrl('apple', { login_redirect_url: 'https://westlight.example/' });
    expect(url.startsWith(`https://${testEnv.settingsCnameDomain}/v1/public/oauth/apple/start?`)).to.equal(true);
  });

  it('start navigates the page to the start address', async () => {
    const client = makeClient();
    const visited: string[] = [];
    navigation.assign = (url) => visited.push(url);
    await client.oauth.twitch.start({ custom_scopes: ['user:read:email'] });
    expect(visited).to.have.length(1);
    expect(query(visited[0]!)).to.deep.equal({ public_token: PT(), custom_scopes: 'user:read:email' });
  });

  it(
    "rejects custom_scopes that are not an array of strings: 'custom_scopes must be an array " + "of strings'",
    async () => {
      const client = makeClient();
      const visited: string[] = [];
      navigation.assign = (url) => visited.push(url);
      for (const custom_scopes of ['email', [1], [null], { 0: 'a' }]) {
        const error = await client.oauth.google
          .start({ custom_scopes: custom_scopes as unknown as string[] })
          .catch((e: unknown) => e);
        expect(error).to.be.instanceOf(SDKUsageError);
        expect((error as Error).message).to.equal('custom_scopes must be an array of strings');
      }
      expect(visited).to.deep.equal([]);
      // A refused start is not a use of the provider.
      expect(client.oauth.lastUsedProvider()).to.equal(null);
    },
  );

  it('the pure URL builder joins the parts', () => {
    const url = oauthStartUrl(
      'slack',
      { custom_scopes: ['a', 'b'] },
      { host: 'https://x.example', publicToken: 'pt', codeChallenge: 'cc' },
    );
    expect(url).to.equal(
      'https://x.example/v1/public/oauth/slack/start?public_token=pt&code_challenge=cc&custom_scopes=a+b',
    );
  });

  it(
    'lastUsedProvider is null before any start and the provider after one, kept under ' + '…::b2c_last_used_oauth',
    async () => {
      const client = makeClient();
      const visited: string[] = [];
      navigation.assign = (url) => visited.push(url);
      expect(client.oauth.lastUsedProvider()).to.equal(null);
      // Building the address is not starting: only start records the provider.
      await client.oauth.startUrl('github');
      expect(client.oauth.lastUsedProvider()).to.equal(null);

      await client.oauth.gitlab.start();
      expect(visited).to.have.length(1);
      expect(client.oauth.lastUsedProvider()).to.equal('gitlab');
      expect(localStorage.getItem(`stytch_sdk_state_${PT()}::b2c_last_used_oauth`)).to.equal('gitlab');
      // The page the provider sends the visitor back to has a new client; it reads the same record.
      expect(makeClient().oauth.lastUsedProvider()).to.equal('gitlab');

      await client.oauth.google.start();
      expect(client.oauth.lastUsedProvider()).to.equal('google');
    },
  );

  it(
    'authenticate checks its fields, sends the oauth code_verifier and keeps the pair when the ' + 'token is refused',
    async () => {
      const client = makeClient();
      for (const [token, options, message] of [
        [42, { session_duration_minutes: 30 }, 'token must be a string'],
        ['t', {}, 'session_duration_minutes must be a number'],
      ] as const) {
        const error = await client.oauth
          .authenticate(token as unknown as string, options as { session_duration_minutes: number })
          .catch((e: unknown) => e);
        expect((error as Error).message).to.equal(message);
      }
      expect(fresh.rec.to('/sdk/v1/oauth/authenticate')).to.have.length(0);

      const pair = await startPair(PT(), 'oauth');
      const error = await client.oauth
        .authenticate('not-a-real-token', { session_duration_minutes: 30 })
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
      const [request] = fresh.rec.to('/sdk/v1/oauth/authenticate');
      expect(request?.method).to.equal('POST');
      expect(JSON.parse(request!.body!)).to.deep.equal({
        token: 'not-a-real-token',
        session_duration_minutes: 30,
        code_verifier: pair.code_verifier,
      });
      expect(getPair(PT(), 'oauth')).to.deep.equal(pair);
    },
  );

  it('warns when PKCE is required but no oauth code verifier is stored', async () => {
    const client = settingsClient();
    expect((await client.bootstrap.get()).pkceRequiredForOAuth).to.equal(true);
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (message: unknown) => warnings.push(message);
    try {
      await client.oauth.authenticate('missing-verifier', { session_duration_minutes: 30 }).catch(() => undefined);
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.include(MSG_NO_OAUTH_VERIFIER);
    expect(JSON.parse(fresh.rec.to('/sdk/v1/oauth/authenticate')[0]!.body!)).to.not.have.property('code_verifier');
  });

  it('authenticates the token of a real OAuth round trip through the dev identity provider, once', async () => {
    const client = makeClient();
    const redirect = `${testEnv.pageOrigin}/student-portal`;
    const startUrl = await client.oauth.startUrl('google', {
      login_redirect_url: redirect,
      signup_redirect_url: redirect,
    });
    const { location, error } = (await executeServerCommand('dev-oauth-sign-in', {
      startUrl,
      name: 'Ada Lovelace',
      email: uniqueEmail('oauth'),
    })) as { location?: string; error?: string };
    expect(error).to.equal(undefined);
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).to.equal(redirect);
    expect(back.searchParams.get('stytch_token_type')).to.equal('oauth');
    const token = back.searchParams.get('token')!;
    const result = await client.oauth.authenticate(token, { session_duration_minutes: 30 });
    expect(result.session.session_id).to.be.a('string');
    expect(client.session.getSync()?.session_id).to.equal(result.session.session_id);
    expect(result.provider_type).to.equal('Google');
    expect(result.session.authentication_factors[0]?.delivery_method).to.equal('oauth_google');
    expect(client.user.getSync()?.providers.map((p) => p.provider_type)).to.deep.equal(['Google']);
    expect(getPair(PT(), 'oauth')).to.equal(null);
    const again = await client.oauth.authenticate(token, { session_duration_minutes: 30 }).catch((e: unknown) => e);
    expect((again as { error_type?: string }).error_type).to.equal('oauth_token_not_found');
  });
});
