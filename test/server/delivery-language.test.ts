// The messages the service delivers (magic links, passcodes, password resets) are written in the visitor's language:
// the request's `locale` field when it names a supported language, else the request's Accept-Language (which the
// client sets to the widget's locale), else English. The English wording is asserted in the product tests.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  dataOf,
  expectError,
  inbox,
  post,
  PORTAL_URL,
  startTestService,
  uniqueEmail,
  uniquePhone,
  type TestService,
} from './support.ts';

let t: TestService;

before(async () => {
  t = await startTestService({});
});

after(() => t.close());

const spanish = { headers: { 'Accept-Language': 'es-MX,es;q=0.9' } };

async function newestTo(to: string) {
  const [message] = await inbox(t, to);
  assert.ok(message, `a message to ${to}`);
  return message;
}

describe('the language of delivered messages', () => {
  it('a magic link follows Accept-Language: Spanish subject, text, link label and html lang', async () => {
    const email = uniqueEmail();
    await dataOf(
      await post(t, '/magic_links/email/login_or_create', { email, signup_expiration_minutes: 30 }, spanish),
    );
    const message = await newestTo(email);
    assert.equal(message.subject, 'Tu enlace para registrarte en Westlight University');
    const [greeting, , body, , link, , ignore] = message.text.split('\n');
    assert.equal(greeting, 'Hola:');
    assert.equal(
      body,
      'Usa este enlace para terminar de registrarte en Westlight University. Caduca en 30 ' +
        'minutos y solo se puede usar una vez.',
    );
    assert.equal(link, message.links[0]);
    assert.equal(ignore, 'Si no pediste este correo, puedes ignorarlo.');
    assert.match(message.html, /^<!doctype html>\n<html lang="es">/);
    assert.ok(message.html.includes('>Abrir tu enlace para registrarte en Westlight University</a>'), message.html);
  });

  it(
    'the body’s `locale` wins over Accept-Language; an unsupported one falls back to it; none ' +
      'and no header: English',
    async () => {
      const email = uniqueEmail();
      await dataOf(await post(t, '/magic_links/email/login_or_create', { email, locale: 'fr-CA' }, spanish));
      assert.equal((await newestTo(email)).subject, "Votre lien d'inscription à Westlight University");
      await dataOf(await post(t, '/magic_links/email/login_or_create', { email, locale: 'de' }, spanish));
      assert.equal((await newestTo(email)).subject, 'Tu enlace para iniciar sesión en Westlight University');
      await dataOf(await post(t, '/magic_links/email/login_or_create', { email }));
      const english = await newestTo(email);
      assert.equal(english.subject, 'Your Westlight University login link');
      assert.match(english.html, /<html lang="en">/);
    },
  );

  it('a `locale` that is not a string is refused before anything is sent', async () => {
    const email = uniqueEmail();
    await expectError(
      await post(t, '/magic_links/email/login_or_create', { email, locale: 7 }),
      400,
      'invalid_request',
      'locale must be a string',
    );
    await expectError(
      await post(t, '/otps/email/login_or_create', { email, locale: ['es'] }),
      400,
      'invalid_request',
      'locale must be a string',
    );
    assert.deepEqual(await inbox(t, email), []);
  });

  it(
    'a passcode by SMS in Spanish and by email in French, minutes written for the language (1 ' + 'minuto, 1 minute)',
    async () => {
      const phone = uniquePhone('332');
      await dataOf(await post(t, '/otps/sms/login_or_create', { phone_number: phone, expiration_minutes: 1 }, spanish));
      assert.match((await newestTo(phone)).text, /^Tu código de Westlight University es \d{6}\. Caduca en 1 minuto\.$/);
      await dataOf(
        await post(t, '/otps/sms/login_or_create', { phone_number: phone, expiration_minutes: 10, locale: 'es' }),
      );
      assert.match(
        (await newestTo(phone)).text,
        /^Tu código de Westlight University es \d{6}\. Caduca en 10 minutos\.$/,
      );

      const email = uniqueEmail();
      await dataOf(await post(t, '/otps/email/login_or_create', { email, expiration_minutes: 1, locale: 'fr' }));
      const message = await newestTo(email);
      assert.equal(message.subject, "Votre code d'inscription à Westlight University");
      // Three paragraphs, a blank line between each two.
      const paragraphs = [
        /Bonjour,/,
        /Votre code Westlight University est \d{6}\. Il expire dans 1 minute\./,
        /Si vous n'avez pas demandé ce code, vous pouvez ignorer cet e-mail\./,
      ];
      assert.match(message.text, new RegExp(`^${paragraphs.map((p) => p.source).join('\\n\\n')}$`));
      assert.match(message.html, /<html lang="fr">/);
      assert.ok(message.html.includes('<p>Il expire dans 1 minute.</p>'), message.html);
    },
  );

  it('a password reset email in French', async () => {
    const email = uniqueEmail();
    await dataOf(await post(t, '/magic_links/email/login_or_create', { email }));
    await dataOf(
      await post(t, '/passwords/email/reset/start', {
        email,
        reset_password_redirect_url: PORTAL_URL,
        reset_password_expiration_minutes: 15,
        locale: 'fr',
      }),
    );
    const message = await newestTo(email);
    assert.equal(message.subject, 'Réinitialisez votre mot de passe Westlight University');
    assert.equal(
      message.text.split('\n')[2],
      'Utilisez ce lien pour choisir un nouveau mot de passe pour Westlight University. Il ' +
        "expire dans 15 minutes et ne fonctionne qu'une fois.",
    );
    assert.ok(message.html.includes('>Réinitialiser votre mot de passe</a>'), message.html);
  });
});
