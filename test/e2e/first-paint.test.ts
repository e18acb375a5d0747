// First paint without React: on the real `npm start` portal the email form is usable with the entry file
// alone. The rendering chunk (React, XState: dist/chunks/runtime-*.js) is held back by the test; meanwhile a student
// types an address and presses Continue, and once the chunk arrives the widget sends the link for that address.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deliveredTo, e2eSuite } from './support.ts';

const RUNTIME_CHUNK = /\/chunks\/runtime-[\w-]+\.js$/;

describe('first paint: the form is usable before React has loaded', () => {
  const e2e = e2eSuite();

  it(
    'the portal takes an address and Continue with the entry file alone, and sends the link ' + 'once React arrives',
    async () => {
      const { page, problems } = await e2e.newPage();
      const email = `first-paint-${Date.now()}@example.com`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(RUNTIME_CHUNK, async (route) => {
        await held;
        await route.continue();
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });

      await page.goto(`${e2e.product.url}/student-portal`);
      await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      // Held: shown busy, and React is not there yet.
      assert.equal(await page.getByRole('button', { name: 'Continue', exact: true }).getAttribute('aria-busy'), 'true');
      assert.equal(await page.locator('auth-login-root').count(), 0, 'no React root while its chunk is held');
      const before = scripts.filter((file) => !RUNTIME_CHUNK.test(file));
      assert.ok(before.includes('/auth-login.js'), `the entry was fetched: ${before.join(', ')}`);
      // The first paint's own small modules (the social block's painter) may load; React's chunk and the products' not.
      assert.ok(
        !before.some((file) => /^\/chunks\/(runtime|product-)/.test(file)),
        `no React or product chunk was needed to type: ${before.join(', ')}`,
      );

      release();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      assert.ok(await page.getByText(email).isVisible(), 'the address typed before React arrived');
      const [message] = await deliveredTo(e2e.product.url, email, 'the magic-link email');
      assert.equal(message?.channel, 'email');
      assert.equal((await deliveredTo(e2e.product.url, email, 'the magic-link email')).length, 1, 'sent once');
      assert.deepEqual(problems, []);
    },
  );
});
