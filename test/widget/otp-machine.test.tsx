/// <reference types="mocha" />
// The passcode flow of the login statechart on XState's SimulatedClock (no real waiting), with a real client against
// the real service: phone validation with the library and its 2-second fallback (the library's load blocked through
// the phone module's loader seam), the 10-second formatting fallback, the countdown to 'Your code has expired.', the
// sixth digit submitting, the resend control's states, a wrong code, and success. OTP Authenticate is rendered from
// the simulated actor to check what the visitor sees.
import { expect } from 'chai';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createActor, SimulatedClock, waitFor, type Actor, type ActorRefFrom } from 'xstate';
import { createAuthClient, type AuthClient } from '../../src/client/index.ts';
import { OTP_SEND_LIMIT } from '../../src/server/constants.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { PHONE_FORMAT_TIMEOUT_MS, PHONE_VALIDATE_TIMEOUT_MS, RESEND_CONFIRMATION_MS } from '../../src/widget/constants.ts';
import { WidgetContext } from '../../src/widget/context.ts';
import { createTranslator } from '../../src/widget/i18n/index.ts';
import { loginMachine } from '../../src/widget/machine/login.ts';
import type { ResendMachine } from '../../src/widget/machine/resend.ts';
import type { LoginEmitted } from '../../src/widget/machine/types.ts';
import { setPhoneLibraryLoader, type PhoneLibrary } from '../../src/widget/phone.ts';
import { SCREENS } from '../../src/widget/screens/index.ts';
import { resolveTheme } from '../../src/widget/theme/theme.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../support/client.ts';
import { devInbox, latestOtpCode, testEnv, uniquePhoneNumber } from '../support/env.ts';
import { until } from '../support/widget.ts';

type LoginActor = Actor<typeof loginMachine>;
const AREA = '646';

/** Renders the actor's current screen the way the element does (context, Suspense), so its text can be read. */
function Harness({ actor }: { actor: LoginActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const Screen = SCREENS[snapshot.context.screen];
  return (
    <WidgetContext.Provider value={{ t: createTranslator(), theme: resolveTheme(undefined), send: actor.send }}>
      <Suspense fallback={null}>
        <Screen snapshot={snapshot} autoFocus={false} />
      </Suspense>
    </WidgetContext.Provider>
  );
}

const never = () => new Promise<PhoneLibrary>(() => undefined);

/**
 * Holds the page's requests to paths ending in `suffix` until `release()` (they then go to the real service), so a
 * state that lasts as long as a request can be looked at.
 */
function holdRequests(suffix: string): { release(): void; restore(): void } {
  const original = window.fetch;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(new Request(input, init).url).pathname.endsWith(suffix)) await gate;
    return original.call(window, input, init);
  };
  return { release: () => open(), restore: () => void (window.fetch = original) };
}

describe('passcode flow of the login statechart (SimulatedClock)', () => {
  let client: AuthClient;
  let clock: SimulatedClock;
  let actor: LoginActor | undefined;
  let rec: FetchRecorder;
  let emitted: LoginEmitted[];
  let host: HTMLElement | undefined;
  let root: Root | undefined;

  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    clock = new SimulatedClock();
    emitted = [];
  });
  afterEach(() => {
    root?.unmount();
    host?.remove();
    root = undefined;
    host = undefined;
    actor?.stop();
    actor = undefined;
    client.destroy();
    rec.restore();
    setPhoneLibraryLoader();
  });

  function start(config: AuthLoginConfig = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } }): LoginActor {
    actor = createActor(loginMachine, { clock, input: { client, config: resolveConfig(config, testEnv.pageOrigin), url: `${testEnv.pageOrigin}/` } });
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return actor;
  }

  function render(a: LoginActor): HTMLElement {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<Harness actor={a} />);
    return host;
  }

  const text = (el: HTMLElement) => el.textContent ?? '';
  const sentTypes = () => emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));

  async function submitPhone(a: LoginActor, phone: string): Promise<void> {
    a.send({ type: 'PHONE_CHANGED', phone });
    a.send({ type: 'SUBMIT_PHONE' });
  }

  /** Main → OTP Authenticate by SMS with the real library and service; returns the E.164 number. */
  async function toOtpAuthenticate(a: LoginActor): Promise<string> {
    const national = uniquePhoneNumber(AREA).slice(2);
    await submitPhone(a, `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`);
    await waitFor(a, (s) => s.matches('otpAuthenticate'), { timeout: 10_000 });
    return `+1${national}`;
  }

  describe('phone validation', () => {
    it('with the library: an invalid number stays on Main with the E.164 message and sends nothing; a valid one is sent as E.164', async () => {
      const a = start();
      await submitPhone(a, '415 555');
      expect(a.getSnapshot().value).to.deep.equal({ main: 'validatingPhone' });
      const back = await waitFor(a, (s) => s.matches({ main: 'idle' }), { timeout: 5000 });
      expect(back.context.errorDescriptor).to.deep.equal({ messageKey: 'validation.phoneInvalid' });
      expect(createTranslator()('validation.phoneInvalid')).to.equal(
        'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
      );
      expect(rec.to('/otps/')).to.have.length(0);

      const number = await toOtpAuthenticate(a);
      const snapshot = a.getSnapshot();
      expect(snapshot.context.otpState.type).to.equal('sms');
      expect(snapshot.context.otpState.otpDestination).to.equal(number);
      expect(snapshot.context.otpState.methodId).to.match(/^phone-number-test-/);
      const [request] = rec.to('/sdk/v1/otps/sms/login_or_create');
      expect(JSON.parse(request!.body!)).to.deep.equal({ expiration_minutes: 5, phone_number: number });
      expect((await devInbox(number))[0]?.channel).to.equal('sms');
      expect(sentTypes()).to.deep.equal(['OTP_LOGIN_OR_CREATE']);
    });

    it('uses the selected country and the WhatsApp tab', async () => {
      const a = start();
      a.send({ type: 'TAB_SELECTED', tab: 'whatsapp' });
      a.send({ type: 'COUNTRY_CHANGED', country: 'GB', callingCode: '44' });
      await submitPhone(a, '07911 123456');
      await waitFor(a, (s) => s.matches('otpAuthenticate') || s.matches({ main: 'idle' }), { timeout: 10_000 });
      expect(rec.to('/sdk/v1/otps/whatsapp/login_or_create').map((r) => JSON.parse(r.body!).phone_number)).to.deep.equal(['+447911123456']);
    });

    it(`library blocked: waits ${PHONE_VALIDATE_TIMEOUT_MS} ms, then treats country prefix plus digits as valid`, async () => {
      setPhoneLibraryLoader(never);
      const a = start();
      const national = uniquePhoneNumber(AREA).slice(2);
      await submitPhone(a, national);
      expect(a.getSnapshot().value).to.deep.equal({ main: 'validatingPhone' });
      clock.increment(PHONE_VALIDATE_TIMEOUT_MS - 1);
      expect(a.getSnapshot().value).to.deep.equal({ main: 'validatingPhone' });
      expect(rec.to('/otps/')).to.have.length(0);
      clock.increment(1);
      expect(a.getSnapshot().value).to.deep.equal({ main: 'sendingOtp' });
      expect(a.getSnapshot().context.otpState.otpDestination).to.equal(`+1${national}`);
      await waitFor(a, (s) => s.matches('otpAuthenticate'), { timeout: 10_000 });
    });

    it('library blocked: anything but digits is invalid after the timeout, and the service decides about the digits', async () => {
      setPhoneLibraryLoader(never);
      const a = start();
      await submitPhone(a, 'call me');
      clock.increment(PHONE_VALIDATE_TIMEOUT_MS);
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
      expect(a.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'validation.phoneInvalid' });

      // '12' is a country prefix plus digits, so the fallback lets it through; the service rejects it.
      await submitPhone(a, '12');
      clock.increment(PHONE_VALIDATE_TIMEOUT_MS);
      expect(a.getSnapshot().context.otpState.otpDestination).to.equal('+112');
      const back = await waitFor(a, (s) => s.matches({ main: 'idle' }), { timeout: 10_000 });
      expect(back.context.errorDescriptor?.errorType).to.equal('invalid_phone_number');
      expect(back.context.errorDescriptor?.messageKey).to.equal('errors.invalid_phone_number');
      expect(emitted.filter((e) => e.type === 'widget.error')).to.have.length(1);
    });

    it('library failed to load: falls back at once, also for a number typed with +', async () => {
      setPhoneLibraryLoader(() => Promise.reject(new Error('chunk failed to load')));
      const a = start();
      await submitPhone(a, '+44 7911 123456');
      await waitFor(a, (s) => !s.matches({ main: 'validatingPhone' }), { timeout: 2000 });
      expect(a.getSnapshot().context.otpState.otpDestination).to.equal('+447911123456');
    });
  });

  describe('OTP Authenticate', () => {
    it(`shows the raw number until the library formats it, or for good after ${PHONE_FORMAT_TIMEOUT_MS} ms`, async () => {
      // With the library: formatted.
      const a = start();
      const number = await toOtpAuthenticate(a);
      const formatted = await waitFor(a, (s) => s.matches({ otpAuthenticate: { display: 'formatted' } }), { timeout: 5000 });
      expect(formatted.context.passcode.displayDestination).to.equal(`+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`);
      const el = render(a);
      await until(() => text(el).includes(`A 6-digit passcode was sent to you at ${formatted.context.passcode.displayDestination}.`), 'the sent-to text');
      a.stop();

      // Blocked: the number goes out by the validation fallback, and the display stays raw after the format timeout.
      setPhoneLibraryLoader(never);
      const b = start();
      const national = uniquePhoneNumber(AREA).slice(2);
      await submitPhone(b, national);
      clock.increment(PHONE_VALIDATE_TIMEOUT_MS);
      await waitFor(b, (s) => s.matches('otpAuthenticate'), { timeout: 10_000 });
      expect(b.getSnapshot().context.passcode.displayDestination).to.equal(`+1${national}`);
      clock.increment(PHONE_FORMAT_TIMEOUT_MS - 1);
      expect(b.getSnapshot().matches({ otpAuthenticate: { display: 'formatting' } })).to.equal(true);
      clock.increment(1);
      expect(b.getSnapshot().matches({ otpAuthenticate: { display: 'raw' } })).to.equal(true);
      expect(b.getSnapshot().context.passcode.displayDestination).to.equal(`+1${national}`);
    });

    it("counts down every second from expirationMinutes and shows 'Your code has expired.' at zero", async () => {
      const a = start({ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 2 } });
      await toOtpAuthenticate(a);
      const el = render(a);
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(120);
      await until(() => text(el).includes('Your code expires in 2:00.'), 'the countdown at 2:00');
      clock.increment(999);
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(120);
      clock.increment(1);
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(119);
      await until(() => text(el).includes('Your code expires in 1:59.'), 'the countdown at 1:59');
      for (let i = 0; i < 118; i += 1) clock.increment(1000);
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(1);
      expect(a.getSnapshot().matches({ otpAuthenticate: { countdown: 'ticking' } })).to.equal(true);
      await until(() => text(el).includes('Your code expires in 0:01.'), 'the countdown at 0:01');
      expect(text(el)).to.not.include('Your code has expired.');
      clock.increment(1000);
      expect(a.getSnapshot().matches({ otpAuthenticate: { countdown: 'expired' } })).to.equal(true);
      await until(() => text(el).includes('Your code has expired.'), "'Your code has expired.'");
      expect(text(el)).to.not.include('Your code expires in');
      for (let i = 0; i < 10; i += 1) clock.increment(1000);
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(0);
    });

    it('submits on the sixth digit (digits only, a pasted code works) and ends on OTP Confirmation, completing the flow once', async () => {
      const a = start();
      const number = await toOtpAuthenticate(a);
      const code = await latestOtpCode(number);
      a.send({ type: 'CODE_CHANGED', code: code.slice(0, 5) });
      expect(a.getSnapshot().matches({ otpAuthenticate: { code: 'entering' } })).to.equal(true);
      a.send({ type: 'CODE_CHANGED', code: `${code.slice(0, 5)}x` });
      expect(a.getSnapshot().context.passcode.code).to.equal(code.slice(0, 5), 'letters are dropped');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rec.to('/otps/authenticate')).to.have.length(0, 'nothing is submitted before the sixth digit');

      a.send({ type: 'CODE_CHANGED', code: `Code: ${code.slice(0, 3)} ${code.slice(3)} 99` });
      expect(a.getSnapshot().context.passcode.code).to.equal(code);
      expect(a.getSnapshot().matches({ otpAuthenticate: { code: 'submitting' } })).to.equal(true);
      const el = render(a);
      const done = await waitFor(a, (s) => s.matches('otpConfirmation'), { timeout: 10_000 });
      expect(done.context.screen).to.equal('OTPConfirmation');
      const [request] = rec.to('/sdk/v1/otps/authenticate');
      expect(JSON.parse(request!.body!)).to.deep.equal({ token: code, method_id: done.context.otpState.methodId, session_duration_minutes: 30 });
      await until(() => text(el).includes('Your passcode has been successfully verified.'), 'the confirmation text');
      expect(sentTypes()).to.deep.equal(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
      expect(client.session.getSync()).to.not.equal(null);
      // Time passing on the confirmation screen fires nothing more.
      clock.increment(60_000);
      expect(sentTypes().filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).to.have.length(1);
    });

    it("a wrong code: 'Invalid passcode, please try again.', the field is cleared and enabled again", async () => {
      const a = start();
      const number = await toOtpAuthenticate(a);
      const el = render(a);
      const code = await latestOtpCode(number);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      a.send({ type: 'CODE_CHANGED', code: wrong });
      const back = await waitFor(a, (s) => s.matches({ otpAuthenticate: { code: 'entering' } }), { timeout: 10_000 });
      expect(back.context.errorDescriptor?.errorType).to.equal('otp_code_not_found');
      expect(back.context.passcode.code).to.equal('');
      await until(() => text(el).includes('Invalid passcode, please try again.'), 'the wrong-code message');
      const input = el.querySelector('input')!;
      expect(input.disabled).to.equal(false);
      expect(input.value).to.equal('');
      expect(emitted.filter((e) => e.type === 'widget.error').map((e) => e.type === 'widget.error' && e.detail.error_type)).to.deep.equal([
        'otp_code_not_found',
      ]);
      // The right code still works afterwards.
      a.send({ type: 'CODE_CHANGED', code });
      await waitFor(a, (s) => s.matches('otpConfirmation'), { timeout: 10_000 });
    });

    it(`resend: initial → sending (disabled) → sent ('Code sent', ${RESEND_CONFIRMATION_MS} ms) → waiting; a failure returns to initial`, async () => {
      const a = start({ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 3 } });
      const number = await toOtpAuthenticate(a);
      const el = render(a);
      const resend = () => a.getSnapshot().children.resend as ActorRefFrom<ResendMachine>;
      const resendState = () => resend().getSnapshot().value as string;
      const button = () => [...el.querySelectorAll('button')].find((b) => b.textContent === 'Resend code');
      expect(resendState()).to.equal('initial');
      await until(() => button() && !button()!.disabled, 'an enabled Resend code button');

      for (let i = 0; i < 30; i += 1) clock.increment(1000);
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(150);
      const firstMethod = a.getSnapshot().context.otpState.methodId;
      const held = holdRequests('/otps/sms/login_or_create');
      button()!.click();
      expect(resendState()).to.equal('sending');
      await until(() => button()?.disabled === true, 'the disabled button while sending');
      expect(button()!.getAttribute('aria-busy')).to.equal('true');
      held.release();
      held.restore();

      await waitFor(resend(), (s) => s.matches('sent'), { timeout: 10_000 });
      await until(() => [...el.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'Code sent'), "'Code sent'");
      expect(button() === undefined).to.equal(true, "'Code sent' replaces the button");
      expect(a.getSnapshot().context.passcode.secondsLeft).to.equal(180, 'the countdown restarts for the new code');
      expect(a.getSnapshot().context.otpState.methodId).to.equal(firstMethod);
      expect((await devInbox(number)).length).to.equal(2);
      expect(sentTypes()).to.deep.equal(['OTP_LOGIN_OR_CREATE', 'OTP_LOGIN_OR_CREATE']);

      clock.increment(RESEND_CONFIRMATION_MS - 1);
      expect(resendState()).to.equal('sent');
      clock.increment(1);
      expect(resendState()).to.equal('waiting');
      await until(() => button() && !button()!.disabled, 'the button back after 2 s');

      // The newest code is the one that works... after the send limit is used up, a resend fails and returns to initial.
      for (let sent = 2; sent < OTP_SEND_LIMIT; sent += 1) {
        a.send({ type: 'RESEND' });
        await waitFor(resend(), (s) => s.matches('sent'), { timeout: 10_000 });
        clock.increment(RESEND_CONFIRMATION_MS);
        expect(resendState()).to.equal('waiting');
      }
      a.send({ type: 'RESEND' });
      expect(resendState()).to.equal('sending');
      await waitFor(resend(), (s) => s.matches('initial'), { timeout: 10_000 });
      expect(a.getSnapshot().context.errorDescriptor?.errorType).to.equal('too_many_requests');
      await until(() => button() && !button()!.disabled, 'the button back in initial');
      expect(emitted.filter((e) => e.type === 'widget.error')).to.have.length(1);

      // And the newest code signs in.
      a.send({ type: 'CODE_CHANGED', code: await latestOtpCode(number) });
      await waitFor(a, (s) => s.matches('otpConfirmation'), { timeout: 10_000 });
    });

    it('the back arrow returns to Main with the number still typed', async () => {
      const a = start();
      await toOtpAuthenticate(a);
      const typed = a.getSnapshot().context.formState.phone;
      a.send({ type: 'BACK' });
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
      expect(a.getSnapshot().context.formState.phone).to.equal(typed);
      expect(a.getSnapshot().children.resend === undefined).to.equal(true, 'the resend control stopped');
    });
  });
});
