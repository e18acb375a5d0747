// A service configured like a deployment: the demo site and the bundles served from folders, no dev inbox, PKCE
// required, its own project name and email domain. Static files: clean URLs, content types, the 404 page, and no
// way out of the folders.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { addressesOf, startSmtpServer, type TestSmtpServer } from './delivery-servers.ts';
import { dataOf, expectError, post, PORTAL_URL, startTestService, uniqueEmail, type TestService } from './support.ts';

let t: TestService;
let root: string;
/** Without the dev inbox, mail leaves only through SMTP. */
let smtp: TestSmtpServer;

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-static-'));
  const site = path.join(root, 'site');
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(site, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(site, 'student-portal.html'), '<h1>Portal</h1>');
  fs.writeFileSync(path.join(site, '404.html'), '<h1>Page not found</h1>');
  fs.writeFileSync(path.join(site, 'assets', 'site.css'), 'body{}');
  fs.writeFileSync(path.join(site, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(dist, 'auth-login.js'), 'export {};');
  fs.writeFileSync(path.join(dist, 'chunks', 'screen-abc.js'), 'export const x = 1;');
  fs.writeFileSync(path.join(dist, 'big.js'), `export const rows = [${'"a row of text",'.repeat(500)}];`);
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the site');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(site, 'link.txt'));
  smtp = await startSmtpServer();
  t = await startTestService({
    smtp: { url: smtp.url },
    siteDir: site,
    distDir: dist,
    devInbox: false,
    pkceRequiredForEmailMagicLinks: true,
    projectName: 'Eastlight College',
    emailDomains: ['eastlight.example'],
  });
});

after(async () => {
  await t.close();
  await smtp.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function fetchText(
  p: string,
  init?: RequestInit,
): Promise<{ status: number; type: string; body: string; res: Response }> {
  const res = await t.service.app.request(p, init);
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text(), res };
}

describe('static files', () => {
  it('serves / as index.html and /student-portal as student-portal.html, uncached', async () => {
    const home = await fetchText('/');
    assert.deepEqual([home.status, home.body], [200, '<h1>Home</h1>']);
    assert.equal(home.type, 'text/html; charset=utf-8');
    assert.equal(home.res.headers.get('cache-control'), 'no-cache');
    const portal = await fetchText('/student-portal');
    assert.deepEqual([portal.status, portal.body], [200, '<h1>Portal</h1>']);
    const portalQuery = await fetchText('/student-portal?stytch_token_type=magic_links&token=abc');
    assert.equal(portalQuery.body, '<h1>Portal</h1>');
  });

  it('serves assets and bundles with their content types', async () => {
    const css = await fetchText('/assets/site.css');
    assert.deepEqual([css.status, css.type, css.body], [200, 'text/css; charset=utf-8', 'body{}']);
    const bundle = await fetchText('/auth-login.js');
    assert.deepEqual([bundle.status, bundle.type], [200, 'text/javascript; charset=utf-8']);
    const chunk = await fetchText('/chunks/screen-abc.js');
    assert.deepEqual([chunk.status, chunk.body], [200, 'export const x = 1;']);
  });

  it(
    'compresses text files with brotli, else gzip, when the browser offers it, and small files ' + 'not at all',
    async () => {
      const raw = fs.readFileSync(path.join(root, 'dist', 'big.js'));
      const br = await t.service.app.request('/big.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
      assert.equal(br.headers.get('content-encoding'), 'br');
      assert.equal(br.headers.get('vary'), 'Accept-Encoding');
      const brBytes = Buffer.from(await br.arrayBuffer());
      assert.ok(brBytes.length < raw.length / 10, `${brBytes.length} bytes`);
      assert.deepEqual(zlib.brotliDecompressSync(brBytes), raw);

      const gz = await t.service.app.request('/big.js', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
      assert.equal(gz.headers.get('content-encoding'), 'gzip');
      assert.deepEqual(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())), raw);

      const plain = await t.service.app.request('/big.js');
      assert.equal(plain.headers.get('content-encoding'), null);
      assert.deepEqual(Buffer.from(await plain.arrayBuffer()), raw);

      const small = await t.service.app.request('/assets/site.css', { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(small.headers.get('content-encoding'), null);
      assert.equal(await small.text(), 'body{}');
    },
  );

  it('answers 304 when the ETag still matches', async () => {
    const first = await fetchText('/auth-login.js');
    const etag = first.res.headers.get('etag');
    assert.ok(etag);
    const again = await t.service.app.request('/auth-login.js', { headers: { 'If-None-Match': etag } });
    assert.equal(again.status, 304);
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const p of ['/nope', '/assets/missing.css', '/chunks/', '/student-portal/extra']) {
      const res = await fetchText(p);
      assert.deepEqual([res.status, res.body], [404, '<h1>Page not found</h1>'], p);
      assert.equal(res.type, 'text/html; charset=utf-8');
    }
  });

  it('never serves files outside the folders, dotfiles or symlinks that lead out', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
      '/..%5csecret.txt',
      '/.env',
      '/link.txt',
      '/%00',
      '/%E0%A4%A',
      '/etc/passwd',
    ]) {
      const res = await fetchText(p);
      assert.equal(res.status, 404, p);
      assert.ok(!res.body.includes('outside the site') && !res.body.includes('SECRET'), p);
    }
  });

  it('keeps /sdk/v1 answers JSON even with a site mounted', async () => {
    const res = await t.service.app.request('/sdk/v1/unknown');
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { error_type: string }).error_type, 'not_found');
  });
});

describe('project options', () => {
  it('shows the options in the bootstrap document', async () => {
    const res = await t.service.app.request(`/sdk/v1/projects/bootstrap/${t.service.config.publicToken}`);
    const data = await dataOf<{
      project_name: string;
      email_domains: string[];
      pkce_required_for_email_magic_links: boolean;
    }>(res);
    assert.equal(data.project_name, 'Eastlight College');
    assert.deepEqual(data.email_domains, ['eastlight.example']);
    assert.equal(data.pkce_required_for_email_magic_links, true);
  });

  it('refuses a send without code_challenge when PKCE is required, and accepts one with it', async () => {
    const email = uniqueEmail();
    const urls = { login_magic_link_url: PORTAL_URL, signup_magic_link_url: PORTAL_URL };
    await expectError(
      await post(t, '/magic_links/email/login_or_create', { email, ...urls }),
      400,
      'invalid_request',
      'code_challenge is required: this project requires PKCE for email magic links.',
    );
    const challenge = createHash('sha256').update(randomBytes(32).toString('hex')).digest('base64url');
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email, ...urls, code_challenge: challenge }));
    const mail = smtp.mails.find((m) => addressesOf(m.parsed.to).includes(email));
    assert.deepEqual(
      { from: addressesOf(mail?.parsed.from), subject: mail?.parsed.subject },
      { from: ['no-reply@eastlight.example'], subject: 'Your Eastlight College sign-up link' },
    );
    // Without the dev inbox nothing is kept.
    assert.deepEqual(await t.service.db.query('select id from dev_messages'), []);
  });

  it("has no dev inbox when devInbox is off: the site's 404 page answers", async () => {
    for (const p of ['/dev/inbox', '/dev/inbox.json']) {
      const res = await fetchText(p);
      assert.deepEqual([res.status, res.body], [404, '<h1>Page not found</h1>'], p);
    }
  });
});
