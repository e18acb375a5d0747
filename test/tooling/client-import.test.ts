// The headless client must be import-safe in Node (server rendering, tests, build tools): nothing may touch window,
// document or storage at import time.
import { test } from 'node:test';
import assert from 'node:assert/strict';

test('importing the client in Node does not throw and exports createAuthClient', async () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  const client = await import('../../src/client/index.ts');
  assert.equal(typeof client.createAuthClient, 'function');
});
