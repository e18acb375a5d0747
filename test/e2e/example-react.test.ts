// The React 19 example (examples/react) as a developer would run it: bundled with esbuild, importing the package by
// name (`auth-login` is the built dist/auth-login.js that `npm start` just made), on a page of the real service's
// origin. It signs up with a password; React 19 sets `config` as the element's property (passwords only shows 'Create
// an account' when the object arrived) and the typed `onauth-login-event` prop listens to the element's events.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { until } from '../support/poll.ts';
import { e2eSuite, repoRoot } from './support.ts';

const EXAMPLE_PATH = '/examples/react/';

/** examples/react/src/main.tsx bundled for the browser, with `auth-login` resolved to the built package entry. */
async function exampleBundle(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [path.join(repoRoot, 'examples/react/src/main.tsx')],
    absWorkingDir: repoRoot,
    bundle: true,
    format: 'esm',
    write: false,
    target: 'es2022',
    // The example's tsconfig maps the name to the declarations (for its checker); the bundle needs the code itself.
    alias: { 'auth-login': path.join(repoRoot, 'dist/auth-login.js') },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('examples/react: the React 19 app signs in with the real `npm start`', () => {
  const e2e = e2eSuite();
  let page: Page;
  let problems: string[];
  const email = `react-example-${Date.now()}@example.com`;

  before(async () => {
    const bundle = await exampleBundle();
    const context = await e2e.newContext();
    // The example's two files, served on the service's origin (one of its project's allowed origins), as its host
    // would.
    await context.route(`${e2e.product.url}${EXAMPLE_PATH}`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>React example</title></head><body>
<div id="root" data-public-token="${DEFAULT_PUBLIC_TOKEN}"></div>
<script type="module" src="${EXAMPLE_PATH}main.js"></script></body></html>`,
      }),
    );
    await context.route(`${e2e.product.url}${EXAMPLE_PATH}main.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: bundle }),
    );
    ({ page, problems } = await e2e.newPage(context));
  });

  it('signs up with a password, and the page hears AUTHENTICATE_FLOW_COMPLETE through onauth-login-event', async () => {
    await page.goto(`${e2e.product.url}${EXAMPLE_PATH}`);
    await page.getByText('Sign up or log in').waitFor();
    assert.equal(await page.locator('#last-event').textContent(), 'none');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    const button = page.getByRole('button', { name: 'Continue', exact: true });
    await until(() => button.isEnabled(), 'Continue enabled');
    await button.click();
    await until(
      async () => (await page.locator('#last-event').textContent()) === 'AUTHENTICATE_FLOW_COMPLETE',
      'flow complete',
    );
    const signedIn = await page.evaluate(
      () => (document.querySelector('auth-login')?.client?.session.getSync() ?? null) !== null,
    );
    assert.equal(signedIn, true);
    assert.deepEqual(problems, []);
  });
});
