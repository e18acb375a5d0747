/// <reference types="mocha" />
import { expect } from 'chai';
import { DEFAULT_BOOTSTRAP } from '../../src/api/index.ts';
import { createAuthClient } from '../../src/client/index.ts';
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
});
