// Languages, service side: the error_message of every error body is in the language Accept-Language prefers (en, es,
// fr; English otherwise), and the answer names it in Content-Language.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOCALE_HEADER } from '../../src/api/locales.ts';
import { PATHS } from '../../src/api/paths.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { CONTENT_LANGUAGE_HEADER } from '../../src/server/i18n/constants.ts';
import { preferredLocale } from '../../src/server/i18n/accept-language.ts';
import { startServer, type RunningServer } from '../../src/server/listen.ts';
import { basicAuth, dataOf, expectError, get, post, startTestService, type TestService } from './support.ts';

const INVALID_EMAIL = {
  en: 'Email format is invalid.',
  es: 'El formato del correo electrónico no es válido.',
  fr: "Le format de l'adresse e-mail n'est pas valide.",
} as const;
const EMAIL_NOT_STRING = {
  en: 'email must be a string',
  es: 'email debe ser una cadena',
  fr: 'email doit être une chaîne',
} as const;

describe('Accept-Language chooses the language of error messages', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  const sendBadEmail = (acceptLanguage?: string, email: unknown = 'not-an-address') =>
    post(
      t,
      PATHS.magicLinksEmailLoginOrCreate,
      { email },
      acceptLanguage === undefined ? {} : { headers: { [LOCALE_HEADER]: acceptLanguage } },
    );

  for (const [header, locale] of [
    ['es-ES,es;q=0.9', 'es'],
    ['fr', 'fr'],
    ['fr-CA, en;q=0.5', 'fr'],
    ['en-US,en;q=0.9', 'en'],
  ] as const) {
    it(`${header} → ${locale}: invalid_email and a validation error naming its field`, async () => {
      const invalid = await sendBadEmail(header);
      assert.equal(invalid.headers.get(CONTENT_LANGUAGE_HEADER), locale);
      await expectError(invalid, 400, 'invalid_email', INVALID_EMAIL[locale]);
      const wrongType = await sendBadEmail(header, 42);
      assert.equal(wrongType.headers.get(CONTENT_LANGUAGE_HEADER), locale);
      await expectError(wrongType, 400, 'invalid_request', EMAIL_NOT_STRING[locale]);
    });
  }

  for (const header of [
    undefined,
    'de',
    'de-DE,de;q=0.9',
    '',
    ';;;,,',
    'es;q=abc',
    'fr;q=2',
    'es;level=1',
    '????',
    'x'.repeat(5_000),
  ]) {
    it(
      `${header === undefined ? 'no header' : JSON.stringify(header.slice(0, 20))} → ` + `English, never an error`,
      async () => {
        const res = await sendBadEmail(header);
        assert.equal(res.headers.get(CONTENT_LANGUAGE_HEADER), 'en');
        await expectError(res, 400, 'invalid_email', INVALID_EMAIL.en);
      },
    );
  }

  it('q-values order the ranges, not their position: en;q=0.1, fr;q=0.8 → French', async () => {
    const res = await sendBadEmail('en;q=0.1, fr;q=0.8');
    assert.equal(res.headers.get(CONTENT_LANGUAGE_HEADER), 'fr');
    await expectError(res, 400, 'invalid_email', INVALID_EMAIL.fr);
  });

  it('error bodies vary by Accept-Language; success bodies on /sdk/v1 carry Content-Language too', async () => {
    const error = await sendBadEmail('es');
    assert.match(error.headers.get('Vary') ?? '', /\bAccept-Language\b/);
    await error.body?.cancel();
    const ok = await post(
      t,
      PATHS.magicLinksEmailLoginOrCreate,
      { email: 'lang-ok@example.com' },
      { headers: { [LOCALE_HEADER]: 'fr' } },
    );
    assert.equal(ok.headers.get(CONTENT_LANGUAGE_HEADER), 'fr');
    await dataOf(ok);
  });

  it('unknown routes, unauthenticated calls and a message with a dynamic part are translated too', async () => {
    const missing = await get(t, '/no-such-route', { headers: { [LOCALE_HEADER]: 'es' } });
    await expectError(missing, 404, 'not_found', `No se encontró GET ${SDK_BASE_PATH}/no-such-route.`);
    const noSession = await get(t, PATHS.usersMe, { headers: { [LOCALE_HEADER]: 'fr' } });
    await expectError(
      noSession,
      401,
      'user_unauthenticated',
      'Une session active est nécessaire pour appeler cette méthode. Vous êtes-vous connecté ?',
    );
    const range = await post(
      t,
      PATHS.magicLinksEmailLoginOrCreate,
      { email: 'lang-range@example.com', login_expiration_minutes: 0 },
      { headers: { [LOCALE_HEADER]: 'es' } },
    );
    await expectError(
      range,
      400,
      'invalid_request',
      /^login_expiration_minutes debe ser un número entero de minutos entre \d+ y \d+\.$/,
    );
  });
});

describe('preferredLocale', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'en'],
    ['es', 'es'],
    ['ES-mx', 'es'],
    ['fr_FR', 'fr'], // not RFC 9110's separator, but its intent is plain (matchLocale reads it the same way)
    ['de, fr;q=0.5', 'fr'],
    ['de, *;q=0.5', 'en'],
    ['en;q=0, *', 'es'], // the wildcard stands for the languages not named; English was refused
    ['en;q=0.1, fr;q=0.8, *;q=0.9', 'es'],
    ['es;q=0.5, fr;q=0.5', 'es'], // a tie goes to the earlier range
    ['es;q=0, fr;q=0', 'en'], // nothing acceptable that we speak: the default, not an error
    ['fr;q=0.500', 'fr'],
    ['fr;q=0.5000', 'en'], // four decimals: malformed
    ['fr ; q=0.7 , es;q=0.6', 'fr'],
  ];
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${expected}`, () => {
      assert.equal(preferredLocale(header), expected);
      assert.equal(preferredLocale(header), expected, 'the remembered answer is the same');
    });
  }
});

describe('over a real socket, cross-origin', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer({ database: { kind: 'memory' }, requestLog: null });
  });
  after(() => server.close());

  it('a page on an allowed origin reads the Spanish error and its Content-Language', async () => {
    const origin = new URL(server.url).origin;
    const res = await fetch(`${server.url}${SDK_BASE_PATH}${PATHS.magicLinksEmailLoginOrCreate}`, {
      method: 'POST',
      headers: {
        Authorization: basicAuth(),
        'Content-Type': 'application/json',
        Origin: origin,
        [LOCALE_HEADER]: 'es-ES,es;q=0.9,en;q=0.8',
      },
      body: JSON.stringify({ email: 'not-an-address' }),
    });
    assert.equal(res.headers.get('Access-Control-Allow-Origin'), origin);
    assert.equal(res.headers.get(CONTENT_LANGUAGE_HEADER), 'es');
    assert.match(res.headers.get('Vary') ?? '', /\bAccept-Language\b/);
    assert.match(res.headers.get('Vary') ?? '', /\bOrigin\b/);
    await expectError(res, 400, 'invalid_email', INVALID_EMAIL.es);
  });
});
