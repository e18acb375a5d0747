// The pages bench/size.mjs measures and test/e2e/product-chunks.test.ts opens: each registered product's
// single-product pages, from its folder (products/<folder>/fixtures.ts, reached through the registry, so a new product
// brings its own), and the demo site's portal. test/tooling/product-pages.test.ts fails if a product a config can
// enable has no page.
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../src/widget/products/registry.ts';
import type { FixturePage, ProductFixtures } from '../src/widget/products/types.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

/** A product's page (served by the bench at a fixture path), or a page of the demo site (`path`). */
export type BenchPage =
  | (FixturePage & { path?: undefined })
  | { name: string; path: string; usable: string; config?: undefined };

/** The products' fixtures, in registry order. */
const FIXTURES: ProductFixtures[] = await Promise.all(
  PRODUCT_RECORDS.map(
    async (record) =>
      ((await import(`../src/widget/products/${record.folder}/fixtures.ts`)) as { fixtures: ProductFixtures }).fixtures,
  ),
);

/** The page of the default configuration (the product on when a page names none): the size budgets are set on it. */
export const DEFAULT_PAGE: string = FIXTURES[PRODUCT_RECORDS.findIndex((record) => record.byDefault)]!.pages[0]!.name;

/** The demo site's portal: its own config, the social block and the login form. */
export const PORTAL_PAGE = { name: 'portal', path: '/student-portal', usable: 'input[type="email"]' };

export const PAGES: BenchPage[] = [...FIXTURES.flatMap((fixtures) => fixtures.pages), PORTAL_PAGE];
