// Translation tables load lazily per locale, in the built product: an English page fetches no Spanish or
// French script; a Spanish page fetches the Spanish index (Main's, the catalogue's and the outcome screens' tables)
// before Main renders and the magic-link product's Spanish table with its chunk, and nothing French; when the Spanish
// index cannot load, the widget shows English and reports it on its error path. Chunk names come from the build
// (rollup.config.mjs: named after their module), so a translation chunk is `<table>.<locale>-<hash>.js` or the locale's
// index `<locale>-<hash>.js`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { until } from '../support/poll.ts';
import { e2eSuite } from './support.ts';

/** A translation script of `locale`: its index or one of its tables. */
const localeScript = (locale: string) => new RegExp(`/chunks/(?:[\\w-]+\\.)?${locale}-[\\w-]+\\.js$`);

function page(lang: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>languages</title>
<script type="module" src="/auth-login.js"></script></head>
<body><auth-login public-token="${DEFAULT_PUBLIC_TOKEN}" base-url="/"></auth-login></body></html>`;
}

/** Every script the page requests, by path. */
function recordScripts(tab: Page): string[] {
  const scripts: string[] = [];
  tab.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const title = (tab: Page) => tab.locator('auth-login [part~="title"]');

describe('translation tables load per locale', () => {
  const e2e = e2eSuite();

  async function open(lang: string, prepare?: (tab: Page) => Promise<void>) {
    const { page: tab, problems } = await e2e.newPage();
    const url = `${e2e.product.url}/language-chunks/${lang}`;
    await tab.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: page(lang) }));
    await prepare?.(tab);
    const scripts = recordScripts(tab);
    await tab.goto(url);
    return { tab, problems, scripts };
  }

  /** Sends a magic link from Main, then waits for Email Confirmation's title `confirmation`. */
  async function sendLink(tab: Page, continueLabel: string, confirmation: string): Promise<void> {
    await tab.locator('auth-login input[type="email"]').fill('languages@example.com');
    await tab.locator('auth-login button', { hasText: continueLabel }).click();
    await title(tab).filter({ hasText: confirmation }).waitFor();
  }

  it('an English page fetches no Spanish or French script, through Email Confirmation', async () => {
    const { tab, problems, scripts } = await open('en');
    try {
      await title(tab).filter({ hasText: 'Sign up or log in' }).waitFor();
      await sendLink(tab, 'Continue', 'Check your email');
      // The first paint may show it before React (its early send): React's product chunk follows, as it takes over.
      await until(
        () => scripts.some((script) => script.includes('/chunks/product-magic-links-')),
        'the product chunk fetched',
      );
      await tab.waitForFunction(
        () => !document.querySelector('auth-login')?.shadowRoot?.querySelector('[data-auth-login-shell]'),
      );
      assert.deepEqual(
        scripts.filter((script) => localeScript('es').test(script) || localeScript('fr').test(script)),
        [],
      );
      assert.deepEqual(problems, []);
    } finally {
      await tab.context().close();
    }
  });

  it(
    'a Spanish page fetches the Spanish index before Main and the product table with its ' + 'chunk; nothing French',
    async () => {
      const { tab, problems, scripts } = await open('es');
      try {
        await title(tab).filter({ hasText: 'Regístrate o inicia sesión' }).waitFor();
        // Main's title was never English: the spinner showed until the Spanish index arrived.
        assert.equal(await tab.locator('auth-login [part~="title"]', { hasText: 'Sign up or log in' }).count(), 0);
        await sendLink(tab, 'Continuar', 'Revisa tu correo');
        const spanish = scripts.filter((script) => localeScript('es').test(script));
        const names = spanish.map((script) => script.replace(/^\/chunks\//, '').replace(/-[\w-]+\.js$/, '')).sort();
        assert.deepEqual(names, ['es', 'strings.es'], `Spanish scripts: ${spanish.join(', ')}`);
        assert.deepEqual(
          scripts.filter((script) => localeScript('fr').test(script)),
          [],
        );
        assert.deepEqual(problems, []);
      } finally {
        await tab.context().close();
      }
    },
  );

  it("the Spanish index failing to load: English texts, and the element's error event", async () => {
    const { tab, problems } = await open('es', async (tab) => {
      await tab.route(/\/chunks\/es-[\w-]+\.js$/, (route) => route.abort('failed'));
      await tab.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seenErrors: string[] }).seenErrors = seen;
        document.addEventListener('auth-login-error', (event) =>
          seen.push((event as CustomEvent<{ message: string }>).detail.message),
        );
      });
    });
    try {
      await title(tab).filter({ hasText: 'Sign up or log in' }).waitFor();
      const errors = await until(
        () =>
          tab
            .evaluate(() => (window as unknown as { seenErrors: string[] }).seenErrors)
            .then((seen) => seen.length && seen),
        'the auth-login-error event',
      );
      assert.deepEqual(errors, ['This part of the sign-in form could not load. Check your connection and try again.']);
      assert.ok(
        problems.every((problem) => /\/chunks\/es-/.test(problem)),
        problems.join('\n'),
      );
    } finally {
      await tab.context().close();
    }
  });
});
