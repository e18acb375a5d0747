// Social sign-in end to end on the demo portal with the real `npm start`: 'Continue with Google' goes to the dev
// identity provider (no Google credentials are configured), which signs the student in and sends them back to the
// portal; after logging out, Google is listed first with 'Last used'.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { e2eSuite } from './support.ts';

describe('student portal: Google sign-in through the dev identity provider with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  const email = `lin-${Date.now()}@example.com`;

  before(async () => {
    ({ page, problems } = await e2e.newPage());
  });

  const googleButton = () => page.getByRole('button', { name: 'Continue with Google' });

  it("shows 'Continue with Google' above the divider and the email form", async () => {
    await page.goto(`${e2e.product.url}/student-portal`);
    await googleButton().waitFor();
    assert.equal(await page.getByLabel('Email').count(), 1);
    assert.equal(await page.getByText('Last used').count(), 0);
  });

  it('goes to the dev identity provider, where the student types who to sign in as', async () => {
    await googleButton().click();
    await page.waitForURL(/\/dev\/oauth\/authorize\?/);
    await page.getByLabel('Name').fill('Lin Rivera');
    await page.getByLabel('Email').fill(email);
    await page.locator('#dev-idp-sign-in').click();
  });

  it('lands back on the portal signed in, with the token removed from the address bar', async () => {
    await page.waitForURL(/\/student-portal/);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
    assert.equal(await page.locator('#student-name').innerText(), email);
    assert.equal(new URL(page.url()).search, '');
  });

  it("logs out and sees Google first with 'Last used'", async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
    await page.getByText('Last used').waitFor();
    const first = page
      .locator('auth-login')
      .getByRole('button')
      .filter({ hasText: /^Continue with / })
      .first();
    assert.equal(await first.innerText(), 'Continue with Google');
  });

  it('signs in again as the same student with one click on the remembered identity', async () => {
    await googleButton().click();
    await page.waitForURL(/\/dev\/oauth\/authorize\?/);
    await page.locator(`button.dev-idp-identity[data-email="${email}"]`).click();
    await page.waitForURL(/\/student-portal/);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.equal(await page.locator('#student-name').innerText(), email);
  });

  it('logged no errors and no failed requests', () => {
    assert.deepEqual(problems, []);
  });
});
