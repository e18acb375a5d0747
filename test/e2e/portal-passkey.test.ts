// A student signs up by magic link, adds a passkey when the portal offers one, logs out, and signs in with the passkey
// from the email field's autofill — on the real `npm start`, with Chromium's virtual authenticator (CDP WebAuthn
// domain) standing in for the device's platform authenticator. With presence simulated, the browser answers the
// autofill (conditional) request at once, as a visitor picking the suggested passkey would.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { until } from '../support/poll.ts';
import { deliveredTo, e2eSuite } from './support.ts';

describe('student portal: a passkey added after sign-up signs the student in, with the real `npm start`', () => {
  const e2e = e2eSuite();
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let cdp: CDPSession;
  let authenticatorId: string;
  const email = `grace-${Date.now()}@example.com`;

  const credentials = async () =>
    (
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as {
        credentials: { rpId: string; isResidentCredential: boolean }[];
      }
    ).credentials;

  before(async () => {
    context = await e2e.newContext();
    ({ page, problems } = await e2e.newPage(context));
    cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = (await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })) as { authenticatorId: string });
  });

  it('signs up by magic link (the device has no passkey yet, so autofill offers none)', async () => {
    await page.goto(`${e2e.product.url}/student-portal`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await deliveredTo(e2e.product.url, email, 'the magic-link email');
    await page.goto(`${e2e.product.url}/dev/inbox`);
    await page.locator('a[href*="token="]').first().click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
  });

  it('is offered a passkey on the dashboard and creates one', async () => {
    const offer = page.locator('#add-passkey');
    await offer.getByRole('heading', { name: 'Sign in faster next time' }).waitFor();
    await offer.getByRole('button', { name: 'Create a Passkey' }).click();
    await offer.getByRole('heading', { name: 'Your Passkeys' }).waitFor();
    const stored = await credentials();
    assert.equal(stored.length, 1, 'one credential on the authenticator');
    assert.equal(stored[0]!.rpId, 'localhost');
    assert.equal(stored[0]!.isResidentCredential, true, 'a discoverable credential (a passkey)');

    const publicToken = await page.locator('auth-login').first().getAttribute('public-token');
    const session = (await context.cookies()).find((c) => c.name === 'stytch_session')?.value;
    const me = await fetch(`${e2e.product.url}/sdk/v1/users/me`, {
      headers: { Authorization: `Basic ${Buffer.from(`${publicToken}:${session}`).toString('base64')}` },
    });
    const user = ((await me.json()) as { data: { webauthn_registrations: { name: string }[] } }).data;
    assert.equal(user.webauthn_registrations.length, 1, 'users/me lists the passkey');

    await offer.getByRole('button', { name: 'Done' }).click();
    await offer.waitFor({ state: 'hidden' });
  });

  it('logs out, and the passkey from the email field signs the student back in', async () => {
    const sessionCookie = async () => (await context.cookies()).find((c) => c.name === 'stytch_session')?.value;
    const before = await sessionCookie();
    assert.ok(before, 'signed in by magic link');
    await page.getByRole('button', { name: 'Logout' }).click();
    // Back on the login form, the email field's autofill offers the passkey; the virtual authenticator picks it, and
    // a new session (a new cookie) replaces the one that was revoked.
    const session = await until(async () => {
      const now = await sessionCookie();
      return now && now !== before ? now : null;
    }, 'a new session from the passkey');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
    const publicToken = await page.locator('auth-login').first().getAttribute('public-token');
    const res = await fetch(`${e2e.product.url}/sdk/v1/sessions/authenticate`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${publicToken}:${session}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    const body = (await res.json()) as { data: { session: { authentication_factors: { delivery_method: string }[] } } };
    assert.equal(res.status, 200);
    assert.deepEqual(
      body.data.session.authentication_factors.map((f) => f.delivery_method),
      ['webauthn_registration'],
      'the session was made by the passkey',
    );
    // A student with a passkey is not offered another.
    assert.equal(await page.locator('#add-passkey').isVisible(), false);
  });

  it('logged no errors in the browser console', () => {
    assert.deepEqual(problems, []);
  });
});
