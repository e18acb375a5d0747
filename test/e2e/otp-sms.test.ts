// A student signs into the demo portal with a passcode by text message, end to end: the portal's <auth-login> is
// switched to SMS from the test through the element's public `config` property (the public portal stays on magic
// links), the code is read from the dev inbox, typed, and the portal shows the dashboard.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until } from '../support/poll.ts';
import { deliveredTo, e2eSuite, inboxFor } from './support.ts';

const PHONE = '+14155552671';

describe('student portal: SMS passcode sign-in with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  const scripts: string[] = [];

  before(async () => {
    ({ page, problems } = await e2e.newPage());
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
  });

  const phoneLibraryLoaded = () => scripts.some((path) => /\/chunks\/phone-lib-[\w-]+\.js$/.test(path));

  it('the portal loads with magic links and without the phone library', async () => {
    await page.goto(`${e2e.product.url}/student-portal`);
    await page.getByText('Sign up or log in').waitFor();
    await page.getByLabel('Email').waitFor();
    assert.equal(phoneLibraryLoaded(), false, 'libphonenumber-js is not part of the first paint');
  });

  it(
    "switched to SMS through the element's config property, it shows the phone input and loads " + 'the phone library',
    async () => {
      await page.evaluate(() => {
        const widget = document.querySelector('auth-login') as HTMLElement & { config: unknown };
        widget.config = { products: ['otp'], otpOptions: { methods: ['sms'] } };
      });
      const country = page.getByLabel('Country');
      await country.waitFor();
      assert.equal(await country.inputValue(), 'US');
      assert.equal((await country.locator('option:checked').innerText()).trim(), 'United States (+1)');
      await page.getByLabel('Phone number').waitFor();
      await until(phoneLibraryLoaded, 'the phone library chunk');
      assert.equal(await page.getByRole('tab').count(), 0, 'one method: no tabs');
    },
  );

  it('sends a code by SMS and shows "Enter passcode" with the number', async () => {
    await page.getByLabel('Phone number').fill('(415) 555-2671');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Enter passcode' }).waitFor();
    await page.getByText('A 6-digit passcode was sent to you at +1 415 555 2671.').waitFor();
    await page.getByText(/Your code expires in \d:\d\d\./).waitFor();
  });

  it('delivers the text to the dev inbox (JSON by ?to=+1…, and the page)', async () => {
    const [message] = await deliveredTo(e2e.product.url, PHONE, 'the SMS');
    assert.equal(message?.channel, 'sms');
    assert.equal(message?.to, PHONE);
    assert.match(message?.text ?? '', /^Your Westlight University code is \d{6}\. It expires in 5 minutes\.$/);
    const literalPlus = (await (await fetch(`${e2e.product.url}/dev/inbox.json?to=${PHONE}`)).json()) as {
      messages: unknown[];
    };
    assert.equal(literalPlus.messages.length, 1, '?to=+14155552671 typed as is finds the message');

    const inbox = await page.context().newPage();
    try {
      await inbox.goto(`${e2e.product.url}/dev/inbox?to=${PHONE}`);
      await inbox.getByRole('heading', { name: `Text message (SMS) to ${PHONE}` }).waitFor();
      assert.ok(await inbox.getByText(message?.text ?? '').isVisible());
    } finally {
      await inbox.close();
    }
  });

  it('typing the code signs the student in: the portal shows Welcome back and Logout', async () => {
    const [message] = await inboxFor(e2e.product.url, PHONE);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    assert.ok(code, 'a six-digit code');
    const input = page.getByLabel('Passcode');
    await input.focus();
    // Typed digit by digit; the sixth submits on its own.
    await input.pressSequentially(code);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    assert.ok(await page.getByRole('heading', { name: /Welcome back/ }).isVisible());
    assert.equal(await page.getByRole('heading', { name: 'Login to Your Account' }).isVisible(), false);
    const cookies = await page.context().cookies();
    assert.ok(cookies.find((c) => c.name === 'stytch_session')?.value, 'a session cookie');
  });

  it('logs out back to the login panel with the SMS form', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
    await page.getByLabel('Phone number').waitFor();
  });

  it('logged no errors in the browser console', () => {
    assert.deepEqual(problems, []);
  });
});
