// The walking skeleton's promise: a student signs into the demo portal by email magic link, end to end.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { deliveredTo, e2eSuite } from './support.ts';

describe('student portal: magic-link sign-in with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  const email = `ada-${Date.now()}@example.com`;

  before(async () => {
    ({ page, problems } = await e2e.newPage());
  });

  it('shows the login panel with the widget and the sign-up hint', async () => {
    await page.goto(`${e2e.product.url}/student-portal`);
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
    assert.equal(await page.locator('auth-login').count(), 1);
    await page.getByText('Sign up or log in').waitFor();
    assert.match(await page.locator('.portal-hint').innerText(), /same form to sign up/);
  });

  it('sends a magic link and shows "Check your email" with the mail links', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // The heading: the widget's status region also says 'Check your email' (screen changes are announced).
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    assert.ok(await page.getByText(email).isVisible());
    for (const name of ['Gmail', 'Yahoo', 'Outlook']) {
      assert.equal(await page.getByRole('link', { name: new RegExp(name) }).count(), 1, `${name} link`);
    }
  });

  it('delivers the email to the dev inbox; its link signs the student in', async () => {
    const [message] = await deliveredTo(e2e.product.url, email, 'the magic-link email');
    assert.equal(message?.channel, 'email');
    await page.goto(`${e2e.product.url}/dev/inbox`);
    const link = page.locator(`a[href*="token="]`).first();
    const href = await link.getAttribute('href');
    assert.ok(href?.startsWith(`${e2e.product.url}/student-portal?`), `link goes to the portal: ${href}`);
    await link.click();
    await page.waitForURL(/\/student-portal/);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
    for (const card of ['My Courses', 'Grades', 'Resources', 'Support']) {
      assert.ok(await page.getByRole('heading', { name: card }).isVisible(), card);
    }
    assert.equal(new URL(page.url()).search, '', 'the token is removed from the address bar');
    assert.equal(await page.getByRole('heading', { name: 'Login to Your Account' }).isVisible(), false);
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
  });

  it('logs out: the session is revoked and the login panel is back', async () => {
    const cookies = await page.context().cookies();
    const sessionToken = cookies.find((c) => c.name === 'stytch_session')?.value;
    assert.ok(sessionToken, 'a session cookie exists while signed in');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Logout' }).isVisible(), false);
    // The widget is back on its login form, not on a stale success screen (the heading: the status region names it
    // too).
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    assert.ok(await page.getByLabel('Email').isVisible());
    const after = await page.context().cookies();
    assert.equal(
      after.find((c) => c.name === 'stytch_session'),
      undefined,
      'the session cookie is gone',
    );

    const publicToken = await page.locator('auth-login').getAttribute('public-token');
    const res = await fetch(`${e2e.product.url}/sdk/v1/users/me`, {
      headers: { Authorization: `Basic ${Buffer.from(`${publicToken}:${sessionToken}`).toString('base64')}` },
    });
    const body = (await res.json()) as { error_type: string };
    assert.equal(res.status, 404);
    assert.equal(body.error_type, 'session_not_found');

    await page.reload();
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
  });

  it('logged no errors in the browser console', () => {
    assert.deepEqual(problems, []);
  });
});
