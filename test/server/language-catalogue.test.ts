// Languages, service side: the error-message catalogue is complete in every supported language, its translations keep
// the English placeholders, every key is used, and an ApiError cannot carry raw text.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SUPPORTED_LOCALES } from '../../src/api/locales.ts';
import { ApiError, Errors } from '../../src/server/http/errors.ts';
import { en } from '../../src/server/i18n/en.ts';
import { CATALOGUES, message, placeholdersOf, renderMessage, verbatim } from '../../src/server/i18n/message.ts';

const SERVER_DIR = join(import.meta.dirname, '../../src/server');
const KEYS = Object.keys(en) as (keyof typeof en)[];

function serverSources(dir = SERVER_DIR): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

describe('the service message catalogue', () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: has exactly the English keys, none empty, each with the English placeholders`, () => {
      const catalogue = CATALOGUES[locale];
      assert.deepEqual(Object.keys(catalogue).sort(), [...KEYS].sort());
      for (const key of KEYS) {
        const text = catalogue[key];
        assert.ok(text.trim().length > 0, `${locale}.${key} is empty`);
        assert.deepEqual(placeholdersOf(text).sort(), placeholdersOf(en[key]).sort(), `${locale}.${key} placeholders`);
      }
    });
  }

  it('the translations are translations: only placeholder-only and protocol texts equal the English', () => {
    // A key left in English by copy-paste would pass the checks above; these few are the same in every language.
    const sameEverywhere = new Set(['verbatim', 'eventsItemShape'].filter((key) => key in en));
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      const untranslated = KEYS.filter((key) => !sameEverywhere.has(key) && CATALOGUES[locale][key] === en[key]);
      assert.deepEqual(untranslated, [], `${locale} keys still in English`);
    }
  });

  it('every key is used by some service code (no stale entries)', () => {
    const code = serverSources()
      .filter(({ path }) => !path.includes(`${join('server', 'i18n')}`))
      .map(({ text }) => text)
      .join('\n');
    const unused = KEYS.filter((key) => key !== 'verbatim' && !code.includes(`'${key}'`));
    assert.deepEqual(unused, []);
  });

  it('renders params, nested reasons and verbatim library text in the chosen language', () => {
    const reason = message('claimsExpired');
    assert.equal(renderMessage(message('invalidIdToken', { reason })), 'The ID token is not valid: it has expired.');
    assert.equal(
      renderMessage(message('invalidIdToken', { reason }), 'es'),
      'El token de ID no es válido: ha caducado.',
    );
    assert.equal(
      renderMessage(message('invalidIdToken', { reason }), 'fr'),
      "Le jeton d'identité n'est pas valide : il a expiré.",
    );
    assert.equal(
      renderMessage(message('fieldTooLong', { field: 'name', max: 64 }), 'fr'),
      'name doit faire au plus 64 caractères.',
    );
    assert.equal(renderMessage(verbatim('{field} stays as written'), 'es'), '{field} stays as written');
  });

  it('an ApiError keeps its English text as the Error message (logs) and its key for the body', () => {
    const error = Errors.invalidRequest('fieldRequired', { field: 'email' });
    assert.equal(error.message, 'email is required.');
    assert.deepEqual(error.text, { key: 'fieldRequired', params: { field: 'email' } });
  });

  it('an ApiError cannot be built from raw text: the type system refuses it, and no source does it', () => {
    // Never called: tsc (test/ is in tsconfig.json) fails if this stops being a type error.
    const rawText = () =>
      // @ts-expect-error a message must be a catalogue Message, not a string
      new ApiError(400, 'invalid_request', 'The request body is not valid JSON.');
    // Params are typed from the English placeholders: a missing or misspelt one is a type error too.
    const missingParam = () =>
      // @ts-expect-error fieldRequired needs { field }
      Errors.invalidRequest('fieldRequired');
    const misspeltParam = () =>
      // @ts-expect-error the placeholder is {field}, not {name}
      Errors.invalidRequest('fieldRequired', { name: 'email' });
    assert.equal(typeof rawText, 'function');
    assert.equal(typeof missingParam, 'function');
    assert.equal(typeof misspeltParam, 'function');
    const calls = serverSources().flatMap(({ path, text }) =>
      [...text.matchAll(/new ApiError\(([\s\S]*?),([\s\S]*?),\s*([^,)]*)/g)].map((match) => ({
        path,
        third: (match[3] ?? '').trim(),
      })),
    );
    assert.ok(calls.length > 50, `found ${calls.length} ApiError constructions`);
    const raw = calls.filter(({ third }) => !third.startsWith('message('));
    assert.deepEqual(raw, []);
  });
});
