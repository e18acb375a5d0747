/// <reference types="mocha" />
// The passcode product on XState's SimulatedClock (no real waiting), started by the root statechart with a real client
// against the real service: phone validation with the library and its 2-second fallback (the library's load blocked
// through the phone module's loader seam), the 10-second formatting fallback, the countdown to 'Your code has
// expired.', the sixth digit submitting, the resend control's states, a wrong code, and success. OTP Authenticate is
// rendered from the simulated product actor to check what the visitor sees.
import { expect } from 'chai';
import { useSelector } from '@xstate/react';
import { Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { SimulatedClock, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { createAuthClient, type AuthClient } from '../../../client/index.ts';
import { OTP_SEND_LIMIT } from '../../../server/constants/passcodes.ts';
import type { AuthLoginConfig } from '../../config.ts';
import { TELEMETRY } from '../../events.ts';
import { PHONE_FORMAT_TIMEOUT_MS, PHONE_VALIDATE_TIMEOUT_MS, RESEND_CONFIRMATION_MS } from './constants.ts';
import { WidgetContext } from '../../context.ts';
import { createTranslator } from '../../i18n/index.ts';
import { PRODUCT_CHILD } from '../../machine/root.ts';
import { currentScreen } from '../../machine/screen.ts';
import type { RootEmitted } from '../../machine/types.ts';
import { setPhoneLibraryLoader, type PhoneLibrary } from '../../phone.ts';
import { resolveTheme } from '../../theme/theme.ts';
import type { ProductScreenProps } from '../types.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../../../../test/support/client.ts';
import { devInbox, latestOtpCode, testEnv, uniquePhoneNumber } from '../../../../test/support/env.ts';
import {
  observeTelemetry,
  productOf as rootProduct,
  screenOf,
  startRoot,
  type RootActor,
} from '../../../../test/support/machine.ts';
import { until } from '../../../../test/support/poll.ts';
import otpsChunk from './chunk.ts';
import type { OtpMachine } from './machine.ts';
import type { ResendMachine } from './resend.ts';
import { holdRequests } from './test-support.ts';

type OtpActor = ActorRefFrom<OtpMachine>;
type OtpSnapshot = SnapshotFrom<OtpMachine>;
const AREA = '646';
const SCREENS = otpsChunk.screens as Record<string, ComponentType<ProductScreenProps<OtpSnapshot>>>;

/** The running passcode product (the root's child `product`), if any. */
const productOf = (a: RootActor) => rootProduct(a) as OtpActor | undefined;
/** The passcode product's snapshot, if it runs. */
const otp = (a: RootActor): OtpSnapshot | undefined => productOf(a)?.getSnapshot();

/**
 * The product's first snapshot, taken as the root starts it (before any of its calls can answer), so the state a
 * product starts in can be asserted however fast the phone library is.
 */
function productStart(a: RootActor): Promise<OtpSnapshot> {
  return new Promise((resolve) => {
    const subscription = a.subscribe((snapshot) => {
      const child = snapshot.children[PRODUCT_CHILD] as OtpActor | undefined;
      if (!snapshot.matches('product') || !child) return;
      subscription.unsubscribe();
      resolve(child.getSnapshot());
    });
  });
}

/** Renders the product's current screen the way the element does (context, Suspense), so its text can be read. */
function Harness({ actor }: { actor: RootActor }) {
  const root = useSelector(actor, (s) => s);
  const product = root.children[PRODUCT_CHILD] as OtpActor | undefined;
  const state = useSelector(product, (s) => s);
  const name = currentScreen(root);
  const Screen = name ? SCREENS[name] : undefined;
  if (!product || !state || !Screen) return null;
  return (
    <WidgetContext.Provider
      value={{ t: createTranslator(), theme: resolveTheme(undefined), send: product.send as never }}
    >
      <Suspense fallback={null}>
        <Screen state={state} root={root} autoFocus={false} />
      </Suspense>
    </WidgetContext.Provider>
  );
}

const never = () => new Promise<PhoneLibrary>(() => undefined);

describe('passcode product of the root statechart (SimulatedClock)', () => {
  let client: AuthClient;
  let clock: SimulatedClock;
  let actor: RootActor | undefined;
  let rec: FetchRecorder;
  let emitted: RootEmitted[];
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

  function start(
    config: AuthLoginConfig = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } },
  ): RootActor {
    actor = startRoot(client, config, { clock });
    actor.on('*', (event) => emitted.push(event));
    return actor;
  }

  function render(a: RootActor): HTMLElement {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    root.render(<Harness actor={a} />);
    return host;
  }

  const text = (el: HTMLElement) => el.textContent ?? '';
  const sentTypes = () => emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));

  /** Types the number on Main and presses Continue; resolves with the product's first snapshot. */
  function submitPhone(a: RootActor, phone: string): Promise<OtpSnapshot> {
    const started = productStart(a);
    a.send({ type: 'PHONE_CHANGED', phone });
    a.send({ type: 'SUBMIT_PHONE' });
    return started;
  }

  /** Waits until the product's state satisfies `check`; resolves with that snapshot. */
  function untilOtp(a: RootActor, check: (s: OtpSnapshot) => boolean, what: string): Promise<OtpSnapshot> {
    return until(
      () => {
        const s = otp(a);
        return s && check(s) ? s : undefined;
      },
      what,
      10_000,
    );
  }

  /** Main → OTP Authenticate by SMS with the real library and service; returns the E.164 number. */
  async function toOtpAuthenticate(a: RootActor): Promise<string> {
    const national = uniquePhoneNumber(AREA).slice(2);
    await submitPhone(a, `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`);
    await untilOtp(a, (s) => s.matches('otpAuthenticate'), 'OTP Authenticate');
    return `+1${national}`;
  }

  describe('phone validation', () => {
    it(
      'with the library: an invalid number stays on Main with the E.164 message and sends ' +
        'nothing; a valid one is sent as E.164',
      async () => {
        const a = start();
        const first = await submitPhone(a, '415 555');
        expect(first.value).to.equal('validatingPhone');
        expect(screenOf(a)).to.equal('Main');
        const back = await waitFor(a, (s) => s.matches({ main: 'idle' }), { timeout: 5000 });
        expect(back.context.errorDescriptor).to.deep.equal({ messageKey: 'validation.phoneInvalid' });
        expect(createTranslator()('validation.phoneInvalid')).to.equal(
          'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
        );
        expect(rec.to('/otps/')).to.have.length(0);

        const number = await toOtpAuthenticate(a);
        const snapshot = otp(a)!;
        expect(snapshot.context.otpState.type).to.equal('sms');
        expect(snapshot.context.otpState.otpDestination).to.equal(number);
        expect(snapshot.context.otpState.methodId).to.match(/^phone-number-test-/);
        const [request] = rec.to('/sdk/v1/otps/sms/login_or_create');
        expect(JSON.parse(request!.body!)).to.deep.equal({ expiration_minutes: 5, phone_number: number });
        expect((await devInbox(number))[0]?.channel).to.equal('sms');
        expect(sentTypes()).to.deep.equal(['OTP_LOGIN_OR_CREATE']);
      },
    );

    it('uses the selected country and the WhatsApp tab', async () => {
      const a = start();
      a.send({ type: 'TAB_SELECTED', tab: 'whatsapp' });
      a.send({ type: 'COUNTRY_CHANGED', country: 'GB', callingCode: '44' });
      await submitPhone(a, '07911 123456');
      await until(
        () => otp(a)?.matches('otpAuthenticate') || a.getSnapshot().matches({ main: 'idle' }),
        'OTP Authenticate or Main',
        10_000,
      );
      expect(
        rec.to('/sdk/v1/otps/whatsapp/login_or_create').map((r) => JSON.parse(r.body!).phone_number),
      ).to.deep.equal(['+447911123456']);
    });

    it(
      `library blocked: waits ${PHONE_VALIDATE_TIMEOUT_MS} ms, then treats country prefix ` + `plus digits as valid`,
      async () => {
        setPhoneLibraryLoader(never);
        const a = start();
        const national = uniquePhoneNumber(AREA).slice(2);
        await submitPhone(a, national);
        expect(otp(a)!.value).to.equal('validatingPhone');
        clock.increment(PHONE_VALIDATE_TIMEOUT_MS - 1);
        expect(otp(a)!.value).to.equal('validatingPhone');
        expect(rec.to('/otps/')).to.have.length(0);
        clock.increment(1);
        expect(otp(a)!.value).to.equal('sendingOtp');
        expect(screenOf(a)).to.equal('Main');
        expect(otp(a)!.context.otpState.otpDestination).to.equal(`+1${national}`);
        await untilOtp(a, (s) => s.matches('otpAuthenticate'), 'OTP Authenticate');
      },
    );

    it(
      'library blocked: anything but digits is invalid after the timeout, and the service ' +
        'decides about the digits',
      async () => {
        setPhoneLibraryLoader(never);
        const a = start();
        await submitPhone(a, 'call me');
        clock.increment(PHONE_VALIDATE_TIMEOUT_MS);
        expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
        expect(a.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'validation.phoneInvalid' });

        // '12' is a country prefix plus digits, so the fallback lets it through; the service rejects it.
        await submitPhone(a, '12');
        clock.increment(PHONE_VALIDATE_TIMEOUT_MS);
        expect(otp(a)!.context.otpState.otpDestination).to.equal('+112');
        const back = await waitFor(a, (s) => s.matches({ main: 'idle' }), { timeout: 10_000 });
        expect(back.context.errorDescriptor?.errorType).to.equal('invalid_phone_number');
        expect(back.context.errorDescriptor?.messageKey).to.equal('errors.invalid_phone_number');
        expect(emitted.filter((e) => e.type === 'widget.error')).to.have.length(1);
      },
    );

    it('library failed to load: falls back at once, also for a number typed with +', async () => {
      setPhoneLibraryLoader(() => Promise.reject(new Error('chunk failed to load')));
      const a = start();
      await submitPhone(a, '+44 7911 123456');
      const past = await until(
        () => {
          const s = otp(a);
          return s && !s.matches('validatingPhone') ? s : undefined;
        },
        'the product past validatingPhone',
        2000,
      );
      expect(past.context.otpState.otpDestination).to.equal('+447911123456');
    });
  });

  describe('OTP Authenticate', () => {
    it(
      `shows the raw number until the library formats it, or for good after ` + `${PHONE_FORMAT_TIMEOUT_MS} ms`,
      async () => {
        // With the library: formatted.
        const a = start();
        const number = await toOtpAuthenticate(a);
        const formatted = await untilOtp(
          a,
          (s) => s.matches({ otpAuthenticate: { display: 'formatted' } }),
          'the formatted number',
        );
        expect(formatted.context.passcode.displayDestination).to.equal(
          `+1 ${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`,
        );
        const el = render(a);
        await until(
          () =>
            text(el).includes(
              `A 6-digit passcode was sent to you at ${formatted.context.passcode.displayDestination}.`,
            ),
          'the sent-to text',
        );
        a.stop();

        // Blocked: the number goes out by the validation fallback, and the display stays raw after the format timeout.
        setPhoneLibraryLoader(never);
        const b = start();
        const national = uniquePhoneNumber(AREA).slice(2);
        await submitPhone(b, national);
        clock.increment(PHONE_VALIDATE_TIMEOUT_MS);
        await untilOtp(b, (s) => s.matches('otpAuthenticate'), 'OTP Authenticate');
        expect(otp(b)!.context.passcode.displayDestination).to.equal(`+1${national}`);
        clock.increment(PHONE_FORMAT_TIMEOUT_MS - 1);
        expect(otp(b)!.matches({ otpAuthenticate: { display: 'formatting' } })).to.equal(true);
        clock.increment(1);
        expect(otp(b)!.matches({ otpAuthenticate: { display: 'raw' } })).to.equal(true);
        expect(otp(b)!.context.passcode.displayDestination).to.equal(`+1${national}`);
      },
    );

    it("counts down every second from expirationMinutes and shows 'Your code has expired.' at zero", async () => {
      const a = start({ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 2 } });
      await toOtpAuthenticate(a);
      const el = render(a);
      expect(otp(a)!.context.passcode.secondsLeft).to.equal(120);
      await until(() => text(el).includes('Your code expires in 2:00.'), 'the countdown at 2:00');
      clock.increment(999);
      expect(otp(a)!.context.passcode.secondsLeft).to.equal(120);
      clock.increment(1);
      expect(otp(a)!.context.passcode.secondsLeft).to.equal(119);
      await until(() => text(el).includes('Your code expires in 1:59.'), 'the countdown at 1:59');
      for (let i = 0; i < 118; i += 1) clock.increment(1000);
      expect(otp(a)!.context.passcode.secondsLeft).to.equal(1);
      expect(otp(a)!.matches({ otpAuthenticate: { countdown: 'ticking' } })).to.equal(true);
      await until(() => text(el).includes('Your code expires in 0:01.'), 'the countdown at 0:01');
      expect(text(el)).to.not.include('Your code has expired.');
      clock.increment(1000);
      expect(otp(a)!.matches({ otpAuthenticate: { countdown: 'expired' } })).to.equal(true);
      await until(() => text(el).includes('Your code has expired.'), "'Your code has expired.'");
      expect(text(el)).to.not.include('Your code expires in');
      for (let i = 0; i < 10; i += 1) clock.increment(1000);
      expect(otp(a)!.context.passcode.secondsLeft).to.equal(0);
    });

    it(
      'submits on the sixth digit (digits only, a pasted code works) and ends on OTP ' +
        'Confirmation, completing the flow once',
      async () => {
        const a = start();
        const number = await toOtpAuthenticate(a);
        const code = await latestOtpCode(number);
        // Every code state the product passes through: the call is made only in `submitting`, so never being there
        // (rather than waiting a while for a request) shows that nothing was submitted.
        const codeStates: unknown[] = [];
        const watch = productOf(a)!.subscribe(
          (s) =>
            s.matches('otpAuthenticate') &&
            codeStates.push((s.value as { otpAuthenticate: { code: string } }).otpAuthenticate.code),
        );
        productOf(a)!.send({ type: 'CODE_CHANGED', code: code.slice(0, 5) });
        expect(otp(a)!.matches({ otpAuthenticate: { code: 'entering' } })).to.equal(true);
        productOf(a)!.send({ type: 'CODE_CHANGED', code: `${code.slice(0, 5)}x` });
        expect(otp(a)!.context.passcode.code).to.equal(code.slice(0, 5), 'letters are dropped');
        expect(codeStates).to.not.include('submitting');
        expect(rec.to('/otps/authenticate')).to.have.length(0, 'nothing is submitted before the sixth digit');

        productOf(a)!.send({ type: 'CODE_CHANGED', code: `Code: ${code.slice(0, 3)} ${code.slice(3)} 99` });
        watch.unsubscribe();
        expect(otp(a)!.context.passcode.code).to.equal(code);
        expect(otp(a)!.matches({ otpAuthenticate: { code: 'submitting' } })).to.equal(true);
        const el = render(a);
        const done = await untilOtp(a, (s) => s.matches('otpConfirmation'), 'OTP Confirmation');
        expect(screenOf(a)).to.equal('OTPConfirmation');
        const [request] = rec.to('/sdk/v1/otps/authenticate');
        expect(JSON.parse(request!.body!)).to.deep.equal({
          token: code,
          method_id: done.context.otpState.methodId,
          session_duration_minutes: 30,
        });
        await until(() => text(el).includes('Your passcode has been successfully verified.'), 'the confirmation text');
        expect(sentTypes()).to.deep.equal(['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
        expect(client.session.getSync()).to.not.equal(null);
        // Time passing on the confirmation screen fires nothing more.
        clock.increment(60_000);
        expect(sentTypes().filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).to.have.length(1);
      },
    );

    it('OTP Confirmation stays until the session ends, then Main renders anew', async () => {
      const a = start();
      const number = await toOtpAuthenticate(a);
      productOf(a)!.send({ type: 'CODE_CHANGED', code: await latestOtpCode(number) });
      await untilOtp(a, (s) => s.matches('otpConfirmation'), 'OTP Confirmation');
      const renders = observeTelemetry(client);
      await client.session.revoke();
      const main = await waitFor(a, (s) => s.matches({ main: 'idle' }), { timeout: 10_000 });
      expect(currentScreen(main)).to.equal('Main');
      expect(main.context.errorDescriptor).to.equal(null);
      expect(productOf(a) === undefined).to.equal(true, 'the product stopped');
      expect(renders.map((event) => event.name)).to.deep.equal(
        [TELEMETRY.renderLoginScreen],
        'Main renders anew, as after the old otpConfirmation',
      );
      expect(sentTypes().filter((t) => t === 'AUTHENTICATE_FLOW_COMPLETE')).to.have.length(1);
    });

    it("a wrong code: 'Invalid passcode, please try again.', the field is cleared and enabled again", async () => {
      const a = start();
      const number = await toOtpAuthenticate(a);
      const el = render(a);
      const code = await latestOtpCode(number);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      productOf(a)!.send({ type: 'CODE_CHANGED', code: wrong });
      const back = await untilOtp(
        a,
        (s) => s.matches({ otpAuthenticate: { code: 'entering' } }),
        'the code entry again',
      );
      expect(back.context.errorDescriptor?.errorType).to.equal('otp_code_not_found');
      expect(back.context.passcode.code).to.equal('');
      await until(() => text(el).includes('Invalid passcode, please try again.'), 'the wrong-code message');
      const input = el.querySelector('input')!;
      expect(input.disabled).to.equal(false);
      expect(input.value).to.equal('');
      expect(
        emitted.filter((e) => e.type === 'widget.error').map((e) => e.type === 'widget.error' && e.detail.error_type),
      ).to.deep.equal(['otp_code_not_found']);
      // The right code still works afterwards.
      productOf(a)!.send({ type: 'CODE_CHANGED', code });
      await untilOtp(a, (s) => s.matches('otpConfirmation'), 'OTP Confirmation');
    });

    it(
      `resend: initial → sending (disabled) → sent ('Code sent', ` +
        `${RESEND_CONFIRMATION_MS} ms) → waiting; a failure returns to initial`,
      async () => {
        const a = start({ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 3 } });
        const number = await toOtpAuthenticate(a);
        const el = render(a);
        const resend = () => otp(a)!.children.resend as ActorRefFrom<ResendMachine>;
        const resendState = () => resend().getSnapshot().value as string;
        const button = () => [...el.querySelectorAll('button')].find((b) => b.textContent === 'Resend code');
        expect(resendState()).to.equal('initial');
        await until(() => button() && !button()!.disabled, 'an enabled Resend code button');

        for (let i = 0; i < 30; i += 1) clock.increment(1000);
        expect(otp(a)!.context.passcode.secondsLeft).to.equal(150);
        const firstMethod = otp(a)!.context.otpState.methodId;
        const held = holdRequests('/otps/sms/login_or_create');
        button()!.click();
        expect(resendState()).to.equal('sending');
        await until(() => button()?.disabled === true, 'the disabled button while sending');
        expect(button()!.getAttribute('aria-busy')).to.equal('true');
        held.release();
        held.restore();

        await waitFor(resend(), (s) => s.matches('sent'), { timeout: 10_000 });
        await until(
          () => [...el.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'Code sent'),
          "'Code sent'",
        );
        expect(button() === undefined).to.equal(true, "'Code sent' replaces the button");
        expect(otp(a)!.context.passcode.secondsLeft).to.equal(180, 'the countdown restarts for the new code');
        expect(otp(a)!.context.otpState.methodId).to.equal(firstMethod);
        expect((await devInbox(number)).length).to.equal(2);
        expect(sentTypes()).to.deep.equal(['OTP_LOGIN_OR_CREATE', 'OTP_LOGIN_OR_CREATE']);

        clock.increment(RESEND_CONFIRMATION_MS - 1);
        expect(resendState()).to.equal('sent');
        clock.increment(1);
        expect(resendState()).to.equal('waiting');
        await until(() => button() && !button()!.disabled, 'the button back after 2 s');

        // The newest code is the one that works... after the send limit is used up, a resend fails and returns to
        // initial.
        for (let sent = 2; sent < OTP_SEND_LIMIT; sent += 1) {
          productOf(a)!.send({ type: 'RESEND' });
          await waitFor(resend(), (s) => s.matches('sent'), { timeout: 10_000 });
          clock.increment(RESEND_CONFIRMATION_MS);
          expect(resendState()).to.equal('waiting');
        }
        productOf(a)!.send({ type: 'RESEND' });
        expect(resendState()).to.equal('sending');
        await waitFor(resend(), (s) => s.matches('initial'), { timeout: 10_000 });
        expect(otp(a)!.context.errorDescriptor?.errorType).to.equal('too_many_requests');
        await until(() => button() && !button()!.disabled, 'the button back in initial');
        expect(emitted.filter((e) => e.type === 'widget.error')).to.have.length(1);

        // And the newest code signs in.
        productOf(a)!.send({ type: 'CODE_CHANGED', code: await latestOtpCode(number) });
        await untilOtp(a, (s) => s.matches('otpConfirmation'), 'OTP Confirmation');
      },
    );

    it('the back arrow returns to Main with the number still typed', async () => {
      const a = start();
      await toOtpAuthenticate(a);
      const typed = a.getSnapshot().context.formState.phone;
      const resend = otp(a)!.children.resend!;
      productOf(a)!.send({ type: 'BACK' });
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
      expect(a.getSnapshot().context.formState.phone).to.equal(typed);
      expect(productOf(a) === undefined).to.equal(true, 'the product stopped');
      expect(resend.getSnapshot().status).to.equal('stopped', 'the resend control stopped');
    });
  });
});
