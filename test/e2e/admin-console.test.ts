// The admin console (/admin) with the real `npm start`, driven by the keyboard alone: a registrar finds a student by
// address, opens them, revokes every session, and the student's open portal is signed out at its next load; after
// ten wrong passwords lock the student, the registrar clears the lockout and the right password signs in again.
// Every console page passes axe-core, and every control the registrar reaches shows its focus ring. In development
// the console is open to this machine (loopback), which is where the browser runs.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../support/poll.ts';
import { describeViolations, runAxe } from './site-support.ts';
import { e2eSuite, repoRoot } from './support.ts';

const PASSWORD = 'correct horse battery staple';
/** The user lock's threshold (constants/rate-limits.ts): the tenth wrong password is the one that locks. */
const WRONG_PASSWORDS = 10;
/** More Tab presses than any console page has controls before the one a step needs. */
const MAX_TABS = 60;

describe('admin console with the real `npm start`, keyboard only', () => {
  const e2e = e2eSuite();
  let portal: Page;
  let portalProblems: string[];
  let admin: Page;
  let adminProblems: string[];
  const email = `registrar-case-${Date.now()}@example.com`;

  before(async () => {
    ({ page: portal, problems: portalProblems } = await e2e.newPage());
    ({ page: admin, problems: adminProblems } = await e2e.newPage());
  });

  /**
   * Presses Tab until the focused control is the one named `name` (a link's or button's text, an input's label),
   * then checks the browser shows it as keyboard focus. Fails when Tab never reaches it.
   */
  async function tabTo(name: string): Promise<void> {
    for (let presses = 0; presses < MAX_TABS; presses += 1) {
      await admin.keyboard.press('Tab');
      const focused = await admin.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
        const text = labels.length > 0 ? labels.map((label) => label.textContent).join(' ') : element.textContent;
        return { name: (text ?? '').trim(), focusVisible: element.matches(':focus-visible') };
      });
      if (focused?.name === name) {
        assert.ok(focused.focusVisible, `${name} shows keyboard focus`);
        return;
      }
    }
    throw new Error(`Tab never reached “${name}” on ${admin.url()}`);
  }

  /** Presses Enter on the focused control and waits for the page it leads to. */
  async function enterAndLoad(url: RegExp): Promise<void> {
    await Promise.all([admin.waitForURL(url), admin.keyboard.press('Enter')]);
    await admin.waitForLoadState('domcontentloaded');
  }

  /**
   * axe-core on the console page as it is. The console's policy runs no script of any page's (`default-src 'none'`),
   * so axe is evaluated through the browser's debugging protocol, which the policy does not govern, instead of the
   * script tag runAxe would add (and the policy would refuse).
   */
  async function expectAxeClean(what: string): Promise<void> {
    await admin.evaluate(fs.readFileSync(path.join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const { violations } = await runAxe(admin);
    assert.deepEqual(violations, [], `${what}:\n${describeViolations(violations)}`);
  }

  /** Search → the student's row → their page, all with the keyboard. */
  async function openStudent(): Promise<void> {
    await admin.goto(`${e2e.product.url}/admin`);
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await tabTo('Email address, phone number or user id');
    await admin.keyboard.type(email);
    await enterAndLoad(/\/admin\?q=/);
    await admin.getByRole('table', { name: `Users matching “${email}”` }).waitFor();
    await tabTo(email);
    await enterAndLoad(/\/admin\/users\/user-test-/);
    await admin.getByRole('heading', { name: email, level: 1 }).waitFor();
  }

  /** The portal's widget with passwords on, as a site owner would set it (see portal-password.test.ts). */
  async function enablePasswords(): Promise<void> {
    await portal.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await portal.evaluate(() => {
      const widget = document.querySelector('auth-login') as HTMLElement & { config: unknown };
      widget.config = { products: ['passwords'], passwordOptions: { resetPasswordRedirectURL: '/student-portal' } };
    });
  }

  async function signInOnPortal(expectedTitle: 'Create an account' | 'Log in'): Promise<void> {
    await enablePasswords();
    await portal.getByLabel('Email').fill(email);
    await portal.getByRole('button', { name: 'Continue', exact: true }).click();
    await portal.getByRole('heading', { name: expectedTitle }).waitFor();
    await portal.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const button = portal.getByRole('button', { name: 'Continue', exact: true });
    await until(() => button.isEnabled(), 'Continue enabled');
    await button.click();
    await portal.getByRole('button', { name: 'Logout' }).waitFor();
  }

  /** A password sign-in as the portal's client sends it, from outside the browser (the public token, no session). */
  async function passwordLogin(password: string): Promise<Response> {
    const publicToken = await portal.locator('auth-login').getAttribute('public-token');
    assert.ok(publicToken, 'the portal names its public token');
    return fetch(`${e2e.product.url}/sdk/v1/passwords/authenticate`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${publicToken}:${publicToken}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email, password, session_duration_minutes: 30 }),
    });
  }

  it('the student signs up with a password on the portal and stays there, signed in', async () => {
    await portal.goto(`${e2e.product.url}/student-portal`);
    await signInOnPortal('Create an account');
    assert.ok(await portal.getByRole('heading', { name: /Welcome back/ }).isVisible());
  });

  it('search → user → Revoke all sessions, by keyboard; the portal is signed out at its next load', async () => {
    await openStudent();
    assert.ok(await admin.getByRole('table', { name: 'Live sessions, most recently used first' }).isVisible());
    await expectAxeClean('the user page with a live session');

    await tabTo('Revoke all sessions');
    await enterAndLoad(/done=revoke_all_sessions/);
    assert.equal(await admin.getByRole('status').first().textContent(), 'Every session of the user was revoked.');
    await admin.getByText('No live sessions.').waitFor();
    const audit = admin.getByRole('table', { name: 'What was done to this user, newest first' });
    assert.match((await audit.locator('tbody tr').first().textContent()) ?? '', /revoke_all_sessions/);

    // One reload: the page's client checks its session with the service, finds it ended, and shows the login form.
    await portal.reload();
    await portal.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
    assert.equal(await portal.getByRole('button', { name: 'Logout' }).isVisible(), false);
  });

  it(
    `clears the lockout after ${WRONG_PASSWORDS} wrong passwords, by keyboard; ` + 'the right one signs in again',
    async () => {
      for (let attempt = 1; attempt < WRONG_PASSWORDS; attempt += 1) {
        assert.equal((await passwordLogin(`wrong guess ${attempt}`)).status, 401, `wrong password ${attempt}`);
      }
      const locking = await passwordLogin('wrong guess, the last');
      assert.equal(locking.status, 429);
      assert.equal(((await locking.json()) as { error_type: string }).error_type, 'user_lock_limit_reached');
      assert.equal((await passwordLogin(PASSWORD)).status, 429, 'locked: even the right password is refused');

      await openStudent();
      await admin.getByText(/^Locked until .+ after \d+ failed attempts\.$/).waitFor();
      await expectAxeClean('the user page of a locked student');
      await tabTo('Clear lockout');
      await enterAndLoad(/done=clear_lockout/);
      assert.equal(await admin.getByRole('status').first().textContent(), 'The lockout was cleared.');
      await admin.getByText('Not locked (0 failed attempts in the last hour).').waitFor();

      await signInOnPortal('Log in');
      assert.ok(await portal.getByRole('heading', { name: /Welcome back/ }).isVisible());
    },
  );

  it('the front page with its results and audit log, and the delete confirmation, pass axe-core', async () => {
    await admin.goto(`${e2e.product.url}/admin?q=${encodeURIComponent(email)}`);
    await admin.getByRole('table', { name: 'The latest console actions, newest first' }).waitFor();
    await expectAxeClean('the front page');
    await openStudent();
    await tabTo('Delete this user…');
    await enterAndLoad(/\/delete$/);
    await admin.getByRole('heading', { name: `Delete ${email}?` }).waitFor();
    await expectAxeClean('the delete confirmation');
  });

  it('logged no errors but the ended session’s and the lock’s expected refusals', () => {
    assert.deepEqual(adminProblems, []);
    // The reload after the revocation: the client's session check (404) and the portal server's own (401), each also
    // logged by the browser as a failed resource.
    const expected = [/^404 .*\/sdk\/v1\/sessions\/authenticate$/, /^401 .*\/student-portal\/api\/me$/];
    const unexpected = portalProblems.filter(
      (line) => !expected.some((pattern) => pattern.test(line)) && !/^console: .*status of (401|404)/.test(line),
    );
    assert.deepEqual(unexpected, []);
    assert.ok(
      portalProblems.some((line) => expected[0]?.test(line)),
      'the revoked session was checked and refused',
    );
  });
});
