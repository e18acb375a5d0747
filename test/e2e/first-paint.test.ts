// First paint without React: on the real `npm start` portal the email form is usable with the entry file alone, and
// Continue is answered there too. The rendering chunk (React, XState: dist/chunks/runtime-*.js) is held back by the
// test; meanwhile a student types an address and presses Continue. The portal's Email tab sends magic links, whose
// early send (src/widget/shell/early-send.ts) makes the request at once over the headless client and paints 'Check
// your email' when the service answers; once the chunk arrives React adopts that request (one request, one email)
// and takes over on the same screen. What cannot be sent early (an invalid address) waits for React, as before.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright';
import { caughtUp, deliveredTo, e2eSuite, inboxFor } from './support.ts';
import { TYPING_PAUSE_MS } from '../../src/widget/shell/shell.ts';

const RUNTIME_CHUNK = /\/chunks\/runtime-[\w-]+\.js$/;
const SEND_PATH = '/sdk/v1/magic_links/email/login_or_create';

/** Holds the rendering chunk until `release` is called; counts the magic-link sends and lists the scripts fetched. */
async function holdReact(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(RUNTIME_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  const scripts: string[] = [];
  const sends: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
    if (url.pathname === SEND_PATH) sends.push(request.postData() ?? '');
  });
  return { release, scripts, sends };
}

/** Whether the title of the widget's screen has the focus (inside the element's shadow root). */
const titleFocused = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('auth-login')?.shadowRoot?.activeElement;
    return active?.getAttribute('part') === 'title' ? active.textContent : null;
  });

async function openPortal(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/student-portal`);
  await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
}

describe('first paint: the form is usable, and Continue answered, before React has loaded', () => {
  const e2e = e2eSuite();

  it('the portal sends the link with the entry file alone and shows Check your email; React adopts it', async () => {
    const { page, problems } = await e2e.newPage();
    const react = await holdReact(page);
    const email = `first-paint-${Date.now()}@example.com`;
    await openPortal(page, e2e.product.url);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter');

    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    assert.equal(await page.locator('auth-login-root').count(), 0, 'no React root while its chunk is held');
    assert.ok(await page.getByText(email).isVisible(), 'the address the link went to');
    assert.equal(await titleFocused(page), 'Check your email', 'the focus moved to the new screen, as React moves it');
    for (const name of ['Open Gmail', 'Open Yahoo', 'Open Outlook']) {
      assert.ok(await page.getByRole('link', { name }).isVisible(), name);
    }
    assert.ok(await page.getByRole('button', { name: 'Try again' }).isVisible());
    assert.equal(react.sends.length, 1, 'sent at once');
    assert.equal(JSON.parse(react.sends[0]!).email, email);
    const before = react.scripts.filter((file) => !RUNTIME_CHUNK.test(file));
    assert.ok(before.includes('/auth-login.js'), `the entry was fetched: ${before.join(', ')}`);
    assert.ok(
      !before.some((file) => /^\/chunks\/(runtime|product-)/.test(file)),
      `no React or product chunk was needed to send: ${before.join(', ')}`,
    );
    assert.equal((await deliveredTo(e2e.product.url, email, 'the magic-link email')).length, 1);

    react.release();
    await page.locator('auth-login-root').waitFor({ state: 'attached' });
    await page.waitForFunction(
      () => !document.querySelector('auth-login')?.shadowRoot?.querySelector('[data-auth-login-shell]'),
    );
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    assert.equal(await titleFocused(page), 'Check your email', "React's title has the focus after the hand-over");
    await caughtUp(page);
    assert.equal(react.sends.length, 1, 'React adopted the request: not sent again');
    assert.equal((await inboxFor(e2e.product.url, email)).length, 1, 'one email');
    // The product's own steps work on React's screen: Try again goes back to Main.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    assert.deepEqual(problems, []);
  });

  it('a button of the painted screen pressed before React arrives is done once React has taken over', async () => {
    const { page, problems } = await e2e.newPage();
    const react = await holdReact(page);
    const email = `first-paint-back-${Date.now()}@example.com`;
    await openPortal(page, e2e.product.url);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    react.release();
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await caughtUp(page);
    assert.equal(react.sends.length, 1, 'one request');
    assert.equal((await inboxFor(e2e.product.url, email)).length, 1, 'one email');
    assert.deepEqual(problems, []);
  });

  it('an invalid address is not sent early: React shows its message once it arrives', async () => {
    const { page, problems } = await e2e.newPage();
    const react = await holdReact(page);
    await openPortal(page, e2e.product.url);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await caughtUp(page);
    assert.equal(react.sends.length, 0, 'nothing sent');
    assert.equal(
      await page.getByRole('button', { name: 'Continue', exact: true }).getAttribute('aria-busy'),
      'true',
      'Continue held for React',
    );
    react.release();
    await page.getByText('Email format is invalid.').waitFor();
    await caughtUp(page);
    assert.equal(react.sends.length, 0, 'still nothing sent');
    assert.deepEqual(problems, []);
  });

  it('an element removed mid-send is put back without an error, and the link is not sent twice', async () => {
    const { page, problems } = await e2e.newPage();
    const react = await holdReact(page);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**${SEND_PATH}`, async (route) => {
      await answered;
      await route.continue();
    });
    const email = `first-paint-moved-${Date.now()}@example.com`;
    await openPortal(page, e2e.product.url);
    await page.getByLabel('Email').fill(email);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === SEND_PATH);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await sent;
    await page.evaluate(() => {
      const element = document.querySelector('auth-login')!;
      (globalThis as { removed?: Element }).removed = element;
      element.remove();
    });
    answer();
    await deliveredTo(e2e.product.url, email, 'the magic-link email');
    await page.evaluate(() => {
      document.querySelector('.portal-login')!.append((globalThis as { removed?: Element }).removed!);
    });
    react.release();
    await page.locator('auth-login-root').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    assert.equal(react.sends.length, 1, 'the link already sent is adopted: not sent twice');
    assert.equal((await inboxFor(e2e.product.url, email)).length, 1, 'one email');
    assert.deepEqual(problems, []);
  });

  it("React's chunk is fetched with the first paint but run only once the visitor is no longer typing", async () => {
    const { page, problems } = await e2e.newPage();
    const runtimeRequests: number[] = [];
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    // The chunk as served once the visitor has typed, with a line at its end noting when the browser ran it.
    await page.route(RUNTIME_CHUNK, async (route) => {
      runtimeRequests.push(Date.now());
      await typed;
      const response = await route.fetch();
      const body = `${await response.text()}\nglobalThis.__runtimeRanAt = performance.now();\n`;
      await route.fulfill({ response, body });
    });
    const arrived = page.waitForResponse(RUNTIME_CHUNK);
    await openPortal(page, e2e.product.url);
    const field = page.getByLabel('Email');
    await field.click();
    await field.fill(`first-paint-quiet-${Date.now()}@example.com`);
    const typedAt = await page.evaluate(() => performance.now());
    assert.equal(runtimeRequests.length, 1, 'asked for with the first paint, before the visitor typed');
    // The chunk comes in while the visitor is still in the form, a key ago: a visitor about to press Enter.
    release();
    await arrived;
    await page.waitForTimeout(100);
    const enterAt = await page.evaluate(() => performance.now());
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.locator('auth-login-root').waitFor({ state: 'attached' });
    const ranAt = await page.evaluate(() => (globalThis as { __runtimeRanAt?: number }).__runtimeRanAt);
    assert.ok(ranAt !== undefined, 'the chunk ran');
    // Run on arrival it would have run before Enter, well within the pause that ends typing (shell/shell.ts).
    assert.ok(
      ranAt >= enterAt || ranAt - typedAt >= TYPING_PAUSE_MS,
      `ran at ${ranAt} ms: typed at ${typedAt}, Enter at ${enterAt}`,
    );
    assert.equal(runtimeRequests.length, 1, 'fetched once: the preload is the module the element then runs');
    await caughtUp(page);
    assert.deepEqual(problems, []);
  });
});
