/// <reference types="mocha" />
// The password product's statechart without React, run by the root as it is in the widget (a real client against the
// real identity service), with XState's SimulatedClock for the product's timers (the strength debounce, the 'Email
// resent' toast): the screen each state names, what the product reports and in which order, and where it ends.
import { expect } from 'chai';
import { SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import { resolveConfig, type AuthLoginConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import { SUCCESS_TOAST_MS } from '../../ui/constants.ts';
import { PASSWORD_STRENGTH_DEBOUNCE_MS } from './constants.ts';
import { screenMetaOf } from '../../machine/screen.ts';
import type { RootEmitted } from '../../machine/types.ts';
import { passwordResetWireOptions } from './config.ts';
import type { PasswordEvent } from './machine.ts';
import { enPasswords, zxcvbnKey } from './strings.ts';
import {
  makeClient,
  destroyClients,
  recordFetch,
  resetBrowserState,
  signIn,
  unreachableClient,
  type FetchRecorder,
} from '../../../../test/support/client.ts';
import { until } from '../../../../test/support/poll.ts';
import { devInbox, latestMagicLinkToken, setPasswordHash, testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import {
  observeTelemetry,
  productOf,
  screenOf,
  startRoot,
  type LoggedEvent,
  type RootActor,
} from '../../../../test/support/machine.ts';

const STRONG = 'correct horse battery staple';
const NEW = 'purple-elephant-on-a-bicycle';
const PASSWORDS: AuthLoginConfig = { products: ['passwords'] };
/** How long a call to the service may take in the suite; the product's own timers run on the simulated clock. */
const ANSWER_MS = 8000;

describe('password product statechart (SimulatedClock)', () => {
  let client: AuthClient;
  let rec: FetchRecorder;
  let clock: SimulatedClock;
  let root: RootActor | undefined;
  let emitted: RootEmitted[];
  let logged: LoggedEvent[];
  const pageUrl = location.href;

  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    clock = new SimulatedClock();
    emitted = [];
    setClient(makeClient());
  });
  afterEach(() => {
    root?.stop();
    root = undefined;
    destroyClients();
    rec.restore();
    history.replaceState(null, '', pageUrl);
  });

  /** The client the next root uses; its telemetry is observed (the real log still runs). */
  function setClient(next: AuthClient): void {
    client = next;
    logged = observeTelemetry(client);
  }

  function start(config: AuthLoginConfig = PASSWORDS, url?: string): RootActor {
    root = startRoot(client, config, { clock, ...(url ? { url } : {}) });
    root.on('*', (event) => emitted.push(event));
    return root;
  }

  /** Continue on Main's Email tab with `email` typed (with spaces around, as a visitor might). */
  function submit(email: string, config: AuthLoginConfig = PASSWORDS): RootActor {
    const a = start(config);
    a.send({ type: 'EMAIL_CHANGED', email: ` ${email} ` });
    a.send({ type: 'SUBMIT_EMAIL' });
    return a;
  }

  const product = () => productOf(root!)!;
  const send = (event: PasswordEvent) => product().send(event);
  const state = () => product().getSnapshot() as AnyMachineSnapshot;
  const screen = () => screenOf(root!);
  const events = () => emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));
  const errors = () => emitted.flatMap((e) => (e.type === 'widget.error' ? [e.detail] : []));

  async function screenIs(name: string): Promise<void> {
    await until(() => screen() === name, `the ${name} screen (now ${screen()})`, ANSWER_MS);
  }

  /** Types a new password, lets the debounce run out, and waits for the service's answer. */
  async function typeNewPassword(password: string): Promise<void> {
    send({ type: 'PASSWORD_CHANGED', password });
    clock.increment(PASSWORD_STRENGTH_DEBOUNCE_MS);
    await until(() => state().context.strength !== null, `the strength of ${password}`, ANSWER_MS);
  }

  it(
    'Continue on the Email tab searches the trimmed address on Main (busy), preloading the ' + 'hand-over products',
    async () => {
      const email = uniqueEmail('pwm');
      // What shows the moment the product starts (the search may answer before a poll would look).
      let started: { screen: string | undefined; preload: string[] } | undefined;
      const a = start();
      const watch = a.subscribe(() => {
        if (!started && productOf(a)) started = { screen: screen(), preload: screenMetaOf(state()).preload };
      });
      a.send({ type: 'EMAIL_CHANGED', email: ` ${email} ` });
      a.send({ type: 'SUBMIT_EMAIL' });
      await until(() => started, 'the product', ANSWER_MS);
      watch.unsubscribe();
      expect(started!.screen).to.equal('Main');
      expect(started!.preload).to.deep.equal(['otp', 'emailMagicLinks']);
      await screenIs('Password');
      expect(JSON.parse(rec.to('/sdk/v1/users/search')[0]!.body!)).to.deep.equal({ email });
      expect(state().context.email).to.equal(email);
      expect(state().context.userType).to.equal('new');
      expect(state().matches({ password: { form: 'credentials', strength: 'idle' } })).to.equal(true);
    },
  );

  it(
    'the strength check waits out the debounce and checks only the last text; a strong one ' + 'creates the account',
    async () => {
      const email = uniqueEmail('pwm');
      submit(email);
      await screenIs('Password');
      for (const text of ['b', 'bl', 'blueocean', STRONG]) send({ type: 'PASSWORD_CHANGED', password: text });
      expect(state().matches({ password: { strength: 'debouncing' } })).to.equal(true);
      clock.increment(PASSWORD_STRENGTH_DEBOUNCE_MS - 1);
      expect(state().matches({ password: { strength: 'debouncing' } })).to.equal(true, 'still waiting');
      expect(rec.to('/passwords/strength_check')).to.have.length(0);
      clock.increment(1);
      await until(() => state().context.strength !== null, 'the strength', ANSWER_MS);
      const checks = rec.to('/passwords/strength_check');
      expect(checks).to.have.length(1);
      expect(JSON.parse(checks[0]!.body!)).to.deep.equal({ password: STRONG, email });
      expect(state().context.strength.valid_password).to.equal(true);

      // Emptying the field cancels any check and forgets the answer.
      send({ type: 'PASSWORD_CHANGED', password: '' });
      expect(state().matches({ password: { strength: 'idle' } })).to.equal(true);
      expect(state().context.strength).to.equal(null);
      send({ type: 'SUBMIT_PASSWORD' });
      expect(state().matches({ password: { form: 'credentials' } })).to.equal(
        true,
        'no submit without a valid password',
      );

      await typeNewPassword(STRONG);
      send({ type: 'SUBMIT_PASSWORD' });
      expect(screen()).to.equal('Password');
      expect(state().matches({ password: { form: 'submitting' } })).to.equal(true);
      await screenIs('Success');
      expect(events()).to.deep.equal([EVENT_TYPES.PASSWORD_CREATE, EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE]);
      expect(JSON.parse(rec.to('/sdk/v1/passwords')[0]!.body!)).to.deep.equal({
        email,
        password: STRONG,
        session_duration_minutes: 30,
      });
    },
  );

  it(
    'log in: no strength check; a wrong password reports the error and stays; the right one ' + 'authenticates',
    async () => {
      const email = uniqueEmail('pwm');
      await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
      resetBrowserState();
      submit(email);
      await screenIs('Password');
      expect(state().context.userType).to.equal('password');
      send({ type: 'PASSWORD_CHANGED', password: 'not my password' });
      expect(state().matches({ password: { strength: 'idle' } })).to.equal(true);
      send({ type: 'SUBMIT_PASSWORD' });
      await until(() => errors().length === 1, 'the error', ANSWER_MS);
      expect(errors()[0]!.error_type).to.equal('unauthorized_credentials');
      expect(state().context.errorDescriptor?.errorType).to.equal('unauthorized_credentials');
      expect(screen()).to.equal('Password');
      expect(rec.to('/passwords/strength_check')).to.have.length(0);
      send({ type: 'PASSWORD_CHANGED', password: STRONG });
      expect(state().context.errorDescriptor).to.equal(null, 'typing clears the error');
      send({ type: 'SUBMIT_PASSWORD' });
      await screenIs('Success');
      expect(events()).to.deep.equal([EVENT_TYPES.PASSWORD_AUTHENTICATE, EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE]);
    },
  );

  it("Forgot → Set New: the reset email, 'Resend email' with the 2 s toast, Back to Main anew", async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    resetBrowserState();
    submit(email, { ...PASSWORDS, passwordOptions: { resetPasswordRedirectURL: '/student-portal' } });
    await screenIs('Password');
    send({ type: 'FORGOT_PASSWORD' });
    expect(screen()).to.equal('PasswordForgot');
    send({ type: 'BACK' });
    expect(screen()).to.equal('Password');
    send({ type: 'FORGOT_PASSWORD' });
    send({ type: 'SEND_RESET' });
    expect(screen()).to.equal('PasswordSetNew');
    await until(() => state().matches({ setNew: 'sent' }), 'the email sent', ANSWER_MS);
    expect(JSON.parse(rec.to('/passwords/email/reset/start')[0]!.body!)).to.deep.equal({
      reset_password_redirect_url: `${testEnv.pageOrigin}/student-portal`,
      email,
    });
    send({ type: 'RESEND_RESET' });
    await until(() => state().matches({ setNew: 'resent' }), 'the email resent', ANSWER_MS);
    expect(screen()).to.equal('PasswordSetNew');
    clock.increment(SUCCESS_TOAST_MS - 1);
    expect(state().matches({ setNew: 'resent' })).to.equal(true, 'the toast stays 2 s');
    clock.increment(1);
    expect(state().matches({ setNew: 'sent' })).to.equal(true);
    expect((await devInbox(email)).length).to.equal(2);
    expect(events()).to.deep.equal([
      EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START,
      EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START,
    ]);
    send({ type: 'BACK' });
    expect(root!.getSnapshot().matches({ main: 'idle' })).to.equal(true);
    expect(logged.filter((event) => event.name === 'render_login_screen')).to.have.length(2, 'Main rendered anew');
  });

  it('a breached password at login: Password Breached (its own state), then Set New', async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    await setPasswordHash(email, 'letmein');
    resetBrowserState();
    submit(email);
    await screenIs('Password');
    send({ type: 'PASSWORD_CHANGED', password: 'letmein' });
    send({ type: 'SUBMIT_PASSWORD' });
    await screenIs('PasswordBreached');
    expect(state().matches('breached')).to.equal(true);
    expect(errors()).to.deep.equal([], 'Breached is a screen, not an error');
    send({ type: 'SEND_RESET' });
    expect(screen()).to.equal('PasswordSetNew');
    await until(() => state().matches({ setNew: 'sent' }), 'the email sent', ANSWER_MS);
  });

  it('a passwordless account with only passwords: Dedupe sends the reset email', async () => {
    const { email } = await signIn(makeClient(), uniqueEmail('pwmless'));
    resetBrowserState();
    submit(email);
    await screenIs('PasswordDedupe');
    expect(state().matches('dedupe')).to.equal(true);
    await until(() => state().matches({ dedupe: 'sent' }), 'the reset email', ANSWER_MS);
    expect(events()).to.deep.equal([EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START]);
  });

  it(
    'a passwordless account is handed to the passcode product with its address when email ' + 'passcodes are on',
    async () => {
      const { email } = await signIn(makeClient(), uniqueEmail('pwmless'));
      resetBrowserState();
      const a = submit(email, { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } });
      await until(() => a.getSnapshot().context.active?.product === 'otp', 'the hand-over', ANSWER_MS);
      expect(a.getSnapshot().context.active).to.deep.equal({ product: 'otp', params: { email } });
      expect(rec.to('/passwords/email/reset/start')).to.have.length(0);
    },
  );

  it('a passwordless account is handed to the magic-link product, which sends the link to the address', async () => {
    const { email } = await signIn(makeClient(), uniqueEmail('pwmless'));
    resetBrowserState();
    const before = rec.to('/magic_links/email/login_or_create').length;
    submit(email, { products: ['passwords', 'emailMagicLinks'] });
    await screenIs('EmailConfirmation');
    expect(state().context.email).to.equal(email);
    expect(rec.to('/magic_links/email/login_or_create')).to.have.length(before + 1);
    expect(rec.to('/passwords/email/reset/start')).to.have.length(0);
  });

  it("a new address's 'instead' option hands over to the configured passwordless product", async () => {
    const email = uniqueEmail('pwm');
    submit(email, { products: ['passwords', 'emailMagicLinks'] });
    await screenIs('Password');
    send({ type: 'USE_EMAIL_INSTEAD' });
    await screenIs('EmailConfirmation');
    expect(state().context.email).to.equal(email);
  });

  it(
    'the search failing ends on Main with the error under the field, reported once, Main not ' + 'rendered anew',
    async () => {
      const unreachable = unreachableClient();
      setClient(unreachable.client);
      try {
        const a = submit(uniqueEmail('pwm'));
        await until(
          () => a.getSnapshot().matches({ main: 'idle' }) && a.getSnapshot().context.errorDescriptor !== null,
          'Main with the error',
          ANSWER_MS,
        );
        expect(productOf(a)).to.equal(undefined);
        expect(errors()).to.have.length(1);
        expect(logged.filter((event) => event.name === 'render_login_screen')).to.have.length(1);
      } finally {
        root?.stop();
        await unreachable.done();
      }
    },
  );

  it('a reset link opens the Reset Form; a strong new password signs in and the token leaves the URL', async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    await makeClient().passwords.resetByEmailStart({ email, reset_password_redirect_url: `${testEnv.pageOrigin}/` });
    const token = await latestMagicLinkToken(email);
    resetBrowserState();
    history.replaceState(
      null,
      '',
      `${location.pathname}?keep=1&stytch_token_type=reset_password&token=${encodeURIComponent(token)}`,
    );
    // No `passwords` product needed: the token type in the URL decides.
    start({}, location.href);
    expect(screen()).to.equal('Loading');
    await screenIs('PasswordResetForm');
    expect(rec.to('/users/search')).to.have.length(0);
    await typeNewPassword('monkey2024x');
    send({ type: 'SUBMIT_PASSWORD' });
    expect(state().matches({ password: { form: 'resetForm' } })).to.equal(true, 'a weak password is not sent');
    await typeNewPassword(NEW);
    send({ type: 'SUBMIT_PASSWORD' });
    expect(screen()).to.equal('PasswordResetForm');
    await screenIs('Success');
    expect(location.search).to.equal('?keep=1');
    expect(events()).to.deep.equal([EVENT_TYPES.PASSWORD_RESET_BY_EMAIL, EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE]);
  });

  it('Back from the Reset Form removes the token from the URL and returns to Main anew', async () => {
    history.replaceState(null, '', `${location.pathname}?keep=1&stytch_token_type=reset_password&token=abc`);
    const a = start(PASSWORDS, location.href);
    await screenIs('PasswordResetForm');
    send({ type: 'BACK' });
    expect(location.search).to.equal('?keep=1');
    expect(a.getSnapshot().matches({ main: 'idle' })).to.equal(true);
    expect(logged.map((event) => event.name)).to.include('render_login_screen');
  });
});

describe('password product config and strings', () => {
  it('maps passwordOptions to the reset-email wire names, leaving out what the page did not set', () => {
    const config = resolveConfig(
      {
        products: ['passwords'],
        passwordOptions: {
          resetPasswordRedirectURL: '/reset',
          loginRedirectURL: '/in',
          resetPasswordExpirationMinutes: 20,
          locale: 'es',
        },
      },
      'https://school.example',
    );
    expect(passwordResetWireOptions(config.passwordOptions)).to.deep.equal({
      reset_password_redirect_url: 'https://school.example/reset',
      login_redirect_url: 'https://school.example/in',
      reset_password_expiration_minutes: 20,
      locale: 'es',
    });
    expect(passwordResetWireOptions(undefined)).to.deep.equal({});
  });

  it("finds the key of each of zxcvbn's texts from the catalogue, and none for other texts", () => {
    const zxcvbnEntries = Object.entries(enPasswords).filter(([key]) => key.startsWith('password.zxcvbn.'));
    expect(zxcvbnEntries).to.have.length(18);
    for (const [key, text] of zxcvbnEntries) expect(zxcvbnKey(text), text).to.equal(key);
    expect(zxcvbnKey('This is a top-10 common password')).to.equal('password.zxcvbn.top10');
    expect(zxcvbnKey('Create an account')).to.equal(undefined);
  });
});
