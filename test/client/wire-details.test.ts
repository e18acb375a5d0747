/// <reference types="mocha" />
// The wire details the spec names and nothing else showed: the session cookies' attributes, the error fields of a
// telemetry entry, the start_oauth_flow event, and the `client` One Tap's start returns.
import { expect } from 'chai';
import type { EventBatchItem } from '../../src/api/index.ts';
import { cookieText } from '../../src/client/cookies.ts';
import { START_OAUTH_FLOW_EVENT } from '../../src/client/constants/telemetry.ts';
import { navigation } from '../../src/client/navigation.ts';
import { DEV_ONE_TAP_CLIENT_ID } from '../../src/server/dev/constants.ts';
import { cookieStore, freshClientState, makeClient, signIn } from '../support/client.ts';
import { until } from '../support/poll.ts';

const EVENTS_PATH = '/sdk/v1/events';
const sentEvents = () =>
  fresh.rec.to(EVENTS_PATH).flatMap((r) => (JSON.parse(r.body!) as EventBatchItem[]).map((item) => item.event));
let fresh: ReturnType<typeof freshClientState>;

describe('wire details: cookies, telemetry entries, start_oauth_flow, One Tap client', () => {
  fresh = freshClientState();
  const assign = navigation.assign;
  afterEach(() => {
    navigation.assign = assign;
  });

  it('writes the session cookies SameSite=Lax, and not Secure on localhost', async () => {
    const client = makeClient();
    await signIn(client);
    for (const name of ['stytch_session', 'stytch_session_jwt']) {
      const cookie = (await cookieStore.get(name)) as unknown as { sameSite: string; secure: boolean; path: string };
      expect(cookie, name).to.include({ sameSite: 'lax', secure: false, path: '/' });
    }
  });

  it('adds Secure everywhere but localhost, 127.x.x.x and [::1]', () => {
    const cookie = { name: 'stytch_session', value: 'a b', path: '/', expires: new Date(0) };
    const base = 'stytch_session=a%20b; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax';
    for (const host of ['localhost', '127.0.0.1', '127.12.0.9', '[::1]'])
      expect(cookieText(cookie, host)).to.equal(base);
    for (const host of ['westlight.edu', 'localhost.westlight.edu', '128.0.0.1', '10.0.0.1']) {
      expect(cookieText(cookie, host)).to.equal(`${base}; Secure`);
    }
    expect(cookieText({ ...cookie, domain: 'westlight.edu' }, 'id.westlight.edu')).to.equal(
      `${base}; domain=westlight.edu; Secure`,
    );
  });

  it('a telemetry entry carries error_code, error_description and http_status_code when given', async () => {
    const client = makeClient();
    client.events.log('email_sent', { email: 'a@example.com' });
    client.events.log(
      'email_sent',
      { email: 'b@example.com' },
      { error_code: 'too_many_requests', error_description: 'Too many requests.', http_status_code: '429' },
    );
    const events = await until(
      () => (sentEvents().filter((e) => e.event_name === 'email_sent').length === 2 ? sentEvents() : null),
      'the batch',
    );
    const [plain, failed] = events.filter((e) => e.event_name === 'email_sent');
    expect(plain).to.deep.equal({
      public_token: client.publicToken,
      event_name: 'email_sent',
      details: { email: 'a@example.com' },
    });
    expect(failed).to.deep.equal({
      public_token: client.publicToken,
      event_name: 'email_sent',
      details: { email: 'b@example.com' },
      error_code: 'too_many_requests',
      error_description: 'Too many requests.',
      http_status_code: '429',
    });
  });

  it('logs start_oauth_flow with the provider as a social start leaves the page; a refused start none', async () => {
    const visited: string[] = [];
    navigation.assign = (url) => visited.push(url);
    const client = makeClient();
    await client.oauth.github.start({ custom_scopes: 'no' as unknown as string[] }).catch(() => undefined);
    await client.oauth.google.start();
    expect(visited).to.have.length(1);
    const startsSent = () => sentEvents().filter((e) => e.event_name === START_OAUTH_FLOW_EVENT);
    const starts = await until(() => (startsSent().length ? startsSent() : null), 'start_oauth_flow');
    expect(starts).to.deep.equal([
      { public_token: client.publicToken, event_name: 'start_oauth_flow', details: { provider_type: 'google' } },
    ]);
  });

  it('googleOneTap.start returns the client the prompt was rendered with; its cancel closes the prompt', async () => {
    const client = makeClient();
    const result = await client.oauth.googleOneTap.start({ login_redirect_url: '/', signup_redirect_url: '/' });
    expect(result.success).to.equal(true);
    if (!result.success) return;
    expect(result.client.googleClientId).to.equal(DEV_ONE_TAP_CLIENT_ID);
    await until(() => document.querySelector('#dev-one-tap'), 'the stand-in card');
    result.client.cancel();
    await until(() => !document.querySelector('#dev-one-tap'), 'the card to close');
  });
});
