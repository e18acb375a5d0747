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
const FOLDERS: Record<string, string> = { emailMagicLinks: 'magic-links', otp: 'otps', passwords: 'passwords', oauth: 'oauth' };

/** The product folders whose modules a built script (dist/…) contains, read from its source map. */
function productFoldersIn(scriptPath: string): Set<string> {
  const map = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', `${scriptPath}.map`), 'utf8')) as { sources: string[] };
  const folders = new Set<string>();
  for (const source of map.sources) {
    const match = /src\/widget\/products\/([^/]+)\//.exec(source);
    if (match?.[1]) folders.add(match[1]);
  }
  return folders;
}

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
        await tab.goto(url);
        await tab.locator(`auth-login ${page.usable}`).first().waitFor({ state: 'visible' });
        // What the widget fetches after the form is usable (the configured product's chunk) counts too.
        await tab.waitForLoadState('networkidle');

        const fetched = new Set(scripts.flatMap((script) => [...productFoldersIn(script.replace(/^\//, ''))]));
        const allowed = new Set(products.map((p) => FOLDERS[p]));
        const foreign = [...fetched].filter((folder) => !allowed.has(folder));
        assert.deepEqual(foreign, [], `fetched another product's code: ${foreign.join(', ')} (scripts: ${scripts.join(', ')})`);
        for (const folder of allowed) assert.ok(fetched.has(folder!), `the configured product's code (${folder}) was fetched`);
      } finally {
        await context.close();
      }
    });
  }
});
