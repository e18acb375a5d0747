// A product's code is fetched only when the element's config enables it. Each page holds one <auth-login>
// with one product; once the form is usable and the page has gone quiet, every script it fetched is traced back to
// its source modules through the build's source maps, and none may come from another product's folder. The
// configured product's own chunk must have been fetched (else the check proves nothing). The products a page
// enables and their folders come from the registry and the source tree (test/support/products.ts), the pages from
// each product's fixtures.ts (bench/pages.ts), and test/tooling/product-pages.test.ts fails if a product has none. The
// phone library (phone-lib.ts and libphonenumber-js, tens of KB) is fetched only on a page whose config offers a phone
// tab.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PAGES } from '../../bench/pages.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN, DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { ORGANIZATION_RECORDS } from '../../src/widget/products/organization-records.ts';
import { enabledRecords, registerOrganizationProducts } from '../../src/widget/products/registry.ts';
import { productFolders } from '../support/products.ts';
import { caughtUp, e2eSuite, repoRoot } from './support.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

/** Product folder (src/widget/products/<folder>) of each product name. */
const FOLDERS = await productFolders();

/** The source modules a built script (dist/…) was made from, read from its source map. */
function sourcesOf(scriptPath: string): string[] {
  return (
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', `${scriptPath}.map`), 'utf8')) as { sources: string[] }
  ).sources;
}

/** The product modules (`<folder>/<file>`) a built script contains. */
function productModulesIn(scriptPath: string): string[] {
  return sourcesOf(scriptPath).flatMap((source) => /src\/widget\/products\/([^/]+\/.+)$/.exec(source)?.[1] ?? []);
}

/** Whether a built script holds the phone library: the widget's seam module or libphonenumber-js itself. */
const holdsPhoneLibrary = (scriptPath: string) =>
  sourcesOf(scriptPath).some((source) => /src\/widget\/phone-lib\.ts$|node_modules\/libphonenumber-js\//.test(source));

const folderOf = (module: string) => module.split('/')[0]!;

/**
 * Every page fetches the entry, and in it every product's record: its `index.ts`, the config mapping the record
 * reads (`config.ts`) and the named values either reads (`constants.ts`: an element `mode`, a button count), so Main
 * knows what is enabled. Nothing else of a product may be in the entry.
 */
const RECORD_FILES = new Set(['index.ts', 'config.ts', 'constants.ts']);

/** The organization products' folders: their records are a chunk only an organization sign-in fetches. */
const ORGANIZATION_FOLDERS = new Set(ORGANIZATION_RECORDS.map((record) => FOLDERS.get(record.name)!));

/** A record's own files, by their path in the product folder. */
const isRecordFile = (module: string) => RECORD_FILES.has(module.split('/').slice(1).join('/'));

function fixturePage(config: AuthLoginConfig): string {
  const json = JSON.stringify(config).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
  // An organization sign-in holds the organization project's token, as a partner's page does.
  const token = config.authFlowType ? DEFAULT_B2B_PUBLIC_TOKEN : DEFAULT_PUBLIC_TOKEN;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>chunks</title>
<script type="module" src="/auth-login.js"></script></head>
<body><auth-login public-token="${token}" base-url="/" config='${json}'></auth-login></body></html>`;
}

describe("a page fetches only the configured products' code", () => {
  const e2e = e2eSuite();

  for (const page of PAGES) {
    if (!page.config) continue; // the portal: its config is the site's, not one product's
    const config = resolveConfig(page.config as AuthLoginConfig);
    const products = enabledRecords(config);
    // A phone tab (Text, WhatsApp) is the only thing that needs the phone library before a number is typed.
    const phoneTab = products.some((record) => record.tabs?.(config).some((tab) => tab !== 'email'));
    it(
      `${page.name}: only ` +
        `${products.map((p) => p.name).join(', ')}${phoneTab ? ' and the phone library' : ', no phone library'}`,
      async () => {
        const context = await e2e.newContext();
        const { page: tab } = await e2e.newPage(context);
        try {
          const url = `${e2e.product.url}/product-chunks/${page.name}`;
          await tab.route(url, (route) =>
            route.fulfill({
              contentType: 'text/html; charset=utf-8',
              body: fixturePage(page.config as AuthLoginConfig),
            }),
          );
          const scripts: string[] = [];
          tab.on('request', (request) => {
            if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
          });
          // The widget fetches every enabled product's chunk in one go (at start, or once Main has painted).
          const folders = products.map((p) => FOLDERS.get(p.name)!);
          const chunkRequests = folders.map((folder) =>
            tab.waitForRequest((r) => r.url().includes(`/chunks/product-${folder}-`)),
          );
          // A phone tab loads the phone library as it shows: wait for it too, so that page's check below is no race.
          if (phoneTab) {
            chunkRequests.push(
              tab.waitForRequest(
                (r) => r.resourceType() === 'script' && holdsPhoneLibrary(new URL(r.url()).pathname.slice(1)),
              ),
            );
          }
          await tab.goto(url);
          await tab.locator(`auth-login ${page.usable}`).first().waitFor({ state: 'visible' });
          // Importing a chunk the page has imported resolves once it and all its imports are loaded: by then every
          // script the widget fetched for its products has been requested.
          for (const request of await Promise.all(chunkRequests)) {
            await tab.evaluate((chunk) => import(chunk).then(() => true), request.url());
          }
          await caughtUp(tab); // and any import a chunk started as it ran has been requested

          const entryModules = productModulesIn('auth-login.js');
          assert.deepEqual(
            entryModules.filter((module) => !isRecordFile(module)),
            [],
            "the entry holds only the products' records",
          );
          assert.deepEqual(
            entryModules.filter((module) => ORGANIZATION_FOLDERS.has(folderOf(module))),
            [],
            'the entry holds no organization product, not even its record',
          );
          const chunks = scripts.filter((script) => script.startsWith('/chunks/'));
          // An organization sign-in fetches every organization product's record before it paints (their chunk);
          // anything else of another product counts. A consumer page may fetch no organization record at all.
          const organization = config.authFlowType !== undefined;
          const fetched = new Set(
            chunks
              .flatMap((script) => productModulesIn(script.slice(1)))
              .filter((module) => !(organization && isRecordFile(module) && ORGANIZATION_FOLDERS.has(folderOf(module))))
              .map(folderOf),
          );
          const allowed = new Set(folders);
          const foreign = [...fetched].filter((folder) => !allowed.has(folder));
          assert.deepEqual(
            foreign,
            [],
            `fetched another product's code: ${foreign.join(', ')} (scripts: ${scripts.join(', ')})`,
          );
          for (const folder of allowed)
            assert.ok(fetched.has(folder), `the configured product's code (${folder}) was fetched`);
          // The crypto product's wallet code (products/crypto/wallet.ts, its own chunk) loads only when a wallet is
          // chosen.
          const walletChunks = chunks.filter((script) =>
            productModulesIn(script.slice(1)).includes('crypto/wallet.ts'),
          );
          assert.deepEqual(walletChunks, [], 'no wallet code before a wallet is chosen');
          const phoneScripts = scripts.filter((script) => holdsPhoneLibrary(script.slice(1)));
          if (phoneTab)
            assert.notDeepEqual(
              phoneScripts,
              [],
              'a phone tab fetched the phone library (else the check proves nothing)',
            );
          else assert.deepEqual(phoneScripts, [], 'no phone library without a phone tab');
        } finally {
          await context.close();
        }
      },
    );
  }
});
