/// <reference types="mocha" />
// Languages through <auth-login> against the real identity service: the `locale` attribute and the page's
// `lang`, the Spanish and French tables for Main, Email Confirmation and the error catalogue, `strings` over a table,
// English for a language without one, a change at runtime, the `Accept-Language` the client sends, and an Arabic page
// laid out right to left.
import { expect } from 'chai';
import { LOCALE_HEADER } from '../../api/locales.ts';
import { WIDGET_ERROR_EVENT } from '../events.ts';
import { devInbox, uniqueEmail } from '../../../test/support/env.ts';
import { until } from '../../../test/support/poll.ts';
import {
  $,
  byText,
  findText,
  freshWidgetState,
  mount,
  typeInto,
  type AuthLoginElement,
} from '../../../test/support/widget.ts';

const MAGIC_LINK_SEND = '/sdk/v1/magic_links/email/login_or_create';

/** The widget's root inside the shadow root: it carries `lang` and `dir`. */
const root = (el: HTMLElement) => $(el, '[part~="container"]')!;

/**
 * Types `email` into Main's field and presses the Continue button, whose label is `continueLabel` in the locale shown.
 */
async function submitEmailAs(el: HTMLElement, email: string, continueLabel: string): Promise<void> {
  const input = await until(() => $(el, 'input[type="email"]') as HTMLInputElement | null, 'the email input');
  typeInto(input, email);
  await until(() => input.value === email, 'the typed email');
  (await findText(el, 'button', continueLabel)).click();
}

function mountIn(locale: string | null, strings?: AuthLoginElement['strings']): AuthLoginElement {
  const el = mount();
  if (locale !== null) el.locale = locale;
  if (strings) el.strings = strings;
  return el;
}

describe('<auth-login> languages', () => {
  const state = freshWidgetState();
  const pageLang = document.documentElement.getAttribute('lang');
  afterEach(() => {
    if (pageLang === null) document.documentElement.removeAttribute('lang');
    else document.documentElement.setAttribute('lang', pageLang);
  });

  it('locale="es": Main and Email Confirmation in Spanish, asked of the service in Spanish', async () => {
    const el = mountIn('es');
    await findText(el, '[part~="title"]', 'Regístrate o inicia sesión');
    expect($(el, 'label[part~="label"]')?.textContent).to.equal('Correo electrónico');
    expect(root(el).getAttribute('lang')).to.equal('es');
    expect(root(el).getAttribute('dir')).to.equal('ltr');
    const email = uniqueEmail();
    await submitEmailAs(el, email, 'Continuar');
    await findText(el, '[part~="title"]', 'Revisa tu correo');
    expect($(el, '[part~="text"]')?.textContent).to.equal(`Hemos enviado un correo electrónico a ${email}`);
    expect(byText(el, 'button', 'Volver a intentarlo')).to.not.equal(undefined);
    expect($(el, 'button[part~="back-button"]')?.getAttribute('aria-label')).to.equal('Atrás');
    const [send] = state.rec.to(MAGIC_LINK_SEND);
    expect(send!.headers.get(LOCALE_HEADER)).to.equal('es');
    // The client is made with the language: its first request, the bootstrap, asks in it too. (The element asked for
    // the bootstrap before its first paint, in the language it had then; `locale` set after, the client asks anew.)
    const bootstraps = state.rec.requests.filter((request) => request.path.includes('/projects/bootstrap/'));
    expect(bootstraps.map((request) => request.headers.get(LOCALE_HEADER))).to.deep.equal(['en', 'es']);
    // The email follows the element's language (the call's Accept-Language; the config names no locale).
    const [message] = await devInbox(email);
    expect(message?.subject).to.equal('Tu enlace para registrarte en Westlight University');
  });

  it("no locale: the page's <html lang> (French) is used, for the texts and the service", async () => {
    document.documentElement.setAttribute('lang', 'fr-CA');
    const el = mountIn(null);
    await findText(el, '[part~="title"]', 'Inscrivez-vous ou connectez-vous');
    expect(root(el).getAttribute('lang')).to.equal('fr-CA');
    const email = uniqueEmail();
    await submitEmailAs(el, email, 'Continuer');
    await findText(el, '[part~="title"]', 'Consultez vos e-mails');
    expect($(el, '[part~="text"]')?.textContent).to.equal(`Un e-mail a été envoyé à ${email}`);
    expect(byText(el, 'button', 'Réessayer')).to.not.equal(undefined);
    expect(state.rec.to(MAGIC_LINK_SEND)[0]!.headers.get(LOCALE_HEADER)).to.equal('fr-CA');
    expect((await devInbox(email))[0]?.subject).to.equal("Votre lien d'inscription à Westlight University");
  });

  it("a Spanish error from the catalogue: the service's rejected link token on the Error screen", async () => {
    const errors: CustomEvent[] = [];
    const onError = (e: Event) => errors.push(e as CustomEvent);
    document.addEventListener(WIDGET_ERROR_EVENT, onError);
    try {
      history.replaceState(null, '', `${location.pathname}?stytch_token_type=magic_links&token=not-a-real-token`);
      const el = mountIn('es');
      await findText(el, '[part~="title"]', '¡Vaya, se ha producido un error!');
      expect($(el, '[part~="text"]')?.textContent).to.equal(
        'Este enlace de inicio de sesión ya se ha utilizado o ha caducado. Solicita un enlace ' +
          'nuevo e inténtalo de nuevo.',
      );
      expect(errors.map((e) => e.detail.error_type)).to.deep.equal(['unable_to_auth_magic_link']);
      expect(state.rec.to('/sdk/v1/magic_links/authenticate')[0]!.headers.get(LOCALE_HEADER)).to.equal('es');
    } finally {
      document.removeEventListener(WIDGET_ERROR_EVENT, onError);
    }
  });

  it('a `strings` override wins over the Spanish table; the keys it leaves out stay Spanish', async () => {
    const el = mountIn('es', { 'main.title': 'Bienvenida al campus' });
    await findText(el, '[part~="title"]', 'Bienvenida al campus');
    expect(byText(el, 'button', 'Continuar')).to.not.equal(undefined);
  });

  it('locale="de" (no built-in table): English texts, lang="de", the service asked in German', async () => {
    const el = mountIn('de');
    await findText(el, '[part~="title"]', 'Sign up or log in');
    expect(root(el).getAttribute('lang')).to.equal('de');
    const email = uniqueEmail();
    await submitEmailAs(el, email, 'Continue');
    await findText(el, '[part~="title"]', 'Check your email');
    expect(state.rec.to(MAGIC_LINK_SEND)[0]!.headers.get(LOCALE_HEADER)).to.equal('de');
  });

  it('changing the property or the attribute at runtime renders again in the new language', async () => {
    const el = mountIn('en');
    await findText(el, '[part~="title"]', 'Sign up or log in');
    el.locale = 'fr';
    await findText(el, '[part~="title"]', 'Inscrivez-vous ou connectez-vous');
    expect(root(el).getAttribute('lang')).to.equal('fr');
    el.setAttribute('locale', 'es');
    await findText(el, '[part~="title"]', 'Regístrate o inicia sesión');
    expect(el.client!.locale).to.equal('es');
    const email = uniqueEmail();
    await submitEmailAs(el, email, 'Continuar');
    await findText(el, '[part~="title"]', 'Revisa tu correo');
    expect(state.rec.to(MAGIC_LINK_SEND)[0]!.headers.get(LOCALE_HEADER)).to.equal('es');
  });

  it(
    'locale="ar" with Arabic `strings`: dir="rtl", the Arabic title, the back arrow on the ' +
      'right, nothing overflows',
    async () => {
      const el = mountIn('ar', {
        'main.title': 'سجّل أو ادخل',
        'main.continue': 'متابعة',
        'emailConfirmation.title': 'تحقق من بريدك الإلكتروني',
        'common.back': 'رجوع',
      });
      await findText(el, '[part~="title"]', 'سجّل أو ادخل');
      expect(root(el).getAttribute('dir')).to.equal('rtl');
      expect(root(el).getAttribute('lang')).to.equal('ar');
      await submitEmailAs(el, uniqueEmail(), 'متابعة');
      await findText(el, '[part~="title"]', 'تحقق من بريدك الإلكتروني');
      const box = root(el).getBoundingClientRect();
      const back = $(el, 'button[part~="back-button"]')!;
      expect(back.getAttribute('aria-label')).to.equal('رجوع');
      const arrow = back.getBoundingClientRect();
      expect(arrow.left, 'the back arrow sits in the right half').to.be.greaterThan(box.left + box.width / 2);
      const title = $(el, '[part~="title"]')!;
      expect(getComputedStyle(title).direction).to.equal('rtl');
      expect(root(el).scrollWidth, 'no horizontal overflow').to.be.at.most(root(el).clientWidth);
    },
  );
});
