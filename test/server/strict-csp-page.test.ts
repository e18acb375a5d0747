// The demo site's pages under /csp/ are served with a strict Content Security Policy and a fresh nonce per
// response, written into each nonce placeholder of the page; other pages and /csp/ files that are not pages are not.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FRAME_ANCESTORS_DIRECTIVE } from '../../src/server/constants/headers.ts';
import { CSP_NONCE_PLACEHOLDER, STRICT_CSP_PATH_PREFIX, strictCsp } from '../../src/server/routes/static.ts';
import { startTestService, type TestService } from './support.ts';
import { strictPolicy } from '../support/csp.ts';

let t: TestService;
let root: string;
/** The strict policy with a nonce of 16 random bytes (22 base64 characters and its padding) in both places. */
const STRICT_POLICY = strictPolicy('[A-Za-z0-9+/]{22}==');
const PAGE =
  `<script nonce="${CSP_NONCE_PLACEHOLDER}"></script><auth-login ` + `nonce="${CSP_NONCE_PLACEHOLDER}"></auth-login>`;

before(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-csp-'));
  fs.mkdirSync(path.join(root, STRICT_CSP_PATH_PREFIX));
  fs.writeFileSync(path.join(root, STRICT_CSP_PATH_PREFIX, 'portal.html'), PAGE);
  fs.writeFileSync(path.join(root, STRICT_CSP_PATH_PREFIX, 'notes.txt'), CSP_NONCE_PLACEHOLDER);
  fs.writeFileSync(path.join(root, 'portal.html'), PAGE);
  fs.writeFileSync(path.join(root, '404.html'), '<h1>Page not found</h1>');
  t = await startTestService({ siteDir: root });
});

after(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('strict-CSP pages', () => {
  it(
    'answers /csp/portal with the policy, no-store, and the same fresh nonce in the header and ' + 'every placeholder',
    async () => {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        const res = await t.service.app.request(`${STRICT_CSP_PATH_PREFIX}portal`);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const policy = res.headers.get('content-security-policy') ?? '';
        const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
        // The page's own directives, then the frame-ancestors every page gets (middleware/security-headers.ts).
        assert.equal(policy, `${strictCsp(nonce)}; ${FRAME_ANCESTORS_DIRECTIVE}`);
        assert.match(policy, STRICT_POLICY);
        assert.doesNotMatch(policy, /unsafe/);
        assert.equal(await res.text(), PAGE.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
        nonces.add(nonce);
      }
      assert.equal(nonces.size, 3, 'a new nonce on every response');
    },
  );

  it(
    'leaves other pages (but for frame-ancestors), and files under /csp/ that are not pages, ' + 'as they are',
    async () => {
      const page = await t.service.app.request('/portal');
      assert.equal(page.headers.get('content-security-policy'), FRAME_ANCESTORS_DIRECTIVE);
      assert.equal(await page.text(), PAGE);
      const notes = await t.service.app.request(`${STRICT_CSP_PATH_PREFIX}notes.txt`);
      assert.equal(notes.headers.get('content-security-policy'), null);
      assert.equal(await notes.text(), CSP_NONCE_PLACEHOLDER);
      assert.equal((await t.service.app.request(`${STRICT_CSP_PATH_PREFIX}missing`)).status, 404);
    },
  );
});
