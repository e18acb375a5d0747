// Passwords end to end on the demo portal with the real `npm start`: sign up with a password, log out, log in, forget
// it, reset it from the dev inbox link, and log in with the new one. The portal page enables magic links in its HTML;
// like a site owner would, the test turns passwords on through the element's `config` property.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until } from '../support/poll.ts';
import { deliveredTo, e2eSuite } from './support.ts';

const FIRST = 'correct horse battery staple';
const SECOND = 'purple-elephant-on-a-bicycle';

describe('student portal: passwords with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  const email = `grace-${Date.now()}@example.com`;

  before(async () => {
    ({ page, problems } = await e2e.newPage());
  });

  /** Turns on passwords (taking precedence on the Email tab) with reset links back to the portal. */
  async function enablePasswords(): Promise<void> {
    // The heading: after a sign-out the widget's status region names the screen too.
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await page.evaluate(() => {
      const widget = document.querySelector('auth-login') as HTMLElement & { config: unknown };
      widget.config = {
        products: ['passwords'],
        passwordOptions: { resetPasswordRedirectURL: '/student-portal' },
      };
    });
  }

  async function continueWithEmail(expectedTitle: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: expectedTitle }).waitFor();
  }

  async function submitPassword(password: string): Promise<void> {
    await page.getByLabel('Password', { exact: true }).fill(password);
    const button = page.getByRole('button', { name: 'Continue', exact: true });
    await until(() => button.isEnabled(), 'Continue enabled');
    await button.click();
  }

  async function expectSignedIn(): Promise<void> {
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
  }

  async function logOut(): Promise<void> {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
  }

  it('signs up with a password: Create an account, the strength meter, then the portal', async () => {
    await page.goto(`${e2e.product.url}/student-portal`);
    await enablePasswords();
    await continueWithEmail('Create an account');
    assert.equal(await page.getByLabel('Email').inputValue(), email);
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete'), 'new-password');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByText('This is a top-10 common password').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Continue', exact: true }).isDisabled(), true);
    await submitPassword(FIRST);
    await expectSignedIn();
  });

  it('logs out and logs in with the password', async () => {
    await logOut();
    await continueWithEmail('Log in');
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete'), 'current-password');
    await submitPassword(FIRST);
    await expectSignedIn();
  });

  it('forgets it: Forgot Password sends a reset email to the dev inbox', async () => {
    await logOut();
    await continueWithEmail('Log in');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your email!' }).waitFor();
    const [message] = await deliveredTo(e2e.product.url, email, 'the reset email');
    assert.equal(message?.subject, 'Reset your Westlight University password');
  });

  it('resets from the dev inbox link: Set a new password signs the student in and cleans the URL', async () => {
    await page.goto(`${e2e.product.url}/dev/inbox`);
    const link = page.locator('a[href*="stytch_token_type=reset_password"]').first();
    const href = await link.getAttribute('href');
    assert.ok(href?.startsWith(`${e2e.product.url}/student-portal?`), `link goes to the portal: ${href}`);
    await link.click();
    await page.waitForURL(/\/student-portal/);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await page.getByLabel('New password').fill(SECOND);
    const button = page.getByRole('button', { name: 'Continue', exact: true });
    await until(() => button.isEnabled(), 'Continue enabled');
    await button.click();
    await expectSignedIn();
    assert.equal(new URL(page.url()).search, '', 'the token is removed from the address bar');
  });

  it('logs in with the new password; the old one no longer works', async () => {
    await logOut();
    await enablePasswords();
    await continueWithEmail('Log in');
    await submitPassword(FIRST);
    await page.getByText('Unauthorized credentials.').waitFor();
    await submitPassword(SECOND);
    await expectSignedIn();
  });

  it('logged no errors besides the one expected wrong password', () => {
    // The browser logs every 4xx response to the console as well; the wrong password's is the one expected.
    const wrongPassword = `${e2e.product.url}/sdk/v1/passwords/authenticate`;
    const consoleErrors = problems.filter((line) => line.startsWith('console:') && !/status of 401/.test(line));
    const others = problems.filter((line) => !line.startsWith('console:'));
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(others, [`401 ${wrongPassword}`]);
  });
});
