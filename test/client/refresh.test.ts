/// <reference types="mocha" />
import { expect } from 'chai';
import { backoffDelay, createRefreshLoop } from '../../src/client/refresh.ts';
import { MAX_REFRESH_RETRIES, SESSION_REFRESH_INTERVAL_MS } from '../../src/client/constants/sessions.ts';
import { testEnv } from '../support/env.ts';
import { fakeClock, makeClient, signIn, unreachableClient, freshClientState } from '../support/client.ts';
import { until } from '../support/poll.ts';

describe('client background refresh', () => {
  const fresh = freshClientState();

  it('backs off 2000·2^min(n,7) ms with ±175 ms of jitter', () => {
    const centre = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffDelay(n, 0.5));
    expect(centre).to.deep.equal([4000, 8000, 16000, 32000, 64000, 128000, 256000, 256000, 256000]);
    expect([1, 2, 9].map((n) => backoffDelay(n, 0))).to.deep.equal([3825, 7825, 255825]);
    expect(backoffDelay(3, 0.999999)).to.be.closeTo(16175, 0.01);
    expect(backoffDelay(3, 0.75)).to.equal(16087.5);
  });

  it('refreshes 3 minutes after sign-in, with {} and the session token, and again 3 minutes later', async () => {
    const client = makeClient();
    await signIn(client);
    const clock = fakeClock();
    let loggedOut = false;
    const loop = createRefreshLoop({
      authenticate: () => client.session.authenticate(),
      onLoggedOut: () => (loggedOut = true),
      clock,
    });
    loop.start(false);
    expect(clock.pending().map((t) => t.ms)).to.deep.equal([SESSION_REFRESH_INTERVAL_MS]);
    expect(SESSION_REFRESH_INTERVAL_MS).to.equal(180_000);
    const before = fresh.rec.to('/sdk/v1/sessions/authenticate').length;

    clock.fireNext();
    await until(() => clock.pending().length === 1, 'next refresh scheduled');
    const reqs = fresh.rec.to('/sdk/v1/sessions/authenticate');
    expect(reqs.length).to.equal(before + 1);
    expect(JSON.parse(reqs.at(-1)!.body!)).to.deep.equal({});
    expect(clock.pending()[0]!.ms).to.equal(180_000);
    expect(loggedOut).to.equal(false);
    loop.stop();
    expect(clock.pending()).to.have.length(0);
  });

  it('retries failures after 4, 8, 16 … s and treats the user as logged out when the retries run out', async () => {
    const { client: unreachable, done } = unreachableClient('public-token-test-unreachable');
    try {
      const clock = fakeClock(0.5);
      const outcomes: string[] = [];
      let calls = 0;
      const loop = createRefreshLoop({
        authenticate: () => {
          calls++;
          return unreachable.session.authenticate();
        },
        onLoggedOut: (reason) => outcomes.push(reason),
        clock,
      });
      loop.start(true);
      const delays: number[] = [];
      for (let i = 0; i < MAX_REFRESH_RETRIES; i++) {
        await until(() => clock.pending().length === 1, `retry ${i + 1} scheduled`);
        delays.push(clock.pending()[0]!.ms);
        clock.fireNext();
      }
      await until(() => outcomes.length === 1, 'logged out');
      expect(delays).to.deep.equal([4000, 8000, 16000, 32000, 64000, 128000, 256000].slice(0, MAX_REFRESH_RETRIES));
      expect(outcomes).to.deep.equal(['retries_exhausted']);
      expect(calls).to.equal(MAX_REFRESH_RETRIES + 1);
      expect(clock.pending()).to.have.length(0);
      expect(loop.running).to.equal(false);
    } finally {
      await done();
    }
  });

  it('stops at once and clears the session on an unrecoverable error', async () => {
    const client = makeClient();
    const { response } = await signIn(client);
    // End the session on the service only; the client still holds its token.
    await fetch(`${testEnv.baseUrl}/sdk/v1/sessions/revoke`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${testEnv.publicToken}:${response.session_token}`)}`,
        'Content-Type': 'application/json',
      },
      body: '',
    });
    const clock = fakeClock();
    const outcomes: string[] = [];
    const loop = createRefreshLoop({
      authenticate: () => client.session.authenticate(),
      onLoggedOut: (r) => outcomes.push(r),
      clock,
    });
    loop.start(false);
    clock.fireNext();
    await until(() => outcomes.length === 1, 'loop ended');
    expect(outcomes).to.deep.equal(['unrecoverable']);
    expect(clock.pending()).to.have.length(0);
    expect(client.session.getSync()).to.equal(null);
  });

  it('a success after failures resets the backoff', async () => {
    const client = makeClient();
    await signIn(client);
    const clock = fakeClock(0.5);
    // fail, fail, succeed, fail: the last failure is the first of a new run, so it waits 4 s again.
    const script = [false, false, true, false];
    const loop = createRefreshLoop({
      authenticate: () => (script.shift() ? client.session.authenticate() : Promise.reject(new Error('offline'))),
      onLoggedOut: () => undefined,
      clock,
    });
    loop.start(true);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      await until(() => clock.pending().length === 1, 'timer');
      delays.push(clock.pending()[0]!.ms);
      if (i < 3) clock.fireNext();
    }
    loop.stop();
    expect(delays).to.deep.equal([4000, 8000, 180_000, 4000]);
  });
});
