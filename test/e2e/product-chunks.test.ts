// A product's code is fetched only when the element's config enables it (issue 13). Each page holds one <auth-login>
// with one product; once the form is usable and the page has gone quiet, every script it fetched is traced back to
// its source modules through the build's source maps, and none may come from another product's folder. The
// configured product's own chunk must have been fetched (else the check proves nothing).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import PAGES from '../../bench/pages.json' with { type: 'json' };
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants.ts';
import { e2eSuite, repoRoot } from './support.ts';

/** Product folder (src/widget/products/<folder>) of each config product name. */
const FOLDERS: Record<string, string> = { emailMagicLinks: 'magic-links', otp: 'otps', passwords: 'passwords', oauth: 'oauth', passkeys: 'passkeys', crypto: 'crypto' };

/** The product modules (`<folder>/<file>`) a built script (dist/…) contains, read from its source map. */
function productModulesIn(scriptPath: string): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', `${scriptPath}.map`), 'utf8')) as { sources: string[] };
  return map.sources.flatMap((source) => /src\/widget\/products\/([^/]+\/.+)$/.exec(source)?.[1] ?? []);
}

const folderOf = (module: string) => module.split('/')[0]!;

/**
 * Every page fetches the entry, and in it every product's record: its `index.ts` and the config mapping the record
 * reads (`config.ts`), so Main knows what is enabled. Nothing else of a product may be in the entry.
 */
const RECORD_FILES = new Set(['index.ts', 'config.ts']);

function fixturePage(config: unknown): string {
  const json = JSON.stringify(config).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>chunks</title>
<script type="module" src="/auth-login.js"></script></head>
<body><auth-login public-token="${DEFAULT_PUBLIC_TOKEN}" base-url="/" config='${json}'></auth-login></body></html>`;
}

describe("a page fetches only the configured products' code", () => {
  const e2e = e2eSuite();

  for (const page of PAGES) {
    if (!page.config) continue; // the portal: its config is the site's, not one product's
    const products: string[] = page.config.products;
    it(`${page.name}: only ${products.join(', ')}`, async () => {
      const context = await e2e.newContext();
      const { page: tab } = await e2e.newPage(context);
      try {
        const url = `${e2e.product.url}/product-chunks/${page.name}`;
        await tab.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: fixturePage(page.config) }));
        const scripts: string[] = [];
        tab.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
        // The widget fetches every enabled product's chunk in one go (at start, or once Main has painted).
        const folders = products.map((p) => FOLDERS[p]!);
        const chunkRequests = folders.map((folder) => tab.waitForRequest((r) => r.url().includes(`/chunks/product-${folder}-`)));
        await tab.goto(url);
        await tab.locator(`auth-login ${page.usable}`).first().waitFor({ state: 'visible' });
        // Importing a chunk the page has imported resolves once it and all its imports are loaded: by then every
        // script the widget fetched for its products has been requested.
        for (const request of await Promise.all(chunkRequests)) {
          await tab.evaluate((chunk) => import(chunk).then(() => true), request.url());
        }

        const entry = productModulesIn('auth-login.js').filter((module) => !RECORD_FILES.has(module.split('/').slice(1).join('/')));
        assert.deepEqual(entry, [], 'the entry holds only the products\' records');
        const chunks = scripts.filter((script) => script.startsWith('/chunks/'));
        const fetched = new Set(chunks.flatMap((script) => productModulesIn(script.slice(1)).map(folderOf)));
        const allowed = new Set(folders);
        const foreign = [...fetched].filter((folder) => !allowed.has(folder));
        assert.deepEqual(foreign, [], `fetched another product's code: ${foreign.join(', ')} (scripts: ${scripts.join(', ')})`);
        for (const folder of allowed) assert.ok(fetched.has(folder), `the configured product's code (${folder}) was fetched`);
      } finally {
        await context.close();
      }
    });
  }
});
