// Corporate training end to end on the demo site with the real `npm start`: a partner employee signs in through
// organization discovery by email link (Aurora Theatre Group, joined by its email domain), one at Aurora's own address
// (`/corporate-training/aurora-theatre`: that organization's sign-in alone), and another through Lumen
// Stage Systems' SAML single sign-on (the dev SAML identity provider), enrolls the authenticator app the organization
// requires (the code computed from the secret the screen shows), is shown the recovery codes once (the page keeps its
// dashboard back until Done), signs out, and signs in again with a recovery code, which then works no more. A third
// signs in through Prism Events' OpenID Connect single sign-on (the dev OIDC identity provider), straight to the
// dashboard, since Prism leaves MFA to its members.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import { until } from '../support/poll.ts';
import { deliveredTo, e2eSuite } from './support.ts';

describe('corporate training: organization sign-in with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;

  before(async () => {
    ({ page } = await e2e.newPage());
  });

  async function expectDashboard(organization: string): Promise<void> {
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.equal(await page.locator('#organization-name').innerText(), organization);
    for (const card of ['Team Courses', 'Progress', 'Live Sessions', 'Support']) {
      assert.ok(await page.getByRole('heading', { name: card }).isVisible(), card);
    }
  }

  /**
   * Types `email` on the page's sign-in and presses Continue, then opens the link the dev inbox got; it must lead to
   * `linkStart` (the page's address and the token type).
   */
  async function signInByEmailLink(email: string, what: string, linkStart: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await deliveredTo(e2e.product.url, email, what);
    await page.goto(`${e2e.product.url}/dev/inbox`);
    const href = await page.locator('a[href*="token="]').first().getAttribute('href');
    assert.ok(href?.startsWith(`${e2e.product.url}${linkStart}`), `${what}: ${href}`);
    await page.goto(href ?? '');
  }

  async function logOut(): Promise<void> {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Corporate Training' }).waitFor();
  }

  it('discovery by email link: the organization the address may join, picked, then the dashboard', async () => {
    const email = `stage-manager-${Date.now()}@auroratheatre.localhost`;
    await page.goto(`${e2e.product.url}/corporate-training`);
    await page.getByRole('heading', { name: 'Corporate Training' }).waitFor();
    await signInByEmailLink(email, 'the discovery email', '/corporate-training?');
    await page.getByRole('heading', { name: 'Select an organization to continue' }).waitFor();
    await page.getByRole('button', { name: /Aurora Theatre Group/ }).click();
    await expectDashboard('Aurora Theatre Group');
    assert.equal(new URL(page.url()).search, '', 'the token is removed from the address bar');

    await page.reload();
    await expectDashboard('Aurora Theatre Group');
    await logOut();
  });

  it("an organization's own address: that organization's sign-in alone, its email link signs in", async () => {
    const email = `lighting-designer-${Date.now()}@auroratheatre.localhost`;
    await page.context().clearCookies();
    await page.goto(`${e2e.product.url}/corporate-training/aurora-theatre`);
    await page.getByRole('heading', { name: 'Continue to Aurora Theatre Group' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Use single sign-on' }).count(), 0, 'no discovery here');
    // To the page's one allowed redirect address (redirect URLs match exactly, not one for every organization).
    const linkStart = '/corporate-training?stytch_token_type=multi_tenant_magic_links&';
    await signInByEmailLink(email, "the organization's login email", linkStart);
    await expectDashboard('Aurora Theatre Group');
    assert.equal(new URL(page.url()).search, '', 'the token is removed from the address bar');
    await logOut();
  });

  it('SAML single sign-on, then the authenticator app the organization requires, and recovery codes', async () => {
    const email = `rigger-${Date.now()}@lumenstage.localhost`;
    const throughIdentityProvider = async () => {
      await page.getByRole('button', { name: 'Use single sign-on' }).click();
      await page.getByRole('heading', { name: 'Enter your email to continue' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      // The organization's one connection: straight to its (dev) identity provider.
      await page.locator('#dev-sso-email').fill(email);
      await page.locator('#dev-sso-sign-in').click();
      await page.locator('#dev-saml-continue').click();
    };
    await page.goto(`${e2e.product.url}/corporate-training`);
    await throughIdentityProvider();

    // Lumen Stage allows both factors: the member chooses.
    await page.getByRole('heading', { name: 'Set up Multi-Factor Authentication' }).waitFor();
    await page.getByRole('button', { name: 'Use an authenticator app' }).click();
    await page.getByRole('heading', { name: 'Scan the QR code to link your authenticator app' }).waitFor();
    await page.getByRole('img', { name: /QR code for your authenticator app/ }).waitFor();
    const secret = (await page.locator('auth-login').locator('[part~="totp-secret"]').innerText()).replace(/\s+/g, '');
    const codeInput = page.getByLabel('One-time passcode');
    await until(() => codeInput.isEnabled(), 'the code input ready');
    await codeInput.fill(totpAt(base32Decode(secret), Date.now()));

    await page.getByRole('heading', { name: 'Save your recovery codes!' }).waitFor();
    const codes = (await page.locator('auth-login').locator('[part~="recovery-codes"]').innerText())
      .split(/\s+/)
      .filter(Boolean);
    assert.equal(codes.length, 10, `ten recovery codes: ${codes.join(' ')}`);
    assert.equal(await page.getByRole('button', { name: 'Logout' }).isVisible(), false, 'the dashboard waits for Done');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectDashboard('Lumen Stage Systems');
    await logOut();

    // Again: the enrolled app is asked for, and a recovery code stands in for it, once.
    const signInWithRecoveryCode = async (code: string) => {
      await throughIdentityProvider();
      await page.getByRole('heading', { name: 'Enter verification code' }).waitFor();
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(code);
      const answered = page.waitForResponse((response) => response.url().endsWith('/b2b/recovery_codes/recover'));
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      return (await answered).status();
    };
    assert.equal(await signInWithRecoveryCode(codes[0] ?? ''), 200);
    await expectDashboard('Lumen Stage Systems');
    await logOut();
    const refused = await signInWithRecoveryCode(codes[0] ?? '');
    assert.ok(refused >= 400 && refused < 500, `a used code is refused: ${refused}`);
    await page.getByRole('heading', { name: 'Enter recovery code' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Logout' }).isVisible(), false, 'a used code signs nobody in');
  });

  it('OIDC single sign-on: Prism Events through its identity provider, straight to the dashboard', async () => {
    const email = `producer-${Date.now()}@prismevents.localhost`;
    // Another visitor: the test before ends mid-sign-in, whose intermediate session (another organization's) would
    // otherwise go with this single sign-on.
    await page.context().clearCookies();
    await page.goto(`${e2e.product.url}/corporate-training`);
    await page.getByRole('button', { name: 'Use single sign-on' }).click();
    await page.getByRole('heading', { name: 'Enter your email to continue' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // The organization's one connection: straight to its (dev) OpenID Connect provider, which asks for no password.
    await page.getByRole('heading', { name: 'Sign in to Prism Events (dev OIDC identity provider)' }).waitFor();
    await page.locator('#dev-sso-name').fill('Robin Vale');
    await page.locator('#dev-sso-email').fill(email);
    await page.locator('#dev-sso-sign-in').click();

    // MFA is each member's choice at Prism Events, and this new member has none: no second factor is asked.
    await expectDashboard('Prism Events');
    assert.equal(await page.locator('#member-name').innerText(), 'Robin Vale', 'the name the ID token carried');
    assert.equal(new URL(page.url()).search, '', 'the SSO token is removed from the address bar');
    await page.reload();
    await expectDashboard('Prism Events');
    await logOut();
  });
});
