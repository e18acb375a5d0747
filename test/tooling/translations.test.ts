// Every widget string exists in every supported language. The English tables (src/widget/i18n/en*.ts and
// each products/<name>/strings.ts) and the translation tables (`<table>.<locale>.ts`) are found by globbing, not
// listed, so a new table or product is checked without editing this test. A locale fails when a key present in English
// is missing or empty in it, when it has a key English does not, or when a text drops, renames or adds a `{param}`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '../../src/api/locales.ts';

const widget = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/widget');
const TRANSLATED = SUPPORTED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

type Table = Record<string, string>;

/** Files under src/widget (relative paths) whose name matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return fs
    .readdirSync(widget, { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(path.basename(file)) && !file.includes('.test.'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The string tables a module exports (objects whose every value is a string); a locale's index exports none. */
async function tablesOf(file: string): Promise<Table[]> {
  const module = (await import(pathToFileURL(path.join(widget, file)).href)) as Record<string, unknown>;
  return Object.values(module).filter(
    (value): value is Table =>
      typeof value === 'object' && value !== null && Object.values(value).every((text) => typeof text === 'string'),
  );
}

async function merged(files: string[]): Promise<Table> {
  const all: Table = {};
  for (const file of files) {
    for (const table of await tablesOf(file)) {
      for (const [key, text] of Object.entries(table)) {
        assert.ok(!(key in all), `${key} is in two tables (${file})`);
        all[key] = text;
      }
    }
  }
  return all;
}

const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const ENGLISH_FILES = [
  ...filesMatching(/^en(-[\w-]+)?\.ts$/).filter((file) => file.startsWith('i18n/')),
  ...filesMatching(/^strings\.ts$/).filter((file) => file.startsWith('products/')),
];

describe('translation tables', () => {
  it('the English tables are found: Main, the error catalogue, the outcome screens and every product', () => {
    const products = fs
      .readdirSync(path.join(widget, 'products'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory());
    assert.deepEqual(
      ENGLISH_FILES.filter((file) => file.startsWith('i18n/')),
      ['i18n/en-errors.ts', 'i18n/en-outcome.ts', 'i18n/en.ts'],
    );
    assert.equal(ENGLISH_FILES.length, 3 + products.length, 'every product folder has a strings.ts');
  });

  for (const locale of TRANSLATED) {
    it(`${locale}: every English key, non-empty, with the same {params}, and nothing more`, async () => {
      const english = await merged(ENGLISH_FILES);
      const files = filesMatching(new RegExp(`^[\\w-]+\\.${locale}\\.ts$`));
      for (const file of ENGLISH_FILES) {
        const expected = file.startsWith('products/') ? file.replace(/\.ts$/, `.${locale}.ts`) : undefined;
        if (expected) assert.ok(files.includes(expected), `${expected} exists`);
      }
      const translated = await merged(files);
      const missing = Object.keys(english).filter((key) => !translated[key]?.trim());
      assert.deepEqual(missing, [], `keys missing or empty in ${locale}`);
      const extra = Object.keys(translated).filter((key) => !(key in english));
      assert.deepEqual(extra, [], `keys in ${locale} that English does not have`);
      const wrongParams = Object.keys(english).filter(
        (key) => params(english[key]!).join() !== params(translated[key]!).join(),
      );
      assert.deepEqual(wrongParams, [], `texts in ${locale} whose {params} differ from English`);
    });
  }
});
