/// <reference types="mocha" />
import { expect } from 'chai';
import { APIError, APIUnreachableError } from '../../src/client/index.ts';
import { resolveBaseUrl } from '../../src/client/http.ts';
import { testEnv } from '../support/env.ts';
import { makeClient, readCookieValue, signIn, unreachableClient, freshClientState } from '../support/client.ts';

function decodeBasic(header: string | null): string {
  expect(header).to.match(/^Basic [A-Za-z0-9+/=]+$/);
  return atob(header!.slice('Basic '.length));
}

describe('client HTTP', () => {
  const fresh = freshClientState();

  it(
    'sends the SDK headers: Basic auth with the public token twice when signed out, telemetry, ' + 'parent host',
    async () => {
      const client = makeClient();
      await client.bootstrap.get();
      const [req] = fresh.rec.to(`/sdk/v1/projects/bootstrap/${testEnv.publicToken}`);
      expect(req, 'bootstrap request').to.exist;
      expect(req!.url).to.equal(`${testEnv.baseUrl}/sdk/v1/projects/bootstrap/${testEnv.publicToken}`);
      expect(req!.method).to.equal('GET');
      expect(decodeBasic(req!.headers.get('Authorization'))).to.equal(`${testEnv.publicToken}:${testEnv.publicToken}`);
      expect(req!.headers.get('Content-Type')).to.equal('application/json');
      expect(req!.headers.get('X-SDK-Parent-Host')).to.equal(location.origin);
      expect(req!.credentials).to.equal('include');
      expect(req!.body).to.equal(null);

      const telemetry = JSON.parse(atob(req!.headers.get('X-SDK-Client')!));
      expect(telemetry.event_id).to.match(/^event-id-[0-9a-f-]{36}$/);
      expect(telemetry.app_session_id).to.match(/^app-session-id-[0-9a-f-]{36}$/);
      expect(telemetry.persistent_id).to.match(/^persistent-id-[0-9a-f-]{36}$/);
      expect(new Date(telemetry.client_sent_at).toISOString()).to.equal(telemetry.client_sent_at);
      expect(telemetry.timezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(telemetry.app).to.deep.equal({ identifier: location.hostname });
      expect(telemetry.sdk).to.deep.equal({ identifier: 'Stytch.js Javascript SDK', version: '5.39.0' });
      expect(telemetry).to.not.have.property('stytch_user_id');
      expect(telemetry).to.not.have.property('stytch_session_id');
    },
  );

  it('uses the session token from the cookie at request time, and signed-in ids in the telemetry', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    fresh.rec.requests.length = 0;
    await client.user.get();
    const [req] = fresh.rec.to('/sdk/v1/users/me');
    expect(decodeBasic(req!.headers.get('Authorization'))).to.equal(`${testEnv.publicToken}:${response.session_token}`);
    expect(req!.headers.get('Content-Type')).to.equal('application/json');
    expect(req!.body).to.equal(null);
    const telemetry = JSON.parse(atob(req!.headers.get('X-SDK-Client')!));
    expect(telemetry.stytch_user_id).to.equal(response.user_id);
    expect(telemetry.stytch_session_id).to.equal(response.session.session_id);

    // Another tab replacing the cookie is seen by the very next request.
    document.cookie = 'stytch_session=replaced-token; path=/';
    await client.user.get().catch(() => undefined);
    const last = fresh.rec.to('/sdk/v1/users/me').at(-1)!;
    expect(decodeBasic(last.headers.get('Authorization'))).to.equal(`${testEnv.publicToken}:replaced-token`);
    expect(readCookieValue('stytch_session')).to.equal('replaced-token');
  });

  it('sends a POST without arguments with an empty body, still labelled JSON', async () => {
    const client = makeClient();
    await signIn(client);
    await client.session.revoke();
    const [req] = fresh.rec.to('/sdk/v1/sessions/revoke');
    expect(req!.method).to.equal('POST');
    expect(req!.body).to.equal('');
    expect(req!.headers.get('Content-Type')).to.equal('application/json');
  });

  it('resolves the base URL to an origin, relative to the page, or to the provider host by token', () => {
    expect(resolveBaseUrl('public-token-live-x', '/')).to.equal(location.origin);
    expect(resolveBaseUrl('public-token-live-x', 'https://auth.example.com:8443/some/path?q=1')).to.equal(
      'https://auth.example.com:8443',
    );
    expect(resolveBaseUrl('public-token-test-abc')).to.equal('https://test.stytch.com');
    expect(resolveBaseUrl('public-token-live-abc')).to.equal('https://api.stytch.com');
    expect(makeClient({ baseUrl: `${testEnv.baseUrl}/ignored/path` }).baseUrl).to.equal(testEnv.baseUrl);
  });

  it('turns a JSON error body of the service into an APIError with every field', async () => {
    const client = makeClient();
    const error = await client.magicLinks
      .authenticate('bogus-token-that-was-never-issued', { session_duration_minutes: 30 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).to.be.instanceOf(APIError);
    const e = error as APIError;
    expect(e.name).to.equal('APIError');
    expect(e.status_code).to.be.within(400, 499);
    expect(e.error_type).to.equal('unable_to_auth_magic_link');
    expect(e.request_id).to.be.a('string').and.not.equal('');
    expect(e.error_message).to.be.a('string').and.not.equal('');
    expect(e.error_url).to.be.a('string').and.not.equal('');
    expect(e.message).to.equal(
      `[${e.status_code}] unable_to_auth_magic_link\n${e.error_message}\nSee ${e.error_url} for more information.`,
    );
  });

  it('reports a service it cannot reach as APIUnreachableError', async () => {
    const { client, done } = unreachableClient();
    try {
      const error = await client.user.get().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(APIUnreachableError);
      expect((error as Error).message).to.equal('Unable to contact our servers.');
    } finally {
      await done();
    }
  });
});
