/// <reference types="mocha" />
import { expect } from 'chai';
import type { Session, User } from '../../src/api/index.ts';
import { APIError } from '../../src/client/index.ts';
import { testEnv } from '../support/env.ts';
import { destroyClients, makeClient, readCookieValue, signIn, freshClientState } from '../support/client.ts';
import { until } from '../support/poll.ts';

const stateKey = () => `stytch_sdk_state_${testEnv.publicToken}`;
const storedState = () =>
  JSON.parse(localStorage.getItem(stateKey()) ?? 'null') as { session: Session; user: User } | null;

describe('client session store', () => {
  const fresh = freshClientState();

  it('signs in through the magic-link journey and keeps the session in cookies and localStorage', async () => {
    const client = makeClient();
    expect(client.session.getSync()).to.equal(null);
    const { email, response } = await signIn(client);

    expect(response).to.not.have.property('__user');
    expect(response.session_token).to.be.a('string').and.not.equal('');
    expect(readCookieValue('stytch_session')).to.equal(response.session_token);
    expect(readCookieValue('stytch_session_jwt')).to.equal(response.session_jwt);
    expect(client.session.getTokens()).to.deep.equal({
      session_token: response.session_token,
      session_jwt: response.session_jwt,
    });

    const stored = storedState();
    expect(stored?.session.session_id).to.equal(response.session.session_id);
    expect(stored?.user.user_id).to.equal(response.user_id);
    expect(stored?.user.emails.map((e) => e.email)).to.include(email);
    expect(client.session.getSync()?.session_id).to.equal(response.session.session_id);
    expect(client.user.getSync()?.user_id).to.equal(response.user_id);

    const body = JSON.parse(fresh.rec.to('/sdk/v1/magic_links/email/login_or_create')[0]!.body!);
    expect(body.email).to.equal(email);
  });

  it('notifies session and user subscribers on sign-in and on revoke', async () => {
    const client = makeClient();
    const sessions: (Session | null)[] = [];
    const users: (User | null)[] = [];
    client.session.onChange((s) => sessions.push(s));
    client.user.onChange((u) => users.push(u));
    const { response } = await signIn(client);
    expect(sessions.map((s) => s?.session_id ?? null)).to.deep.equal([response.session.session_id]);
    expect(users.map((u) => u?.user_id ?? null)).to.deep.equal([response.user_id]);
    await client.session.revoke();
    expect(sessions.map((s) => s?.session_id ?? null)).to.deep.equal([response.session.session_id, null]);
    expect(users.at(-1)).to.equal(null);
  });

  it('shares one state between two clients with the same public token', async () => {
    const a = makeClient();
    const b = makeClient();
    const seenByB: (string | null)[] = [];
    b.session.onChange((s) => seenByB.push(s?.session_id ?? null));
    const { response } = await signIn(a);
    expect(b.session.getSync()?.session_id).to.equal(response.session.session_id);
    expect(b.user.getSync()?.user_id).to.equal(response.user_id);
    expect(seenByB).to.deep.equal([response.session.session_id]);
    await b.session.revoke();
    expect(a.session.getSync()).to.equal(null);
    expect(seenByB).to.deep.equal([response.session.session_id, null]);
  });

  it(
    'revoke clears cookies and storage, and the service then rejects the old token with ' + 'session_not_found',
    async () => {
      const client = makeClient();
      const { response } = await signIn(client);
      await client.session.revoke();
      expect(client.session.getSync()).to.equal(null);
      expect(client.user.getSync()).to.equal(null);
      expect(client.session.getTokens()).to.equal(null);
      expect(readCookieValue('stytch_session')).to.equal(null);
      expect(readCookieValue('stytch_session_jwt')).to.equal(null);
      expect(localStorage.getItem(stateKey())).to.be.oneOf([null, 'null']);

      document.cookie = `stytch_session=${response.session_token}; path=/`;
      const error = await client.session.authenticate().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(APIError);
      expect((error as APIError).error_type).to.equal('session_not_found');
    },
  );

  it('clears the local session when authenticate fails with an unrecoverable error', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    // Revoke on the service only, by a direct call with the token, so the client still believes it is signed in.
    const res = await fetch(`${testEnv.baseUrl}/sdk/v1/sessions/revoke`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${testEnv.publicToken}:${response.session_token}`)}`,
        'Content-Type': 'application/json',
      },
      body: '',
    });
    expect(res.status).to.equal(200);
    expect(client.session.getSync()).to.not.equal(null);
    const changes: (Session | null)[] = [];
    client.session.onChange((s) => changes.push(s));

    const error = await client.session.authenticate().catch((e: unknown) => e);
    expect((error as APIError).error_type).to.equal('session_not_found');
    expect(client.session.getSync()).to.equal(null);
    expect(readCookieValue('stytch_session')).to.equal(null);
    expect(storedState()).to.equal(null);
    expect(changes).to.deep.equal([null]);
  });

  it('keeps the local session when revoke fails for another reason, unless forceClear', async () => {
    const client = makeClient();
    await signIn(client);
    const realFetch = window.fetch;
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      await client.session.revoke().catch(() => undefined);
      expect(client.session.getSync()).to.not.equal(null);
      expect(readCookieValue('stytch_session')).to.not.equal(null);
      await client.session.revoke({ forceClear: true }).catch(() => undefined);
      expect(client.session.getSync()).to.equal(null);
      expect(readCookieValue('stytch_session')).to.equal(null);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('extends the session with session.authenticate({session_duration_minutes}) and stores the result', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    const result = await client.session.authenticate({ session_duration_minutes: 120 });
    expect(result).to.not.have.property('__user');
    const body = JSON.parse(fresh.rec.to('/sdk/v1/sessions/authenticate').at(-1)!.body!);
    expect(body).to.deep.equal({ session_duration_minutes: 120 });
    expect(Date.parse(result.session.expires_at)).to.be.greaterThan(Date.parse(response.session.expires_at));
    expect(client.session.getSync()?.expires_at).to.equal(result.session.expires_at);
    expect(storedState()?.session.expires_at).to.equal(result.session.expires_at);
  });

  it('on start-up without a session cookie, clears a stale stored session', () => {
    localStorage.setItem(stateKey(), JSON.stringify({ session: { session_id: 'stale' }, user: { user_id: 'u' } }));
    const client = makeClient();
    expect(client.session.getSync()).to.equal(null);
    expect(storedState()).to.equal(null);
    expect(fresh.rec.to('/sdk/v1/sessions/authenticate')).to.have.length(0);
  });

  it('on start-up with a session cookie, re-authenticates at once with {} and keeps the user signed in', async () => {
    const first = makeClient();
    const { response } = await signIn(first);
    destroyClients(); // the page "reloads": the store is rebuilt from cookie + storage
    fresh.rec.requests.length = 0;

    const client = makeClient();
    expect(client.session.getSync()?.session_id).to.equal(response.session.session_id);
    await until(() => fresh.rec.to('/sdk/v1/sessions/authenticate').length === 1, 'start-up refresh');
    const req = fresh.rec.to('/sdk/v1/sessions/authenticate')[0]!;
    expect(JSON.parse(req.body!)).to.deep.equal({});
    expect(atob(req.headers.get('Authorization')!.slice(6))).to.equal(
      `${testEnv.publicToken}:${response.session_token}`,
    );
    expect(client.session.getSync()?.session_id).to.equal(response.session.session_id);
  });

  it('on start-up with a revoked session cookie, the refresh clears everything', async () => {
    const first = makeClient();
    const { response } = await signIn(first);
    const saved = localStorage.getItem(stateKey());
    await first.session.revoke();
    destroyClients();
    // A page that still has the old cookie and cached state (e.g. restored from a backup).
    document.cookie = `stytch_session=${response.session_token}; path=/`;
    document.cookie = `stytch_session_jwt=${response.session_jwt}; path=/`;
    localStorage.setItem(stateKey(), saved!);

    const client = makeClient();
    expect(client.session.getSync()).to.not.equal(null);
    await until(() => client.session.getSync() === null, 'session cleared');
    expect(readCookieValue('stytch_session')).to.equal(null);
    expect(readCookieValue('stytch_session_jwt')).to.equal(null);
    expect(storedState()).to.equal(null);
  });

  it('user.get() loads the user from /users/me and stores it', async () => {
    const client = makeClient();
    const { response, email } = await signIn(client);
    const changes: (User | null)[] = [];
    client.user.onChange((u) => changes.push(u));
    const user = await client.user.get();
    expect(user.user_id).to.equal(response.user_id);
    expect(user).to.not.have.property('request_id');
    expect(user).to.not.have.property('status_code');
    expect(user.emails.map((e) => e.email)).to.include(email);
    expect(client.user.getSync()).to.deep.equal(user);
    expect(storedState()?.user).to.deep.equal(user);
  });

  it('follows sign-in and sign-out from another tab through the storage event', async () => {
    const client = makeClient();
    const seen: (string | null)[] = [];
    client.session.onChange((s) => seen.push(s?.session_id ?? null));
    const other = { session: { session_id: 'from-other-tab', user_id: 'u1' }, user: { user_id: 'u1' } };
    const fire = (newValue: string | null) =>
      window.dispatchEvent(new StorageEvent('storage', { key: stateKey(), newValue, storageArea: localStorage }));
    fire(JSON.stringify(other));
    expect(client.session.getSync()?.session_id).to.equal('from-other-tab');
    expect(client.user.getSync()?.user_id).to.equal('u1');
    fire('null');
    expect(client.session.getSync()).to.equal(null);
    expect(seen).to.deep.equal(['from-other-tab', null]);
  });

  it('deletes the intermediate session token cookie once a full session is written', async () => {
    document.cookie = 'stytch_intermediate_session_token=ist-123; path=/';
    const client = makeClient();
    await signIn(client);
    expect(readCookieValue('stytch_intermediate_session_token')).to.equal(null);
  });

  it('honours custom cookie names', async () => {
    const client = makeClient({ cookieOptions: { opaqueTokenCookieName: 'my_sess', jwtCookieName: 'my_jwt' } });
    const { response } = await signIn(client);
    expect(readCookieValue('my_sess')).to.equal(response.session_token);
    expect(readCookieValue('my_jwt')).to.equal(response.session_jwt);
    expect(readCookieValue('stytch_session')).to.equal(null);
    await client.session.revoke();
    expect(readCookieValue('my_sess')).to.equal(null);
  });

  it('destroying the last client releases the shared store, so a new client starts afresh', async () => {
    const a = makeClient();
    await signIn(a);
    const b = makeClient();
    fresh.rec.requests.length = 0;
    a.destroy();
    // b still holds the store: a third client joins it and does not run the start-up refresh again.
    const c = makeClient();
    expect(fresh.rec.to('/sdk/v1/sessions/authenticate')).to.have.length(0);
    b.destroy();
    c.destroy();
    // The start-up refresh is issued synchronously by createAuthClient when it builds a new store.
    makeClient();
    expect(fresh.rec.to('/sdk/v1/sessions/authenticate')).to.have.length(1);
  });
});
