// Strict CSP: the demo portal's copy at /csp/student-portal is served with
// `script-src 'nonce-…' 'strict-dynamic'; style-src 'nonce-…'` (a fresh nonce per response, no unsafe-inline), and a
// student signs in there by magic link with not one `securitypolicyviolation`: the widget's module and its lazy
// chunks load, its Emotion styles carry the nonce, and so does the passkey offer the portal creates after sign-in.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { deliveredTo, e2eSuite } from './support.ts';
import { strictPolicy } from '../support/csp.ts';

const CSP_PAGE = '/csp/student-portal';

interface Violation {
  directive: string;
  blockedURI: string;
  sample: string;
  source: string;
}

/** The strict policy; each of the two nonces is captured. */
const STRICT_POLICY = strictPolicy('([A-Za-z0-9+/=]+)');

/** The nonce of a strict-CSP response, after checking the policy has exactly the expected shape. */
function nonceOf(policy: string | null): string {
  // The page's directives, then the frame-ancestors every page of the service gets (middleware/security-headers.ts).
  const match = STRICT_POLICY.exec(policy ?? '');
  assert.ok(match, `strict policy: ${policy}`);
  assert.equal(match[1], match[2], 'scripts and styles share the response nonce');
  return match[1]!;
}

describe('strict CSP: the portal under nonces and strict-dynamic', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  const violations: Violation[] = [];
  const email = `csp-${Date.now()}@example.com`;

  before(async () => {
    ({ page, problems } = await e2e.newPage());
    // A binding, not a page script: the policy under test would not stop it, and it reports even if the page breaks.
    await page.exposeFunction('reportCspViolation', (violation: Violation) => violations.push(violation));
    await page.addInitScript(() => {
      const report = (window as unknown as { reportCspViolation(v: unknown): void }).reportCspViolation;
      // Capture on the document: a violation in the widget's shadow root is composed and reaches it.
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          report({
            directive: event.violatedDirective,
            blockedURI: event.blockedURI,
            sample: event.sample,
            source: event.sourceFile,
          }),
        true,
      );
    });
  });

  it(
    'serves the page with a fresh nonce per response in the header and in every script, ' +
      'stylesheet and the element',
    async () => {
      const first = await fetch(`${e2e.product.url}${CSP_PAGE}`);
      const second = await fetch(`${e2e.product.url}${CSP_PAGE}`);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('cache-control'), 'no-store');
      const nonce = nonceOf(first.headers.get('content-security-policy'));
      assert.notEqual(nonceOf(second.headers.get('content-security-policy')), nonce, 'a new nonce on every response');
      assert.ok(Buffer.from(nonce, 'base64').length >= 16, 'at least 128 bits');
      const html = await first.text();
      assert.doesNotMatch(html, /unsafe-inline|\{\{csp-nonce\}\}/);
      const tags = html.match(/<(?:script|auth-login|link rel="stylesheet")[\s>][^>]*>/g) ?? [];
      assert.equal(
        tags.length,
        6,
        `four scripts (the inline one, the element's module, site.js, portal.js), the ` +
          `stylesheet and the element: ${tags.join('\n')}`,
      );
      for (const tag of tags) assert.ok(tag.includes(`nonce="${nonce}"`), `nonce on ${tag}`);
      // The plain portal's policy only forbids framing it: its scripts and styles are not restricted.
      assert.equal(
        (await fetch(`${e2e.product.url}/student-portal`)).headers.get('content-security-policy'),
        "frame-ancestors 'none'",
      );
    },
  );

  it('shows the widget with its styles applied, each <style> carrying the nonce', async () => {
    const response = await page.goto(`${e2e.product.url}${CSP_PAGE}`);
    const nonce = nonceOf(response?.headers()['content-security-policy'] ?? null);
    await page.getByText('Sign up or log in').waitFor();
    const styles = await page.evaluate(() => {
      const root = document.querySelector('auth-login')!.shadowRoot!;
      const continueButton = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
      return {
        nonces: [...root.querySelectorAll('style')].map((s) => s.nonce),
        // Applied only if Emotion's <style> was allowed: the user agent's button has no full-width, 8px-round button.
        buttonWidth: continueButton.getBoundingClientRect().width,
        formWidth: continueButton.closest('form')!.getBoundingClientRect().width,
      };
    });
    assert.ok(styles.nonces.length > 0, 'the widget inserted its styles');
    assert.deepEqual(new Set(styles.nonces), new Set([nonce]));
    assert.equal(styles.buttonWidth, styles.formWidth, 'the Continue button spans the form: its styles applied');
    assert.deepEqual(violations, []);
  });

  it(
    'signs in by magic link: Check your email (a lazy chunk), the link back to the CSP page, ' + 'the dashboard',
    async () => {
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const [message] = await deliveredTo(e2e.product.url, email, 'the magic-link email');
      const href = message?.links[0];
      assert.ok(href?.startsWith(`${e2e.product.url}${CSP_PAGE}?`), `the link returns to the CSP page: ${href}`);
      await page.goto(href!);
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
      assert.equal(new URL(page.url()).pathname, CSP_PAGE);
    },
  );

  it('offers a passkey after sign-in with a second element made by script, its styles nonced too', async () => {
    const offer = page.locator('#add-passkey');
    await offer.getByRole('heading', { name: 'Sign in faster next time' }).waitFor();
    await offer.getByRole('button', { name: 'Create a Passkey' }).waitFor();
    const nonces = await page.evaluate(() =>
      [...document.querySelectorAll('#add-passkey auth-login')].flatMap((el) =>
        [...el.shadowRoot!.querySelectorAll('style')].map((s) => s.nonce),
      ),
    );
    assert.ok(nonces.length > 0 && nonces.every((n) => Boolean(n)), `nonced styles: ${JSON.stringify(nonces)}`);
  });

  it('saw not one CSP violation and no console error through the whole journey', () => {
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
  });
});
