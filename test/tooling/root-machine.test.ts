// The root statechart is only the root: what a product answers at start (a redirect token, an element `mode`, a query)
// and what it runs while Main shows are declared by its record (src/widget/products/<name>/index.ts) and read through
// the registry. So src/widget/machine/ (the root and its helpers; tests aside) names no product: not its id, its
// folder, its token type or its events, in any identifier, string or import. Comments may give examples; code may not.
// The root's machine is typed by `setup`, with no `as never` to quiet it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { PRODUCT_RECORDS } from '../../src/widget/products/registry.ts';
import { words } from '../support/name-words.ts';

const widgetDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/widget');
const machineDir = path.join(widgetDir, 'machine');
const productsDir = path.join(widgetDir, 'products');

/** Each product's folder (products/<folder>/index.ts is its record). */
const PRODUCT_FOLDERS = fs
  .readdirSync(productsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(productsDir, entry.name, 'index.ts')))
  .map((entry) => entry.name);

/**
 * What names a product: the registry's names and folders, as word sequences, and the products' own words that are
 * not theirs by id (token types, event names, the machines they run on Main).
 */
const PRODUCT_WORDS: string[][] = [
  ...[...PRODUCT_RECORDS.map((record) => record.name), ...PRODUCT_FOLDERS].map(words),
  ['magic', 'link'],
  ['one', 'tap'],
  ['identity', 'provider'],
  ['idp'],
  ['otp'],
  ['password'],
  ['passkey'],
  ['webauthn'],
  ['crypto'],
  ['wallet'],
  ['google'],
  ['consent'],
];

/** Names a product's module may use and the root may not, though their words are generic: the products' token types. */
const PRODUCT_IDENTIFIERS = new Set(['TOKEN_TYPES']);

/** Whether `sequence` appears in `found` as consecutive words. */
function contains(found: string[], sequence: string[]): boolean {
  return found.some((_, i) => sequence.every((word, j) => found[i + j] === word));
}

/** The names and strings of a module's code (identifiers, string and template texts, import specifiers). */
function codeTexts(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) found.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `file: text` for each name or string of the code that names a product. */
function productNames(file: string, text: string): string[] {
  return codeTexts(file, text)
    .filter(
      (code) => PRODUCT_IDENTIFIERS.has(code) || PRODUCT_WORDS.some((sequence) => contains(words(code), sequence)),
    )
    .map((code) => `${file}: ${code}`);
}

/** The root's modules: src/widget/machine/*.ts but its tests. */
const ROOT_MODULES = fs
  .readdirSync(machineDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ file: `machine/${name}`, text: fs.readFileSync(path.join(machineDir, name), 'utf8') }));

test('the root statechart and its modules name no product in code', () => {
  assert.ok(ROOT_MODULES.some((module) => module.file === 'machine/root.ts'));
  assert.deepEqual(
    ROOT_MODULES.flatMap(({ file, text }) => productNames(file, text)),
    [],
  );
});

test('the check finds a product named in code, and lets comments and other words be', () => {
  const sample = [
    "import { thing } from '../products/magic-links/index.ts';",
    'const type = TOKEN_TYPES.resetPassword;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: sample source text, whose template the check must read.
    "const child = `main:${'oauth'}`;",
    'const event = EVENT_TYPES.MAGIC_LINK_AUTHENTICATE;',
    '// One Tap and passkeys, in a comment, are examples.',
    'const footprint = lastUpdated + midpoint;',
  ].join('\n');
  assert.deepEqual(productNames('sample.ts', sample), [
    'sample.ts: ../products/magic-links/index.ts',
    'sample.ts: TOKEN_TYPES',
    'sample.ts: resetPassword',
    'sample.ts: oauth',
    'sample.ts: MAGIC_LINK_AUTHENTICATE',
  ]);
});

test('the root machine is typed without `as never`', () => {
  const root = ROOT_MODULES.find((module) => module.file === 'machine/root.ts')!;
  assert.equal(/\bas never\b/.test(root.text.replace(/\/\/.*$/gm, '')), false);
});

test("a product's record declares the machine it runs on Main exactly when its chunk has one", () => {
  const mismatched = PRODUCT_FOLDERS.filter((folder) => {
    const read = (name: string) => {
      const file = path.join(productsDir, folder, name);
      return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    };
    return /\bmainMachine\s*:/.test(read('chunk.ts')) !== /\brunsOnMain\s*:/.test(read('index.ts'));
  });
  assert.deepEqual(mismatched, []);
});
