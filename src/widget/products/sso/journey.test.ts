/// <reference types="mocha" />
// Single sign-on through <auth-login> against the real service, with the keyboard only: Main's 'Use single sign-on',
// SSO discovery (an address without connections says so; Try another method), and an address of the development
// seeds' SAML organization: the page leaves for its identity provider (the dev SAML stand-in, driven by the test
// server), comes back with the token, and the organization's MFA policy asks for enrollment; the texts in Spanish and
// French; axe on each screen.
import { expect } from 'chai';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { serviceNow, totpCode } from '../../../../test/support/accounts.ts';
import { uniqueEmail } from '../../../../test/support/env.ts';
import { recordNavigations } from '../../../../test/support/navigation.ts';
import {
  axeViolations,
  focusedIn,
  isText,
  mountOrganizationSignIn,
  organizationJourneyState,
  screenTexts,
  tabTo,
} from '../../../../test/support/organizations.ts';
import { until } from '../../../../test/support/poll.ts';
import { $, findText, title, unmountAll } from '../../../../test/support/widget.ts';

/** The development seeds' organization that admits its members only through its SAML connection, MFA required. */
const SAML_DOMAIN = 'lumenstage.localhost';

/** From Main, by keyboard: 'Use single sign-on', then `email` and Enter on SSO discovery. */
async function discoverBySso(el: HTMLElement, email: string): Promise<void> {
  await until(() => $(el, 'button[part~="sso-button"]'), 'Main');
  await tabTo(el, isText('Use single sign-on'), 'Use single sign-on');
  await sendKeys({ press: 'Enter' });
  await findText(el, '[part~="title"]', 'Enter your email to continue', 10_000);
  const input = await tabTo(el, (c) => c instanceof HTMLInputElement && c.type === 'email', 'the email field');
  expect($(el, `label[for="${input.id}"]`)?.textContent).to.equal('Email');
  expect(await axeViolations(el)).to.deep.equal([]);
  await sendKeys({ type: email });
  await sendKeys({ press: 'Enter' });
}

describe('<auth-login> single sign-on', () => {
  const journey = organizationJourneyState();
  let navigations: ReturnType<typeof recordNavigations>;
  beforeEach(() => {
    navigations = recordNavigations();
  });
  afterEach(() => navigations.restore());

  it(
    "SSO discovery for an address without connections: Sorry, we couldn't find any connections; Try another " +
      'method is Main again, and Escape steps back',
    async () => {
      const el = mountOrganizationSignIn();
      const email = uniqueEmail('no-connection');
      await discoverBySso(el, email);
      await findText(el, '[part~="title"]', "Sorry, we couldn't find any connections", 10_000);
      expect(screenTexts(el)).to.deep.equal([
        `No single sign-on connection is set up for ${email}. Log in through another method, or contact your admin.`,
      ]);
      expect(await axeViolations(el)).to.deep.equal([]);
      expect(focusedIn(el)?.getAttribute('part')).to.equal('title', 'focus moved to the new title');
      await sendKeys({ press: 'Escape' });
      await findText(el, '[part~="title"]', 'Enter your email to continue');
      await tabTo(el, (c) => c instanceof HTMLInputElement && c.value === email, 'the address, kept');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', "Sorry, we couldn't find any connections", 10_000);
      await tabTo(el, isText('Try another method'), 'Try another method');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Sign up or log in');
      expect(navigations.visited).to.deep.equal([]);
    },
  );

  it(
    'an address of the SAML organization: its identity provider signs the member in, the page comes back with ' +
      "the token, and the organization's MFA policy asks for enrollment (TOTP)",
    async () => {
      let el = mountOrganizationSignIn();
      const email = `ada-${crypto.randomUUID().slice(0, 6)}@${SAML_DOMAIN}`;
      await discoverBySso(el, email);
      const startUrl = await until(() => navigations.visited[0], 'the page sent to the identity provider', 10_000);
      expect(title(el)).to.equal(undefined, 'a spinner while the page leaves');
      const { location: back, error } = (await executeServerCommand('dev-saml-sign-in', { startUrl, email })) as {
        location?: string;
        error?: string;
      };
      expect(error).to.equal(undefined);
      expect(new URL(back!).searchParams.get('stytch_token_type')).to.equal('sso');

      unmountAll();
      history.replaceState(null, '', back!);
      el = mountOrganizationSignIn();
      await findText(el, '[part~="title"]', 'Set up Multi-Factor Authentication', 10_000);
      expect(location.search).to.equal('', 'the token left the address bar');
      expect(journey.events.map((e) => e.type)).to.deep.equal([
        'B2B_SSO_DISCOVER_CONNECTIONS',
        'B2B_SSO_START',
        'B2B_SSO_AUTHENTICATE',
      ]);
      await tabTo(el, isText('Use an authenticator app'), 'Use an authenticator app');
      await sendKeys({ press: 'Enter' });
      const secret = await until(() => $(el, 'code[part~="totp-secret"]')?.textContent, 'the secret', 10_000);
      await tabTo(el, (c) => c.getAttribute('part')?.includes('passcode-input') ?? false, 'the code');
      await sendKeys({ type: await totpCode(secret, await serviceNow()) });
      await findText(el, '[part~="title"]', 'Save your recovery codes!', 10_000);
    },
  );

  for (const [locale, button, heading] of [
    ['es', 'Usar el inicio de sesión único', 'Escribe tu correo electrónico para continuar'],
    ['fr', 'Utiliser l’authentification unique', 'Saisissez votre adresse e-mail pour continuer'],
  ] as const) {
    it(`${locale}: Main's button and SSO discovery in the page's language`, async () => {
      const el = mountOrganizationSignIn(undefined, locale);
      const sso = await findText(el, 'button[part~="sso-button"]', button, 10_000);
      sso.click();
      await findText(el, '[part~="title"]', heading, 10_000);
    });
  }
});
