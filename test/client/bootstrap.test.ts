/// <reference types="mocha" />
import { expect } from 'chai';
import { DEFAULT_BOOTSTRAP } from '../../src/api/index.ts';
import { prefetchBootstrap } from '../../src/client/bootstrap.ts';
import { APIUnreachableError, createAuthClient } from '../../src/client/index.ts';
import { testEnv } from '../support/env.ts';
import { CLOSED_PORT_URL, destroyClients, makeClient, resetBrowserState } from '../support/client.ts';

const cacheKey = (pt: string) => `stytch_sdk_state_${pt}::bootstrap`;

function captureConsoleError() {
  const calls: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void calls.push(args);
  return { calls, restore: () => (console.error = original) };
}

describe('client bootstrap', () => {
  beforeEach(resetBrowserState);
  afterEach(destroyClients);

  it('serves the cached document at once, then the fresh one from the service, and caches that', async () => {
    const cached = { ...DEFAULT_BOOTSTRAP, projectName: 'Cached Project', emailDomains: ['cached.example'] };
    localStorage.setItem(cacheKey(testEnv.publicToken), JSON.stringify(cached));
    const client = makeClient();
    expect(client.bootstrap.getSync().projectName).to.equal('Cached Project');

    const fresh = await client.bootstrap.get();
    expect(fresh.projectName).to.be.a('string').and.not.equal('Cached Project');
    expect(fresh.emailDomains).to.not.deep.equal(['cached.example']);
    expect(fresh.vertical).to.equal('CONSUMER');
    expect(client.bootstrap.getSync()).to.deep.equal(fresh);
    expect(JSON.parse(localStorage.getItem(cacheKey(testEnv.publicToken))!)).to.deep.equal(fresh);
  });

  it('uses the defaults without a cache, and logs an error when the bootstrap request fails', async () => {
    const errors = captureConsoleError();
    const pt = 'public-token-test-no-such-service';
    const client = createAuthClient({ publicToken: pt, baseUrl: CLOSED_PORT_URL });
    try {
      expect(client.bootstrap.getSync()).to.deep.equal(DEFAULT_BOOTSTRAP);
      expect(await client.bootstrap.get()).to.deep.equal(DEFAULT_BOOTSTRAP);
      expect(client.bootstrap.getSync()).to.deep.equal(DEFAULT_BOOTSTRAP);
      expect(errors.calls).to.have.length(1);
      expect(localStorage.getItem(cacheKey(pt))).to.equal(null);
    } finally {
      errors.restore();
      client.destroy();
    }
  });

  it('takes the answer of a bootstrap request started before it was made, and asks no second time', async () => {
    // A service no other client in this file has asked: a client's own request would not count as the prefetch.
    const baseUrl = testEnv.ludsBaseUrl;
    const requests = () =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.startsWith(`${baseUrl}/sdk/v1/projects/bootstrap/`));
    performance.clearResourceTimings();
    prefetchBootstrap(testEnv.publicToken, baseUrl);
    const made = performance.now();
    const client = makeClient({ baseUrl });
    const fresh = await client.bootstrap.get();
    expect(fresh.vertical).to.equal('CONSUMER');
    expect(JSON.parse(localStorage.getItem(cacheKey(testEnv.publicToken))!)).to.deep.equal(fresh);
    expect(requests()).to.have.length(1);
    expect(requests()[0]!.startTime, 'asked before the client was made').to.be.below(made);
    // Asked for again once a client has its answer (another element on the page), it is not asked a second time.
    prefetchBootstrap(testEnv.publicToken, baseUrl);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests()).to.have.length(1);
  });

  it('asks again itself when the request started before it could not reach the service', async () => {
    const errors = captureConsoleError();
    const pt = 'public-token-test-prefetch-unreachable';
    prefetchBootstrap(pt, CLOSED_PORT_URL);
    const client = createAuthClient({ publicToken: pt, baseUrl: CLOSED_PORT_URL });
    try {
      expect(await client.bootstrap.get()).to.deep.equal(DEFAULT_BOOTSTRAP);
      // The client's own request failed as well, and is the one reported: with the client's error, not the fetch's.
      expect(errors.calls).to.have.length(1);
      expect(String(errors.calls[0]![0])).to.include('Could not fetch the project bootstrap data');
      expect(errors.calls[0]![1]).to.be.instanceOf(APIUnreachableError);
    } finally {
      errors.restore();
      client.destroy();
    }
  });
});
