/// <reference types="mocha" />
import { expect } from 'chai';
import { B2B_TOKEN_MESSAGE } from '../../src/client/bootstrap.ts';
import { IST_COOKIE_LIFETIME_MS, MSG_DUPLICATE_COOKIE } from '../../src/client/constants/sessions.ts';
import { acquireStore, releaseStore } from '../../src/client/session.ts';
import { UNRECOVERABLE_ERROR_TYPES } from '../../src/api/index.ts';
import {
  captureConsole as capture,
  cookieStore,
  freshClientState,
  makeClient,
  readCookieValue,
  signIn,
} from '../support/client.ts';
import { until } from '../support/poll.ts';
import { testEnv } from '../support/env.ts';
import { openSecondTab } from '../support/second-tab.ts';

describe('client session lifecycle', () => {
  const fresh = freshClientState();

  it('names the unrecoverable error types of wire contract 1.6', () => {
    expect([...UNRECOVERABLE_ERROR_TYPES]).to.deep.equal([
      'unauthorized_credentials',
      'user_unauthenticated',
      'invalid_secret_authentication',
      'session_not_found',
    ]);
  });

  it(
    'writes the intermediate session token cookie to expire in 10 minutes, and removes it once ' +
      'a full session exists',
    async () => {
      expect(IST_COOKIE_LIFETIME_MS).to.equal(10 * 60 * 1000);
      const client = makeClient();
      const { store } = acquireStore(testEnv.publicToken);
      try {
        const before = Date.now();
        store.applyAuthResponse({ intermediate_session_token: 'ist-abc' } as never);
        const after = Date.now();
        const cookie = await cookieStore.get('stytch_intermediate_session_token');
        expect(cookie!.value).to.equal('ist-abc');
        // Cookie expiry has one-second resolution.
        expect(cookie!.expires).to.be.within(
          Math.floor((before + IST_COOKIE_LIFETIME_MS) / 1000) * 1000 - 1000,
          after + IST_COOKIE_LIFETIME_MS + 1000,
        );
        expect(client.session.getSync()).to.equal(null);
        await signIn(client);
        expect(readCookieValue('stytch_intermediate_session_token')).to.equal(null);
      } finally {
        releaseStore(store);
      }
    },
  );

  it(
    'with a custom API domain and no readable session cookie, keeps the stored session and ' +
      're-authenticates instead of clearing',
    async () => {
      const stored = { session: { session_id: 'kept-session' }, user: { user_id: 'kept-user' } };
      localStorage.setItem(`stytch_sdk_state_${testEnv.publicToken}`, JSON.stringify(stored));
      // The made-up domain does not resolve: the bootstrap fetch fails and logs an error by design.
      const errors = capture('error');
      const client = makeClient({ baseUrl: undefined, apiDomain: 'https://auth.invalid/ignored/path' });
      expect(client.baseUrl).to.equal('https://auth.invalid');
      expect(client.session.getSync()!.session_id).to.equal('kept-session');
      await until(() => fresh.rec.to('/sdk/v1/sessions/authenticate').length === 1, 'the start-up refresh');
      const [req] = fresh.rec.to('/sdk/v1/sessions/authenticate');
      expect(req!.url).to.equal('https://auth.invalid/sdk/v1/sessions/authenticate');
      expect(JSON.parse(req!.body!)).to.deep.equal({});
      await client.bootstrap.get();
      errors.restore();
      expect(errors.messages[0]).to.match(/^Could not fetch the project bootstrap data/);
    },
  );

  it('warns once when the session cookie name is set twice (under two paths)', async () => {
    // The second page lives under /test/support/, so it sees a cookie set for that path beside the one for /.
    const second = await openSecondTab();
    const win = second.window as Window & typeof globalThis;
    const original = win.console.warn;
    const warnings: string[] = [];
    win.console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    try {
      win.document.cookie = 'stytch_session=one; path=/';
      win.document.cookie = 'stytch_session=two; path=/test/support';
      second.tab.client.session.getTokens();
      second.tab.client.session.getTokens();
      expect(warnings.filter((m) => m.startsWith(`${MSG_DUPLICATE_COOKIE} stytch_session`))).to.have.length(1);
    } finally {
      win.console.warn = original;
      win.document.cookie = `stytch_session=; path=/test/support; expires=${new Date(0).toUTCString()}`;
      second.close();
    }
  });

  it('logs an error when the public token belongs to a B2B project', async () => {
    const errors = capture('error');
    try {
      const client = makeClient({ baseUrl: testEnv.b2bBaseUrl });
      const data = await client.bootstrap.get();
      expect(data.vertical).to.equal('B2B');
      expect(errors.messages).to.include(B2B_TOKEN_MESSAGE);
    } finally {
      errors.restore();
    }
  });
});
