// What a product adds to the element's documentation is written in its folder (products/<folder>/docs.ts), not in
// the element: its `::part()` names (PART_DOCS), its widget event types (EVENT_DOCS) and its errors (ERROR_DOCS).
// scripts/cem-product-docs.mjs adds them to custom-elements.json: the parts after the shared ones, the events and
// errors where the JSDoc of `auth-login-event` and `auth-login-error` leaves room for them. These tests fail when a
// product's part or event type reaches the manifest without its folder's text, when the JSDoc of
// src/widget/element.ts names a product's part, event type or error again, or when the manifest and the widget's
// parts and event types disagree.
// (test/tooling/product-folders.test.ts checks code only, since comments may give examples: the JSDoc is checked here.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  appendProductParts,
  type CssPartDoc,
  type ElementManifest,
  type EventDoc,
  eventEntryText,
  fillProductEvents,
  PRODUCT_SLOTS,
  productDocs,
} from '../../scripts/cem-product-docs.mjs';
import { EVENT_TYPES } from '../../src/widget/events.ts';
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../../src/widget/products/registry.ts';
import { PARTS } from '../../src/widget/theme/parts.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

function manifestElement(): { cssParts?: CssPartDoc[]; events?: EventDoc[] } {
  const manifest = JSON.parse(read('custom-elements.json')) as ElementManifest;
  const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'auth-login');
  assert.ok(element, 'custom-elements.json declares auth-login');
  return element;
}

const manifestParts = (): CssPartDoc[] => manifestElement().cssParts ?? [];

function manifestEvent(name: string): string {
  const event = (manifestElement().events ?? []).find((candidate) => candidate.name === name);
  assert.ok(event?.description, `custom-elements.json describes ${name}`);
  return event.description;
}

/** Each product's part names, by registry name. */
const PRODUCT_PARTS = new Map(PRODUCT_RECORDS.map((record) => [record.name, Object.values(record.parts ?? {})]));
const PRODUCT_PART_NAMES = new Set<string>([...PRODUCT_PARTS.values()].flat());
/** Each product's widget event types, in registry order. */
const PRODUCT_EVENT_TYPES = PRODUCT_RECORDS.flatMap((record) => Object.values(record.events ?? {}));

/** A product's docs.ts as the test reads it, straight from the folder (not through the plugin it checks). */
interface FolderDocs {
  EVENT_DOCS?: Record<string, string>;
  ERROR_DOCS?: string;
}

async function folderDocs(folder: string): Promise<FolderDocs> {
  const file = path.join(repoRoot, 'src/widget/products', folder, 'docs.ts');
  return fs.existsSync(file) ? ((await import(pathToFileURL(file).href)) as FolderDocs) : {};
}

/** The part names the element's JSDoc documents (`@csspart` or `@part`). */
function jsDocPartNames(source: string): string[] {
  return [...source.matchAll(/^\s*\*\s*@(?:csspart|part)\s+([\w-]+)/gm)].map((match) => match[1]!);
}

/** The event types of `types` that `source` names (as whole words, so `OAUTH_START` is not in a longer type). */
function namedEventTypes(source: string, types: readonly string[]): string[] {
  return types.filter((type) => new RegExp(`(?<![\\w])${type}(?![\\w])`).test(source));
}

/** A comment's text as one line: the line breaks and leading `*` of a JSDoc block become single spaces. */
const oneLine = (source: string) => source.replace(/\s*\n\s*\*?\s*/g, ' ');

/** A pattern that matches `text` as written. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("every product's part is in the manifest with its folder's description, after the shared parts", async () => {
  const parts = manifestParts();
  for (const [product, names] of PRODUCT_PARTS) {
    for (const name of names) {
      const found = parts.filter((part) => part.name === name);
      assert.equal(found.length, 1, `${name} (${product}) is in the manifest once`);
      assert.ok(found[0]!.description?.trim(), `${name} (${product}) has a description in the manifest`);
    }
  }
  const fromFolders = (await productDocs()).parts;
  assert.deepEqual(
    parts.slice(parts.length - fromFolders.length),
    fromFolders,
    'the products come last, in registry order, described as in their docs.ts (run `npm run analyze`)',
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

test("element.ts names no product's event type or error (they are described in the product's folder)", async () => {
  const source = read('src/widget/element.ts');
  assert.ok(PRODUCT_EVENT_TYPES.length > 0, 'the products have event types');
  assert.deepEqual(namedEventTypes(source, PRODUCT_EVENT_TYPES), []);
  for (const record of PRODUCT_RECORDS) {
    const { ERROR_DOCS } = await folderDocs(record.folder);
    if (ERROR_DOCS) assert.ok(!oneLine(source).includes(ERROR_DOCS), `${record.folder}'s ERROR_DOCS is in element.ts`);
  }
});

test("every product's event type is in auth-login-event with its folder's text, in registry order", async () => {
  const description = manifestEvent('auth-login-event');
  for (const record of PRODUCT_RECORDS) {
    const docs = (await folderDocs(record.folder)).EVENT_DOCS ?? {};
    for (const type of Object.values(record.events ?? {})) {
      const text = docs[type];
      assert.ok(
        typeof text === 'string' && text.trim() !== '',
        `${type} has its text in products/${record.folder}/docs.ts (EVENT_DOCS)`,
      );
      // "`TYPE` (text)", or "`TYPE` / `OTHER` (text)" for types that share their text.
      const entry = new RegExp(`\`${type}\`(?: / \`\\w+\`)* \\(${literal(text)}\\)`);
      assert.match(description, entry, `${type} is in the manifest with its text (run \`npm run analyze\`)`);
    }
  }
  const entries = (await productDocs()).events.map(eventEntryText).join(', ');
  assert.ok(description.includes(entries), "the products' events are listed in registry order");
});

test('auth-login-event names every widget event type, and auth-login-error every product error', async () => {
  const description = manifestEvent('auth-login-event');
  const types = Object.values(EVENT_TYPES);
  assert.deepEqual(
    types.filter((type) => !description.includes(`\`${type}\``)),
    [],
  );
  assert.ok(!description.includes(PRODUCT_SLOTS['auth-login-event'].placeholder), 'the placeholder is filled');
  const errors = (await productDocs()).errors;
  assert.ok(errors.length > 0, 'some product reports its own errors');
  assert.ok(manifestEvent('auth-login-error').includes(errors.join(PRODUCT_SLOTS['auth-login-error'].separator)));
});

test('the plugin refuses a product part the JSDoc lists too, and the check finds one in a comment', () => {
  const manifest: ElementManifest = {
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

test("the plugin writes the products' events and errors at the placeholders, refuses a JSDoc naming one", () => {
  const planted = (event: string, error: string): ElementManifest => ({
    modules: [
      {
        declarations: [
          {
            tagName: 'auth-login',
            events: [
              { name: 'auth-login-event', description: event },
              { name: 'auth-login-error', description: error },
            ],
          },
        ],
      },
    ],
  });
  const docs = {
    errors: ['a wilted leaf', 'a broken stem'],
    events: [
      { description: 'a leaf grew', types: ['LEAF_GROW'] },
      { description: 'a leaf fell or was picked', types: ['LEAF_FALL', 'LEAF_PICK'] },
    ],
    parts: [],
  };
  const manifest = planted(
    'Every event: {productEvents}, `DONE` (done). Bubbles.',
    'Every error; also {productErrors}.',
  );
  fillProductEvents(manifest, docs);
  assert.deepEqual(
    manifest.modules[0]!.declarations![0]!.events!.map((event) => event.description),
    [
      'Every event: `LEAF_GROW` (a leaf grew), `LEAF_FALL` / `LEAF_PICK` (a leaf fell or was picked), `DONE` (done). ' +
        'Bubbles.',
      'Every error; also a wilted leaf; also a broken stem.',
    ],
  );
  assert.throws(
    () => fillProductEvents(planted('`LEAF_GROW` (a leaf grew), {productEvents}.', '{productErrors}'), docs),
    /documents product event types \(LEAF_GROW\)/,
  );
  assert.throws(() => fillProductEvents(planted('Every event.', '{productErrors}'), docs), /needs \{productEvents\}/);
  assert.deepEqual(namedEventTypes('`OAUTH_AUTHORIZE_FLOW_START` (…)', ['OAUTH_START', 'AUTHORIZE_FLOW']), []);
  assert.deepEqual(namedEventTypes('also `OAUTH_START`.', ['OAUTH_START']), ['OAUTH_START']);
});
