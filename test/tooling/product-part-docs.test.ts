// A product's `::part()` names are documented from its folder (products/<folder>/parts.docs.ts), not from the element:
// scripts/cem-product-parts.mjs adds them to custom-elements.json after the shared parts the element's JSDoc lists.
// These tests fail when a product's part reaches the manifest without its description, when the JSDoc of
// src/widget/element.ts names a product's part again, or when the manifest and the widget's parts disagree.
// (test/tooling/product-folders.test.ts checks code only, since comments may give examples: the JSDoc is checked here.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { appendProductParts, type CssPartDoc, productPartDocs } from '../../scripts/cem-product-parts.mjs';
import { PRODUCT_RECORDS } from '../../src/widget/products/registry.ts';
import { PARTS } from '../../src/widget/theme/parts.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

interface Manifest {
  modules: { declarations?: { tagName?: string; cssParts?: CssPartDoc[] }[] }[];
}

function manifestParts(): CssPartDoc[] {
  const manifest = JSON.parse(read('custom-elements.json')) as Manifest;
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'auth-login');
  assert.ok(element, 'custom-elements.json declares auth-login');
  return element.cssParts ?? [];
}

/** Each product's part names, by registry name. */
const PRODUCT_PARTS = new Map(PRODUCT_RECORDS.map((record) => [record.name, Object.values(record.parts ?? {})]));
const PRODUCT_PART_NAMES = new Set<string>([...PRODUCT_PARTS.values()].flat());

/** The part names the element's JSDoc documents (`@csspart` or `@part`). */
function jsDocPartNames(source: string): string[] {
  return [...source.matchAll(/^\s*\*\s*@(?:csspart|part)\s+([\w-]+)/gm)].map((match) => match[1]!);
}

test("every product's part is in the manifest with its folder's description, after the shared parts", async () => {
  const parts = manifestParts();
  for (const [product, names] of PRODUCT_PARTS) {
    for (const name of names) {
      const found = parts.filter((part) => part.name === name);
      assert.equal(found.length, 1, `${name} (${product}) is in the manifest once`);
      assert.ok(found[0]!.description?.trim(), `${name} (${product}) has a description in the manifest`);
    }
  }
  const fromFolders = await productPartDocs();
  assert.deepEqual(
    parts.slice(parts.length - fromFolders.length),
    fromFolders,
    'the products come last, in registry order, described as in their parts.docs.ts (run `npm run analyze`)',
  );
});

test("the element's JSDoc names no product's part (they are described in the product's folder)", () => {
  const named = jsDocPartNames(read('src/widget/element.ts'));
  assert.ok(named.length > 0, 'the JSDoc documents the shared parts');
  assert.deepEqual(
    named.filter((name) => PRODUCT_PART_NAMES.has(name)),
    [],
  );
});

test('the manifest documents each part the widget has, and no other', () => {
  const documented = manifestParts().map((part) => part.name);
  assert.deepEqual(
    documented.filter((name, i) => documented.indexOf(name) !== i),
    [],
    'no part twice',
  );
  assert.deepEqual([...documented].sort(), [...new Set(Object.values(PARTS))].sort());
});

test('the plugin refuses a product part the JSDoc lists too, and the check finds one in a comment', () => {
  const manifest: Manifest = {
    modules: [
      { declarations: [{ tagName: 'auth-login', cssParts: [{ name: 'leaf-count', description: 'Leaves.' }] }] },
    ],
  };
  assert.throws(
    () => appendProductParts(manifest, [{ name: 'leaf-count', description: 'Leaves.' }]),
    /documents product parts \(leaf-count\)/,
  );
  appendProductParts(manifest, [{ description: 'A stem.', name: 'stem' }]);
  assert.deepEqual(
    manifest.modules[0]!.declarations![0]!.cssParts!.map((part) => part.name),
    ['leaf-count', 'stem'],
  );
  assert.deepEqual(jsDocPartNames('/**\n * @csspart leaf-count - Leaves.\n * @part stem - A stem.\n */'), [
    'leaf-count',
    'stem',
  ]);
});
