// The classic-script build (dist/auth-login.iife.js) is a loader for the module build. A page with only
// `<script src=".../auth-login.iife.js">` gets a usable <auth-login>, fetches the module entry and the lazy chunks a
// module page would (not the phone library, for magic links), and finds the module's exports on `window.AuthLogin`;
// under a strict nonce CSP the import it makes carries the script's nonce, so nothing is blocked.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { strictCsp } from '../../src/server/routes/static.ts';
import { until } from '../support/poll.ts';
import { caughtUp, e2eSuite, repoRoot } from './support.ts';

const CONFIG = JSON.stringify({ products: ['emailMagicLinks'] });
const EMAIL_INPUT = 'auth-login input[type="email"]';

function classicPage(nonce?: string): string {
  const attr = nonce ? ` nonce="${nonce}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>classic script</title>
<script${attr} src="/auth-login.iife.js"></script></head>
<body><auth-login${attr} public-token="${DEFAULT_PUBLIC_TOKEN}" base-url="/"
  config='${CONFIG}'></auth-login></body></html>`;
}

/** Paths of the scripts `page` requests from now on. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('the classic-script build loads the module build on demand', () => {
  const e2e = e2eSuite();

  it('is built from the loader alone (and the entry file name it shares): no widget code is inlined', () => {
    const map = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist/auth-login.iife.js.map'), 'utf8')) as {
      sources: string[];
    };
    assert.deepEqual(map.sources.map((source) => source.replace(/^(\.\.\/)+/, '')).sort(), [
      'src/widget/entry-file.ts',
      'src/widget/iife.ts',
    ]);
  });

  it(
    'makes <auth-login> usable from a classic script, with the exports on window.AuthLogin and ' + 'no phone library',
    async () => {
      const { page, problems } = await e2e.newPage();
      const url = `${e2e.product.url}/iife-loader/plain`;
      await page.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: classicPage() }));
      const scripts = scriptsOf(page);
      await page.goto(url);
      await page.locator(EMAIL_INPUT).waitFor({ state: 'visible' });
      assert.equal(await page.locator(EMAIL_INPUT).isEnabled(), true);
      await until(
        () =>
          page.evaluate(
            () =>
              typeof (window as unknown as { AuthLogin?: { createAuthClient?: unknown } }).AuthLogin
                ?.createAuthClient === 'function',
          ),
        'window.AuthLogin.createAuthClient',
      );
      await caughtUp(page);
      assert.deepEqual(scripts.slice(0, 2), ['/auth-login.iife.js', '/auth-login.js']);
      assert.ok(
        scripts.slice(2).every((script) => script.startsWith('/chunks/')),
        scripts.join(', '),
      );
      assert.deepEqual(
        scripts.filter((script) => /\/(phone|phone-lib|PhoneInput)-/.test(script)),
        [],
        'no phone code for magic links',
      );
      assert.deepEqual(problems, []);
    },
  );

  it('runs under a strict nonce CSP with no violation', async () => {
    const { page, problems } = await e2e.newPage();
    const nonce = randomBytes(16).toString('base64');
    const url = `${e2e.product.url}/iife-loader/strict-csp`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        headers: { 'Content-Security-Policy': strictCsp(nonce) },
        body: classicPage(nonce),
      }),
    );
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation;
      document.addEventListener(
        'securitypolicyviolation',
        (e) => report(`${e.violatedDirective} ${e.blockedURI}`),
        true,
      );
    });
    await page.goto(url);
    await page.locator(EMAIL_INPUT).waitFor({ state: 'visible' });
    await caughtUp(page);
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
  });
});
