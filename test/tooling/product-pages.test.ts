// A new product cannot go unchecked: test/e2e/product-chunks.test.ts (only the configured products' code is fetched)
// and bench/size.mjs (what a browser fetches before the form is usable) visit the pages of bench/pages.ts, which come
// from each product's fixtures.ts, so every product a config can enable needs a page there, and every product folder
// must be in the registry those checks read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGES } from '../../bench/pages.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { enabledRecords, PRODUCT_RECORDS, registerOrganizationProducts } from '../../src/widget/products/registry.ts';
import { recordsByFolder } from '../support/products.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

const byFolder = await recordsByFolder();

test("every product folder exports one record, and the registry lists each folder's record once", () => {
  for (const [folder, records] of byFolder) {
    assert.equal(records.length, 1, `products/${folder}/index.ts exports one ProductRecord (found ${records.length})`);
  }
  const folderNames = [...byFolder.values()].map((records) => records[0]!.name).sort();
  assert.deepEqual(PRODUCT_RECORDS.map((record) => record.name).sort(), folderNames);
});

test('every product a config can enable has a page in bench/pages.ts that enables it', () => {
  const enabledOnSomePage = new Set(
    PAGES.flatMap((page) => (page.config ? enabledRecords(resolveConfig(page.config as AuthLoginConfig)) : [])).map(
      (r) => r.name,
    ),
  );
  const configurable = PRODUCT_RECORDS.filter((record) => !record.unlisted);
  const missing = configurable.filter((record) => !enabledOnSomePage.has(record.name)).map((record) => record.name);
  assert.deepEqual(missing, [], `add a single-product page to its fixtures.ts (pages) for: ${missing.join(', ')}`);
});

test(
  "a product no config can enable is opened only by the element's mode (its code is checked " +
    'as foreign on every page)',
  () => {
    for (const record of PRODUCT_RECORDS.filter((r) => r.unlisted)) {
      assert.ok(
        record.opens?.mode,
        `${record.name}: not a value of \`products\`, so it needs a \`mode\` to open (or a page)`,
      );
      for (const page of PAGES.filter((p) => p.config)) {
        assert.equal(
          record.enabled(resolveConfig(page.config as AuthLoginConfig)),
          false,
          `${record.name} on ${page.name}`,
        );
      }
    }
  },
);
