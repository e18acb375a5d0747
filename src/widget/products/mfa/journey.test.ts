/// <reference types="mocha" />
// The organization MFA screens through <auth-login> against the real service, with the keyboard only: a member of an
// organization that requires MFA picks it on Organization discovery; MFA enrollment offers both factors; TOTP shows
// the QR code with its alt text and the secret as text, and the code computed from that secret signs in; the recovery
// codes show once (a .txt download, Copy all, Done); the member signs in again with a recovery code, which the service
// then refuses a second time; SMS OTP enrollment with the shared phone input; the texts in Spanish and French; axe on
// each screen.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { serviceNow, totpCode } from '../../../../test/support/accounts.ts';
import { latestOtpCode, uniquePhoneNumber } from '../../../../test/support/env.ts';
import {
  discoveryLinkToken,
  discoveryLinkUrl,
  makeOrganization,
  memberEmail,
  axeViolations,
  focusedIn,
  isText,
  mountOrganizationSignIn,
  organizationJourneyState,
  screenTexts,
  tabTo,
  type TestOrganization,
} from '../../../../test/support/organizations.ts';
import { until } from '../../../../test/support/poll.ts';
import { $, $$, findText, title, unmountAll } from '../../../../test/support/widget.ts';
import type { AuthLoginElement } from '../../element.ts';

const AREA = '629';

describe('<auth-login> organization MFA', () => {
  const journey = organizationJourneyState();

  /** Opens the page from a new discovery link for `email` and picks the organization by keyboard. */
  async function pickOrganization(organization: TestOrganization, email: string, locale?: string) {
    history.replaceState(null, '', discoveryLinkUrl(await discoveryLinkToken(email)));
    const el = mountOrganizationSignIn(undefined, locale);
    const button = await until(
      () => $(el, `button[part~="organization-button"][data-organization-id="${organization.id}"]`),
      'the organization',
      10_000,
    );
    await tabTo(el, (c) => c === button, 'the organization');
    await sendKeys({ press: 'Enter' });
    return el;
  }

  /** Signs out of the member session the element's organization client holds, and removes the element. */
  async function signOut(el: AuthLoginElement): Promise<void> {
    const { organizationClient } = await import('../organizations.ts');
    await organizationClient(el.client!).session.revoke();
    unmountAll();
    (document.activeElement as HTMLElement | null)?.blur();
  }

  it(
    'TOTP: enrollment (QR code, secret, first code), the recovery codes once, Done; then a recovery code signs ' +
      'in once, and the same code is refused the second time',
    async () => {
      const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
      const email = memberEmail(organization, 'totp-kbd');
      let el = await pickOrganization(organization, email);

      await findText(el, '[part~="title"]', 'Set up Multi-Factor Authentication', 10_000);
      expect(screenTexts(el)).to.deep.equal([
        'Your organization requires an additional form of verification to make your account more secure.',
      ]);
      expect($$(el, 'button[data-method]').map((b) => b.textContent)).to.deep.equal([
        'Use an authenticator app',
        'Text me a code',
      ]);
      expect(await axeViolations(el)).to.deep.equal([]);
      await tabTo(el, isText('Use an authenticator app'), 'Use an authenticator app');
      await sendKeys({ press: 'Enter' });

      await findText(el, '[part~="title"]', 'Scan the QR code to link your authenticator app', 10_000);
      const qr = (await until(() => $(el, 'img[part~="qr-code"]'), 'the QR code')) as HTMLImageElement;
      expect(qr.alt).to.equal('QR code for your authenticator app: it holds the secret key below');
      expect(qr.src).to.match(/^data:image\/png;base64,/);
      await until(() => qr.complete && qr.naturalWidth > 0, 'the QR image decoded');
      const secret = $(el, 'code[part~="totp-secret"]')!.textContent!;
      expect(secret).to.match(/^[A-Z2-7]{16,}$/);
      expect(screenTexts(el)).to.include(
        'Having trouble scanning the QR code? Enter this key in your authenticator app instead:',
      );
      expect($(el, 'label')?.textContent).to.equal('One-time passcode');
      expect(await axeViolations(el)).to.deep.equal([]);
      const input = await tabTo(el, (c) => c.getAttribute('part')?.includes('passcode-input') ?? false, 'the code');
      expect((input as HTMLInputElement).autocomplete).to.equal('one-time-code');
      await sendKeys({ type: await totpCode(secret, await serviceNow()) });

      await findText(el, '[part~="title"]', 'Save your recovery codes!', 10_000);
      const codes = $$(el, '[part~="recovery-codes"] li').map((li) => li.textContent!);
      expect(codes.length).to.be.greaterThan(0);
      const download = $(el, 'a[download]') as HTMLAnchorElement;
      expect(download.textContent).to.equal('Download .txt file');
      expect(download.download).to.equal(`${organization.name}-recovery-codes.txt`);
      expect(decodeURIComponent(download.href.split(',')[1]!)).to.equal(codes.join('\n'));
      expect($$(el, 'button').map((b) => b.textContent)).to.deep.equal(['Copy all to clipboard', 'Done']);
      expect(await axeViolations(el)).to.deep.equal([]);
      await tabTo(el, isText('Done'), 'Done');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Success!');
      expect(journey.events.map((e) => e.type)).to.deep.equal([
        'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
        'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
        'B2B_TOTP_CREATE',
        'B2B_TOTP_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);

      for (const attempt of ['first', 'second'] as const) {
        await signOut(el);
        el = await pickOrganization(organization, email);
        await findText(el, '[part~="title"]', 'Enter verification code', 10_000);
        expect(screenTexts(el)).to.deep.equal(['Enter the 6-digit code from your authenticator app.']);
        await until(() => focusedIn(el)?.getAttribute('part')?.includes('passcode-input'), 'focus in the code');
        await tabTo(el, isText('Use a recovery code'), 'Use a recovery code');
        await sendKeys({ press: 'Enter' });
        await findText(el, '[part~="title"]', 'Enter recovery code');
        await tabTo(el, (c) => c instanceof HTMLInputElement && c.name === 'recovery-code', 'the recovery code');
        await sendKeys({ type: codes[0]! });
        await sendKeys({ press: 'Enter' });
        if (attempt === 'first') {
          await findText(el, '[part~="title"]', 'Success!', 10_000);
        } else {
          await findText(el, '[part~="error"]', 'The recovery code is wrong or has already been used.', 10_000);
          expect(title(el)).to.equal('Enter recovery code');
        }
      }
      await sendKeys({ press: 'Escape' });
      await findText(el, '[part~="title"]', 'Enter verification code');
    },
  );

  it('SMS OTP: the phone input, then the passcode sent to it; the sixth digit signs in', async () => {
    const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
    const el = await pickOrganization(organization, memberEmail(organization, 'sms-kbd'));
    await findText(el, '[part~="title"]', 'Set up Multi-Factor Authentication', 10_000);
    await tabTo(el, isText('Text me a code'), 'Text me a code');
    await sendKeys({ press: 'Enter' });

    await findText(el, '[part~="title"]', 'Enter your phone number to set up Multi-Factor Authentication');
    const select = (await until(() => $(el, 'select[part~="select"]'), 'the country selector')) as HTMLSelectElement;
    expect(select.value).to.equal('US');
    expect(await axeViolations(el)).to.deep.equal([]);
    const number = uniquePhoneNumber(AREA);
    await tabTo(el, (c) => c instanceof HTMLInputElement && c.type === 'tel', 'the phone number');
    await sendKeys({ type: number.slice(2) });
    await sendKeys({ press: 'Enter' });

    await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
    const shown = `+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;
    await until(
      () => screenTexts(el).includes(`A 6-digit passcode was sent to you at ${shown}.`),
      'where the code went',
    );
    expect($(el, '[part~="text"] strong')?.textContent).to.equal(shown);
    expect(await axeViolations(el)).to.deep.equal([]);
    await until(() => focusedIn(el)?.getAttribute('part')?.includes('passcode-input'), 'focus in the code');
    await sendKeys({ type: await latestOtpCode(number) });
    await findText(el, '[part~="title"]', 'Success!', 10_000);
    expect(journey.events.map((e) => e.type)).to.include.members(['B2B_SMS_OTP_SEND', 'B2B_SMS_OTP_AUTHENTICATE']);
  });

  for (const [locale, heading, options] of [
    [
      'es',
      'Configura la autenticación multifactor',
      ['Usar una aplicación de autenticación', 'Enviarme un código por SMS'],
    ],
    [
      'fr',
      'Configurez l’authentification multifacteur',
      ['Utiliser une application d’authentification', 'M’envoyer un code par SMS'],
    ],
  ] as const) {
    it(`${locale}: MFA enrollment in the page's language`, async () => {
      const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
      const el = await pickOrganization(organization, memberEmail(organization, `mfa-${locale}`), locale);
      await findText(el, '[part~="title"]', heading, 10_000);
      expect($$(el, 'button[data-method]').map((b) => b.textContent)).to.deep.equal([...options]);
    });
  }
});
