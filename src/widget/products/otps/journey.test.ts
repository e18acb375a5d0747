/// <reference types="mocha" />
// Passcode journeys through <auth-login> against the real identity service: the phone input (country selector, the
// library's validation, the fallback when the library cannot load), OTP Authenticate (the passcode input, the sixth
// digit submitting, 'Verifying passcode...' with its progress bar, a wrong code), OTP Confirmation and its event.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import {
  EVENT_TYPES,
  WIDGET_ERROR_EVENT,
  WIDGET_EVENT,
  type WidgetErrorDetail,
  type WidgetEventDetail,
} from '../../index.ts';
import { LOADING_BAR_MS } from './constants.ts';
import { setPhoneLibraryLoader } from '../../phone.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../../../../test/support/client.ts';
import { devInbox, latestOtpCode, uniqueEmail, uniquePhoneNumber } from '../../../../test/support/env.ts';
import { $, $$, byText, findText, mount, title, typeInto, unmountAll } from '../../../../test/support/widget.ts';
import { until } from '../../../../test/support/poll.ts';
import { holdRequests } from './test-support.ts';

const AREA = '303';
const E164_MESSAGE = 'Phone number format is invalid. Ensure the phone number is in the E.164 format.';
const SMS = { products: ['otp' as const], otpOptions: { methods: ['sms' as const] } };

const passcodeInput = (el: HTMLElement) => $(el, 'input[part~="passcode-input"]') as HTMLInputElement | null;

describe('<auth-login> passcode journeys', () => {
  let rec: FetchRecorder;
  let events: WidgetEventDetail[];
  let errors: WidgetErrorDetail[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const onError = (e: Event) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail);
  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    events = [];
    errors = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    document.addEventListener(WIDGET_ERROR_EVENT, onError);
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    document.removeEventListener(WIDGET_ERROR_EVENT, onError);
    rec.restore();
    unmountAll();
    setPhoneLibraryLoader();
  });

  /** Types a national number into the phone field with the keyboard and presses Enter. */
  async function enterPhone(el: HTMLElement, national: string): Promise<void> {
    const input = (await until(() => $(el, 'input[type="tel"]'), 'the phone input')) as HTMLInputElement;
    input.focus();
    await sendKeys({ type: national });
    await sendKeys({ press: 'Enter' });
  }

  it(
    'phone input: country selector defaulting to United States (+1), every country with its ' +
      'dial code, a tel field',
    async () => {
      const el = mount({ config: SMS });
      const select = (await until(() => $(el, 'select[part~="select"]'), 'the country selector')) as HTMLSelectElement;
      expect(select.value).to.equal('US');
      await until(() => select.options.length > 200, 'the country list from the phone library');
      expect(select.selectedOptions[0]?.textContent).to.equal('United States (+1)');
      const labels = [...select.options].map((o) => o.textContent);
      expect(labels).to.include('United Kingdom (+44)');
      expect(labels).to.include('Germany (+49)');
      expect(labels).to.include('Canada (+1)');
      expect(labels.indexOf('Canada (+1)')).to.be.lessThan(labels.indexOf('Germany (+49)'), 'sorted by name');
      expect($(el, `label[for="${select.id}"]`)?.textContent).to.equal('Country');
      const input = $(el, 'input[type="tel"]') as HTMLInputElement;
      expect(input.autocomplete).to.equal('tel');
      expect($(el, `label[for="${input.id}"]`)?.textContent).to.equal('Phone number');
    },
  );

  it('validates with the phone library: a number too short gets the E.164 message and nothing is sent', async () => {
    const el = mount({ config: SMS });
    await until(() => (($(el, 'select') as HTMLSelectElement | null)?.options.length ?? 0) > 1, 'the library');
    await enterPhone(el, '303 555');
    const error = await findText(el, '[part~="error"]', E164_MESSAGE);
    const input = $(el, 'input[type="tel"]')!;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal(error.id);
    expect(rec.to('/otps/')).to.have.length(0);
    expect(title(el)).to.equal('Sign up or log in');
  });

  it(
    'SMS sign-in: the code from the dev inbox, the sixth digit submits, Verifying passcode... ' +
      'with a 10 s bar, then success once',
    async () => {
      const el = mount({ config: SMS });
      const number = uniquePhoneNumber(AREA);
      await enterPhone(el, number.slice(2));

      await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
      const [send] = rec.to('/sdk/v1/otps/sms/login_or_create');
      expect(JSON.parse(send!.body!)).to.deep.equal({ expiration_minutes: 5, phone_number: number });
      const [message] = await devInbox(number);
      expect(message?.channel).to.equal('sms');
      await until(
        () =>
          $$(el, '[part~="text"]').some(
            (p) =>
              p.textContent ===
              `A 6-digit passcode was sent to you at +1 ${number.slice(2, 5)} ` +
                `${number.slice(5, 8)} ${number.slice(8)}.`,
          ),
        'the sent-to text with the formatted number',
      );

      const input = (await until(passcodeInput.bind(null, el), 'the passcode input')) as HTMLInputElement;
      expect(input.autocomplete).to.equal('one-time-code');
      expect(input.inputMode).to.equal('numeric');
      expect($(el, `label[for="${input.id}"]`)?.textContent).to.equal('Passcode');
      await until(() => el.shadowRoot!.activeElement === input, 'focus in the passcode input');
      expect(
        Boolean(
          byText(el, '[part~="text"]', 'Your code expires in 5:00.') ??
            byText(el, '[part~="text"]', 'Your code expires in 4:59.'),
        ),
      ).to.equal(true);

      const code = await latestOtpCode(number);
      await sendKeys({ type: `${code.slice(0, 2)}a-${code.slice(2, 5)}` });
      expect(input.value).to.equal(code.slice(0, 5), 'digits only');
      // No waiting here: a five-digit submission would be a request with a five-digit token, and the list of tokens
      // sent is checked to be exactly the full code once the sixth digit has submitted (below).
      expect(rec.to('/otps/authenticate')).to.have.length(0, 'five digits do not submit');

      const held = holdRequests('/otps/authenticate');
      try {
        await sendKeys({ type: code.slice(5) });
        const verifying = await findText(el, '[role="status"]', 'Verifying passcode...');
        expect(verifying.getAttribute('part')).to.equal('text');
        expect(input.disabled).to.equal(true);
        const bar = $(el, '[part~="progress-bar"] > div')!;
        expect(getComputedStyle(bar).animationDuration).to.equal(`${LOADING_BAR_MS / 1000}s`);
      } finally {
        held.release();
        held.restore();
      }

      await findText(el, '[part~="text"]', 'Your passcode has been successfully verified.', 10_000);
      // The title is the outcome table's, which this screen loads itself: no other screen of the page has loaded it.
      expect(title(el)).to.equal('Success!');
      expect(rec.to('/sdk/v1/otps/authenticate').map((r) => JSON.parse(r.body!).token)).to.deep.equal(
        [code],
        'five digits did not submit',
      );
      await until(() => events.length >= 3, 'the three events');
      expect(events.map((e) => e.type)).to.deep.equal([
        EVENT_TYPES.OTP_LOGIN_OR_CREATE,
        EVENT_TYPES.OTP_AUTHENTICATE,
        EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
      ]);
      expect((events[0]!.data as { method_id: string }).method_id).to.match(/^phone-number-test-/);
      expect(el.client!.session.getSync()?.authentication_factors[0]?.delivery_method).to.equal('sms');
      expect(errors).to.deep.equal([]);
    },
  );

  it(
    "a wrong code shows 'Invalid passcode, please try again.' and reports otp_code_not_found; " +
      'pasting the whole right code then works',
    async () => {
      const el = mount({ config: SMS });
      const number = uniquePhoneNumber(AREA);
      await enterPhone(el, number.slice(2));
      const input = (await until(passcodeInput.bind(null, el), 'the passcode input', 10_000)) as HTMLInputElement;
      const code = await latestOtpCode(number);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      typeInto(input, wrong);
      const error = await findText(el, '[part~="error"]', 'Invalid passcode, please try again.', 10_000);
      expect(input.getAttribute('aria-describedby')).to.equal(error.id);
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      await until(() => !input.disabled && input.value === '', 'the field enabled and empty again');
      expect(errors.map((e) => e.error_type)).to.deep.equal(['otp_code_not_found']);

      // A pasted code with a space: the input event carries the whole text at once.
      typeInto(input, `${code.slice(0, 3)} ${code.slice(3)}`);
      await findText(el, '[part~="text"]', 'Your passcode has been successfully verified.', 10_000);
    },
  );

  it(
    "the phone library failed to load: one country, the number still goes out ('+1' and the " +
      'digits), shown unformatted',
    async () => {
      setPhoneLibraryLoader(() => Promise.reject(new Error('blocked')));
      const el = mount({ config: SMS });
      const select = (await until(() => $(el, 'select'), 'the country selector')) as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).to.deep.equal(['United States (+1)']);
      const number = uniquePhoneNumber(AREA);
      await enterPhone(el, number.slice(2));
      await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
      expect(rec.to('/sdk/v1/otps/sms/login_or_create').map((r) => JSON.parse(r.body!).phone_number)).to.deep.equal([
        number,
      ]);
      await until(
        () =>
          $$(el, '[part~="text"]').some((p) => p.textContent === `A 6-digit passcode was sent to you at ${number}.`),
        'the raw number',
      );
    },
  );

  it('WhatsApp tab: the code goes by WhatsApp; the back arrow returns to Main', async () => {
    const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp'] } } });
    (await until(() => byText(el, '[role="tab"]', 'WhatsApp'), 'the WhatsApp tab')).click();
    const number = uniquePhoneNumber(AREA);
    await enterPhone(el, number.slice(2));
    await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
    expect(rec.to('/sdk/v1/otps/whatsapp/login_or_create')).to.have.length(1);
    expect((await devInbox(number))[0]?.channel).to.equal('whatsapp');
    ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
    await findText(el, '[part~="title"]', 'Sign up or log in');
    expect(byText(el, '[role="tab"]', 'WhatsApp')?.getAttribute('aria-selected')).to.equal('true');
  });

  it(
    "email passcodes: 'Invalid email address.' for a bad one; a good one gets a code by email " + 'that signs in',
    async () => {
      const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 10 } } });
      const input = (await until(() => $(el, 'input[type="email"]'), 'the email input')) as HTMLInputElement;
      input.focus();
      await sendKeys({ type: 'student@school' });
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="error"]', 'Invalid email address.');
      expect(rec.to('/otps/')).to.have.length(0);

      const email = uniqueEmail();
      typeInto(input, email);
      byText(el, 'button', 'Continue')!.click();
      await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
      await until(() => byText(el, '[part~="text"]', `A 6-digit passcode was sent to you at ${email}.`), 'the address');
      expect(JSON.parse(rec.to('/sdk/v1/otps/email/login_or_create')[0]!.body!)).to.deep.equal({
        expiration_minutes: 10,
        email,
      });
      expect(
        Boolean(
          byText(el, '[part~="text"]', 'Your code expires in 10:00.') ??
            byText(el, '[part~="text"]', 'Your code expires in 9:59.'),
        ),
      ).to.equal(true);
      typeInto(passcodeInput(el)!, await latestOtpCode(email));
      await findText(el, '[part~="text"]', 'Your passcode has been successfully verified.', 10_000);
      expect(el.client!.user.getSync()?.emails[0]?.email).to.equal(email);
    },
  );

  it("'Resend code' sends a new code and shows 'Code sent'", async () => {
    const el = mount({ config: SMS });
    const number = uniquePhoneNumber(AREA);
    await enterPhone(el, number.slice(2));
    const resend = await findText(el, 'button', 'Resend code', 10_000);
    resend.click();
    await findText(el, '[role="status"]', 'Code sent', 10_000);
    expect((await devInbox(number)).length).to.equal(2, 'a second message');
    expect(events.map((e) => e.type)).to.deep.equal([EVENT_TYPES.OTP_LOGIN_OR_CREATE, EVENT_TYPES.OTP_LOGIN_OR_CREATE]);
  });
});
