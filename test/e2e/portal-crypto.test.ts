// A student signs in to the portal with a crypto wallet, on the real `npm start`. The demo portal does not offer
// wallets, so the test serves it as a site owner would enable them: the same page with "crypto" added to the element's
// products. The wallet is the outside boundary: an EIP-1193 provider announced by EIP-6963 and backed by a known key
// (test/support/wallets.ts), injected into the page before its scripts run, as a browser extension injects its own.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { e2eSuite, repoRoot } from './support.ts';

/** The test wallet as a classic script for `addInitScript`: installed at once, its address on `window.__testWallet`. */
async function walletScript(): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      contents: `import { installEthereumWallet } from './test/support/wallets.ts';
window.__testWallet = installEthereumWallet();`,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    absWorkingDir: path.resolve(repoRoot),
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('student portal: crypto wallet sign-in with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  let walletAddress: string;

  before(async () => {
    const context = await e2e.newContext();
    await context.addInitScript({ content: await walletScript() });
    ({ page, problems } = await e2e.newPage(context));
    const portal = `${e2e.product.url}/student-portal`;
    await page.route(portal, async (route) => {
      const html = await (await route.fetch()).text();
      const withWallets = html.replace(
        '"products":["passkeys","oauth","emailMagicLinks"]',
        '"products":["passkeys","oauth","crypto","emailMagicLinks"]',
      );
      assert.notEqual(withWallets, html, 'the portal page lists its products where the test expects them');
      await route.fulfill({ contentType: 'text/html; charset=utf-8', body: withWallets });
    });
  });

  it('offers the injected wallet on the login form', async () => {
    await page.goto(`${e2e.product.url}/student-portal`);
    walletAddress = await page.evaluate(
      () => (window as unknown as { __testWallet: { address: string } }).__testWallet.address,
    );
    await page.getByRole('button', { name: 'Continue with Metamask' }).first().waitFor();
    // The social and wallet blocks each show as their code arrives (first paint or React), in their reserved space.
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    assert.ok(await page.getByRole('button', { name: 'Continue with Google' }).isVisible(), 'the social button stays');
  });

  it('connects, signs the challenge and lands on the dashboard with a crypto_wallet session', async () => {
    await page.getByRole('button', { name: 'Continue with Metamask' }).first().click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
    const calls = await page.evaluate(() =>
      (window as unknown as { __testWallet: { calls: { method: string }[] } }).__testWallet.calls.map((c) => c.method),
    );
    assert.ok(calls.includes('eth_requestAccounts'), `the wallet was asked for its account (${calls.join(', ')})`);
    assert.ok(calls.includes('personal_sign'), 'the wallet signed the challenge');

    const session = (await page.context().cookies()).find((c) => c.name === 'stytch_session')?.value;
    const publicToken = await page.locator('auth-login').first().getAttribute('public-token');
    const res = await fetch(`${e2e.product.url}/sdk/v1/sessions/authenticate`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${publicToken}:${session}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    const body = (await res.json()) as {
      data: {
        session: {
          authentication_factors: {
            delivery_method: string;
            crypto_wallet_factor?: { crypto_wallet_address: string };
          }[];
        };
        user: { crypto_wallets: { crypto_wallet_address: string; crypto_wallet_type: string }[] };
      };
    };
    assert.equal(res.status, 200);
    const [factor] = body.data.session.authentication_factors;
    assert.equal(factor?.delivery_method, 'crypto_wallet');
    assert.equal(factor?.crypto_wallet_factor?.crypto_wallet_address.toLowerCase(), walletAddress.toLowerCase());
    assert.deepEqual(
      body.data.user.crypto_wallets.map((w) => [w.crypto_wallet_address.toLowerCase(), w.crypto_wallet_type]),
      [[walletAddress.toLowerCase(), 'ethereum']],
    );
  });

  it('logged no errors in the browser console', () => {
    assert.deepEqual(problems, []);
  });
});
