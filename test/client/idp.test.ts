/// <reference types="mocha" />
// client.idp against the real service (wire contract 3.12): the consent preflight and submit, the logout preflight,
// their field checks (nothing is sent), and the session they need.
import { expect } from 'chai';
import { APIError, SDKUsageError } from '../../src/client/index.ts';
import type { AuthorizeStartRequest } from '../../src/api/index.ts';
import { rejection } from '../support/accounts.ts';
import { freshClientState, makeClient, signIn } from '../support/client.ts';
import { FIRST_PARTY_APP, THIRD_PARTY_APP, appLoggedOutUri, appRedirectUri } from '../support/idp.ts';

const authorize = (overrides: Partial<AuthorizeStartRequest> = {}): AuthorizeStartRequest => ({
  client_id: THIRD_PARTY_APP.clientId,
  redirect_uri: appRedirectUri(),
  response_type: 'code',
  scopes: ['openid', 'email', 'profile'],
  ...overrides,
});

describe('client.idp: authorize start/submit and logout start', () => {
  const fresh = freshClientState();

  it(
    'authorizeStart sends the wire fields with the session and answers the app, consent and ' + 'scope results',
    async () => {
      const client = makeClient();
      const { response } = await signIn(client);
      const result = await client.idp.authorizeStart({ ...authorize(), prompt: 'consent' });
      const [req] = fresh.rec.to('/sdk/v1/idp/oauth/authorize/start');
      expect(req!.method).to.equal('POST');
      expect(JSON.parse(req!.body!)).to.deep.equal({ ...authorize(), prompt: 'consent' });
      expect(req!.headers.get('authorization')).to.match(/^Basic /);
      expect(result.user_id).to.equal(response.user_id);
      expect(result.client.client_id).to.equal(THIRD_PARTY_APP.clientId);
      expect(result.client.client_name).to.equal(THIRD_PARTY_APP.name);
      expect(result.consent_required).to.equal(true);
      expect(result.scope_results.map((s) => [s.scope, s.is_grantable])).to.deep.equal([
        ['openid', true],
        ['email', true],
        ['profile', true],
      ]);
    },
  );

  it('authorizeSubmit with consent sends the browser back to the app with a code and the state', async () => {
    const client = makeClient();
    await signIn(client);
    const result = await client.idp.authorizeSubmit({
      ...authorize(),
      state: 'st-1',
      nonce: 'n-1',
      consent_granted: true,
    });
    const [req] = fresh.rec.to('/sdk/v1/idp/oauth/authorize/submit');
    expect(JSON.parse(req!.body!)).to.deep.equal({
      ...authorize(),
      state: 'st-1',
      nonce: 'n-1',
      consent_granted: true,
    });
    const back = new URL(result.redirect_uri);
    expect(`${back.origin}${back.pathname}`).to.equal(appRedirectUri());
    expect(back.searchParams.get('code')).to.be.a('string').and.not.equal('');
    expect(back.searchParams.get('state')).to.equal('st-1');
  });

  it('authorizeSubmit without consent for a third-party app answers access_denied at the app', async () => {
    const client = makeClient();
    await signIn(client);
    const result = await client.idp.authorizeSubmit({ ...authorize(), state: 'st-2', consent_granted: false });
    const back = new URL(result.redirect_uri);
    expect(`${back.origin}${back.pathname}`).to.equal(appRedirectUri());
    expect(back.searchParams.get('error')).to.equal('access_denied');
    expect(back.searchParams.get('state')).to.equal('st-2');
  });

  it('a first-party app needs no consent', async () => {
    const client = makeClient();
    await signIn(client);
    const result = await client.idp.authorizeStart(authorize({ client_id: FIRST_PARTY_APP.clientId }));
    expect(result.consent_required).to.equal(false);
    expect(result.client.client_name).to.equal(FIRST_PARTY_APP.name);
  });

  it('logoutStart sends the logout parameters and answers where to go afterwards', async () => {
    const client = makeClient();
    await signIn(client);
    const request = { client_id: THIRD_PARTY_APP.clientId, post_logout_redirect_uri: appLoggedOutUri(), state: 'bye' };
    const result = await client.idp.logoutStart(request);
    const [req] = fresh.rec.to('/sdk/v1/oauth/logout/start');
    expect(JSON.parse(req!.body!)).to.deep.equal(request);
    const back = new URL(result.redirect_uri);
    expect(`${back.origin}${back.pathname}`).to.equal(appLoggedOutUri());
    expect(back.searchParams.get('state')).to.equal('bye');
    expect(result.consent_required).to.be.a('boolean');
  });

  it('the authorize preflight needs a session: signed out, the service answers 401 user_unauthenticated', async () => {
    const client = makeClient();
    const error = await rejection(client.idp.authorizeStart(authorize()));
    expect(error).to.be.instanceOf(APIError);
    expect((error as APIError).status_code).to.equal(401);
    expect((error as APIError).error_type).to.equal('user_unauthenticated');
  });

  it('checks the required fields before sending anything (SDKUsageError)', async () => {
    const client = makeClient();
    const cases: [Promise<unknown>, string][] = [
      [
        client.idp.authorizeStart({ ...authorize(), client_id: undefined as unknown as string }),
        'client_id must be a string',
      ],
      [
        client.idp.authorizeStart({ ...authorize(), redirect_uri: 1 as unknown as string }),
        'redirect_uri must be a string',
      ],
      [
        client.idp.authorizeStart({ ...authorize(), response_type: undefined as unknown as string }),
        'response_type must be a string',
      ],
      [
        client.idp.authorizeStart({ ...authorize(), scopes: 'openid' as unknown as string[] }),
        'scopes must be an array of strings',
      ],
      [
        client.idp.authorizeSubmit({ ...authorize(), consent_granted: 'yes' as unknown as boolean }),
        'consent_granted must be a boolean',
      ],
      [client.idp.authorizeSubmit(authorize() as never), 'consent_granted must be a boolean'],
      [client.idp.logoutStart({ post_logout_redirect_uri: appLoggedOutUri() } as never), 'client_id must be a string'],
      [
        client.idp.logoutStart({ client_id: THIRD_PARTY_APP.clientId } as never),
        'post_logout_redirect_uri must be a string',
      ],
    ];
    for (const [call, message] of cases) {
      const error = await rejection(call);
      expect(error, message).to.be.instanceOf(SDKUsageError);
      expect(error.message).to.equal(message);
    }
    expect(fresh.rec.requests.filter((r) => /\/(idp|oauth\/logout)\//.test(r.url))).to.deep.equal([]);
  });
});
