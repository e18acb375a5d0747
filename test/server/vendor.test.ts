// The demo site's vendor files: jsPDF's browser build is served from node_modules at one fixed path, loaded by the
// site only when a visitor downloads the application form. Nothing else in node_modules is reachable.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService } from './support.ts';

let t: TestService;
let root: string;

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-vendor-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(root, '404.html'), '<h1>Page not found</h1>');
  t = await startTestService({ siteDir: root });
});

after(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('vendor files for the demo site', () => {
  it('serves jsPDF UMD build as JavaScript, byte for byte the installed file', async () => {
    const res = await t.service.app.request('/vendor/jspdf.umd.min.js');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
    const body = await res.text();
    const installed = fs.readFileSync(createRequire(import.meta.url).resolve('jspdf/dist/jspdf.umd.min.js'), 'utf8');
    assert.equal(body, installed);
    assert.match(body, /jsPDF/);
  });

  it('serves its source map', async () => {
    const res = await t.service.app.request('/vendor/jspdf.umd.min.js.map');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(typeof ((await res.json()) as { mappings: unknown }).mappings, 'string');
  });

  it('answers every other path under /vendor, and node_modules itself, with the 404 page', async () => {
    for (const p of [
      '/vendor/',
      '/vendor/jspdf.es.min.js',
      '/vendor/jspdf.umd.min.js/',
      '/vendor/../package.json',
      '/vendor/%2e%2e/package.json',
      '/node_modules/jspdf/dist/jspdf.umd.min.js',
      '/jspdf/dist/jspdf.umd.min.js',
    ]) {
      const res = await t.service.app.request(p);
      assert.equal(res.status, 404, p);
      assert.equal(await res.text(), '<h1>Page not found</h1>', p);
    }
  });

  it('is not served without a site (bundles-only deployments)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-vendor-dist-'));
    const bare = await startTestService({ distDir: dist });
    try {
      const res = await bare.service.app.request('/vendor/jspdf.umd.min.js');
      assert.equal(res.status, 404);
    } finally {
      await bare.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
