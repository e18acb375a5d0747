// Corporate training end to end on the demo site with the real `npm start`: a partner employee signs in through
// organization discovery by email link (Aurora Theatre Group, joined by its email domain), sees the dashboard, keeps
// the session across a reload and signs out. (Single sign-on with MFA and recovery codes is played in Chromium against
// the service by src/widget/products/sso/journey.test.ts and test/client/b2b-sso.test.ts.)
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
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

  async function logOut(): Promise<void> {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Corporate Training' }).waitFor();
  }

  it('discovery by email link: the organization the address may join, picked, then the dashboard', async () => {
    const email = `stage-manager-${Date.now()}@auroratheatre.localhost`;
    await page.goto(`${e2e.product.url}/corporate-training`);
    await page.getByRole('heading', { name: 'Corporate Training' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    await deliveredTo(e2e.product.url, email, 'the discovery email');
    await page.goto(`${e2e.product.url}/dev/inbox`);
    const href = await page.locator('a[href*="token="]').first().getAttribute('href');
    assert.ok(href?.startsWith(`${e2e.product.url}/corporate-training?`), `link goes to the page: ${href}`);
    await page.goto(href ?? '');
    await page.getByRole('heading', { name: 'Select an organization to continue' }).waitFor();
    await page.getByRole('button', { name: /Aurora Theatre Group/ }).click();
    await expectDashboard('Aurora Theatre Group');
    assert.equal(new URL(page.url()).search, '', 'the token is removed from the address bar');

    await page.reload();
    await expectDashboard('Aurora Theatre Group');
    await logOut();
  });
});
