// Static files are kept in memory (src/server/http/static-files.ts). Development notices every edit at the
// next request; production trusts what it read for the process's life; files too big to keep are still served whole.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { MAX_CACHED_FILE_BYTES } from '../../src/server/http/static-files.ts';
import { startTestService, type TestService } from './support.ts';

let root: string;
let siteDir: string;
const services: TestService[] = [];

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-static-memory-'));
  siteDir = path.join(root, 'site');
  fs.mkdirSync(siteDir);
  fs.writeFileSync(path.join(siteDir, '404.html'), '<h1>Page not found</h1>');
});

after(async () => {
  for (const service of services) await service.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function serviceIn(mode: 'development' | 'production'): Promise<TestService> {
  // requestLog: production logs every request to stdout, which is noise in a test's output.
  const service = await startTestService({ siteDir, mode, requestLog: null });
  services.push(service);
  return service;
}

/** Writes `file` with a given mtime, so two versions never share one (however fast the test runs). */
function write(name: string, text: string, mtimeSeconds: number): void {
  const file = path.join(siteDir, name);
  fs.writeFileSync(file, text);
  fs.utimesSync(file, mtimeSeconds, mtimeSeconds);
}

describe('static files kept in memory', () => {
  it(
    'development: an edited file is served new, with a new ETag, at the next request; a ' + 'deleted one is a 404',
    async () => {
      const t = await serviceIn('development');
      write('notes.txt', 'first version', 1_000_000);
      const first = await t.service.app.request('/notes.txt');
      assert.equal(await first.text(), 'first version');
      assert.equal((await t.service.app.request('/notes.txt')).headers.get('etag'), first.headers.get('etag'));

      write('notes.txt', 'second version', 2_000_000);
      const second = await t.service.app.request('/notes.txt');
      assert.equal(await second.text(), 'second version');
      assert.equal(second.headers.get('etag'), 'W/"e-77359400"');
      const revalidated = await t.service.app.request('/notes.txt', {
        headers: { 'If-None-Match': first.headers.get('etag')! },
      });
      assert.equal(revalidated.status, 200, 'the old ETag no longer matches');

      fs.rmSync(path.join(siteDir, 'notes.txt'));
      const gone = await t.service.app.request('/notes.txt');
      assert.equal(gone.status, 404);
      assert.equal(await gone.text(), '<h1>Page not found</h1>');
    },
  );

  it('production: files are read once and trusted for the life of the process', async () => {
    const t = await serviceIn('production');
    write('kept.txt', 'as deployed', 1_000_000);
    const first = await t.service.app.request('/kept.txt');
    assert.equal(await first.text(), 'as deployed');
    write('kept.txt', 'edited under a running process', 2_000_000);
    const again = await t.service.app.request('/kept.txt');
    assert.equal(await again.text(), 'as deployed');
    assert.equal(again.headers.get('etag'), first.headers.get('etag'));
  });

  it('serves a file too big to keep whole, compressed the same way, with the same headers', async () => {
    const t = await serviceIn('development');
    const big = 'a line of the big file\n'.repeat(Math.ceil((MAX_CACHED_FILE_BYTES + 1) / 23));
    const files = { 'big.txt': big, 'small.txt': big.slice(0, 4096) };
    for (const [name, text] of Object.entries(files)) write(name, text, 1_000_000);
    for (const [name, text] of Object.entries(files)) {
      const res = await t.service.app.request(`/${name}`, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 200, name);
      assert.equal(res.headers.get('content-encoding'), 'gzip', name);
      assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8', name);
      assert.equal(res.headers.get('vary'), 'Accept-Encoding', name);
      assert.equal(res.headers.get('cache-control'), 'no-cache', name);
      assert.equal(res.headers.get('etag'), `W/"${text.length.toString(16)}-${(1_000_000_000).toString(16)}"`, name);
      assert.equal(zlib.gunzipSync(new Uint8Array(await res.arrayBuffer())).toString(), text, name);
    }
  });
});
