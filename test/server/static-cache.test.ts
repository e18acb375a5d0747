// Content-hashed chunks are cached for a year without revalidation; the entries, whose names do not change
// between builds, and the site's pages are revalidated by ETag on every use, and still answer 304 when unchanged.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  HASHED_CHUNKS_FOLDER,
  HASHED_FILE_CACHE_CONTROL,
  REVALIDATED_FILE_CACHE_CONTROL,
} from '../../src/server/http/cache-policy.ts';
import { startTestService, type TestService } from './support.ts';

let t: TestService;
let root: string;

const HASHED = [
  `/${HASHED_CHUNKS_FOLDER}/product-otps-Ab3_-x9Z.js`,
  `/${HASHED_CHUNKS_FOLDER}/en-outcome-BAml-QLc.js.map`,
];
// A file in the chunks folder without rollup's hash, and the entries: same name after every build.
const UNHASHED = [`/${HASHED_CHUNKS_FOLDER}/notes.js`, '/auth-login.js', '/auth-login.iife.js', '/client.js'];

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-cache-'));
  const distDir = path.join(root, 'dist');
  const siteDir = path.join(root, 'site');
  fs.mkdirSync(path.join(distDir, HASHED_CHUNKS_FOLDER), { recursive: true });
  fs.mkdirSync(siteDir);
  for (const file of [...HASHED, ...UNHASHED]) fs.writeFileSync(path.join(distDir, file), `/* ${file} */`);
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(siteDir, '404.html'), '<h1>Page not found</h1>');
  t = await startTestService({ distDir, siteDir });
});

after(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Fetches `url`, then again with its ETag: the second answer must be an empty 304 with the same caching. */
async function assertCachedAs(url: string, cacheControl: string): Promise<void> {
  const first = await t.service.app.request(url);
  assert.equal(first.status, 200, url);
  assert.equal(first.headers.get('cache-control'), cacheControl, `Cache-Control of ${url}`);
  const etag = first.headers.get('etag');
  assert.match(etag ?? '', /^W\/"[0-9a-f]+-[0-9a-f]+"$/, `ETag of ${url}`);
  const again = await t.service.app.request(url, { headers: { 'If-None-Match': etag! } });
  assert.equal(again.status, 304, `revalidating ${url}`);
  assert.equal(again.headers.get('cache-control'), cacheControl);
  assert.equal(again.headers.get('etag'), etag);
  assert.equal(await again.text(), '');
}

describe('cache headers of static files', () => {
  it('serves content-hashed chunks and their source maps as public, for a year, immutable', async () => {
    assert.equal(HASHED_FILE_CACHE_CONTROL, 'public, max-age=31536000, immutable');
    for (const url of HASHED) await assertCachedAs(url, HASHED_FILE_CACHE_CONTROL);
  });

  it('serves the entries, un-hashed chunk names and the pages with no-cache, revalidated by ETag', async () => {
    assert.equal(REVALIDATED_FILE_CACHE_CONTROL, 'no-cache');
    for (const url of [...UNHASHED, '/']) await assertCachedAs(url, REVALIDATED_FILE_CACHE_CONTROL);
  });

  it('answers a changed ETag with the file again, and the 404 page with no-cache', async () => {
    const stale = await t.service.app.request(HASHED[0]!, { headers: { 'If-None-Match': 'W/"0-0"' } });
    assert.equal(stale.status, 200);
    assert.equal(await stale.text(), `/* ${HASHED[0]} */`);
    const missing = await t.service.app.request(`/${HASHED_CHUNKS_FOLDER}/gone-Ab3_-x9Z.js`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('cache-control'), REVALIDATED_FILE_CACHE_CONTROL);
  });
});
