/// <reference types="mocha" />
// The password product's statechart without React, with a real client against the real identity service and XState's
// SimulatedClock for its timers (the strength debounce, the 'Email resent' toast). It runs as the child `product` of
// a parent that keeps the contract the root keeps (products/types.ts): it records what the product sends up and how
// it ends, and shows the screen the product's state names (machine/screen.ts).
import { expect } from 'chai';
import { assign, createActor, setup, SimulatedClock, type Actor, type AnyActorRef } from 'xstate';
import type { AuthClient } from '../../../client/types.ts';
import { resolveConfig, type AuthLoginConfig } from '../../config.ts';
import { EVENT_TYPES, PASSWORD_STRENGTH_DEBOUNCE_MS, SUCCESS_TOAST_MS } from '../../constants.ts';
import { initialFormState } from '../../machine/form.ts';
import { currentScreen, screenMetaOf } from '../../machine/screen.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from '../../machine/types.ts';
import type { ProductInput, ProductOutput, ProductToRootEvent } from '../types.ts';
import { passwordResetWireOptions } from './config.ts';
import { passwordMachine, type PasswordEvent, type PasswordParams } from './machine.ts';
import { enPasswords, zxcvbnKey } from './strings.ts';
import {
  makeClient,
  destroyClients,
  recordFetch,
  resetBrowserState,
  signIn,
  unreachableClient,
  waitFor,
  type FetchRecorder,
} from '../../../../test/support/client.ts';
import { devInbox, latestMagicLinkToken, setPasswordHash, testEnv, uniqueEmail } from '../../../../test/support/env.ts';

const STRONG = 'correct horse battery staple';
const NEW = 'purple-elephant-on-a-bicycle';
const PASSWORDS: AuthLoginConfig = { products: ['passwords'] };
/** The service answers within this in the suite; the product's own timers run on the simulated clock. */
const ANSWER_MS = 8000;

interface ParentContext {
  input: ProductInput<PasswordParams>;
  events: WidgetEventDetail[];
  errors: WidgetErrorDetail[];
  output: ProductOutput | null;
}

/** The product's parent: starts it as `product` (like the root), records its events, errors and output. */
const parentMachine = setup({
  types: {
    context: {} as ParentContext,
    events: {} as ProductToRootEvent,
    input: {} as ProductInput<PasswordParams>,
  },
  actors: { passwordMachine },
}).createMachine({
  context: ({ input }) => ({ input, events: [], errors: [], output: null }),
  on: {
    WIDGET_EVENT: { actions: assign({ events: ({ context, event }) => [...context.events, event.detail] }) },
    WIDGET_ERROR: { actions: assign({ errors: ({ context, event }) => [...context.errors, event.detail] }) },
  },
  initial: 'product',
  states: {
    product: {
      meta: { screenFrom: 'product' },
      invoke: {
        id: 'product',
        src: 'passwordMachine',
        input: ({ context }) => context.input,
        onDone: { target: 'ended', actions: assign({ output: ({ event }) => event.output as ProductOutput }) },
      },
    },
    ended: {},
  },
});

describe('password product statechart (SimulatedClock)', () => {
  let client: AuthClient;
  let rec: FetchRecorder;
  let clock: SimulatedClock;
  let parent: Actor<typeof parentMachine> | undefined;
  const pageUrl = location.href;

  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    client = makeClient();
    clock = new SimulatedClock();
  });
  afterEach(() => {
    parent?.stop();
    parent = undefined;
    destroyClients();
    rec.restore();
    history.replaceState(null, '', pageUrl);
  });

  function start(params: PasswordParams, email = '', config: AuthLoginConfig = PASSWORDS) {
    parent = createActor(parentMachine, {
      clock,
      input: {
        client,
        config: resolveConfig(config, testEnv.pageOrigin),
        bootstrap: client.bootstrap.getSync(),
        formState: { ...initialFormState(), email: ` ${email} `, tab: 'email' },
        params,
      },
    });
    parent.start();
    return parent;
  }

  const product = () => parent!.getSnapshot().children.product as AnyActorRef | undefined;
  const send = (event: PasswordEvent) => product()!.send(event);
  const state = () => product()!.getSnapshot();
  const screen = () => currentScreen(parent!.getSnapshot());
  const context = () => parent!.getSnapshot().context;

  async function screenIs(name: string): Promise<void> {
    await waitFor(() => screen() === name, ANSWER_MS, `the ${name} screen (now ${screen()})`);
  }

  /** Types a new password, lets the debounce run out, and waits for the service's answer. */
  async function typeNewPassword(password: string): Promise<void> {
    send({ type: 'PASSWORD_CHANGED', password });
    clock.increment(PASSWORD_STRENGTH_DEBOUNCE_MS);
    await waitFor(() => state().context.strength !== null, ANSWER_MS, `the strength of ${password}`);
  }

  it('Continue on the Email tab searches the trimmed address on Main (busy), preloading the hand-over products', async () => {
    const email = uniqueEmail('pwm');
    start({ tab: 'email' }, email);
    expect(screen()).to.equal('Main');
    expect(screenMetaOf(state()).preload).to.deep.equal(['otp', 'emailMagicLinks']);
    await screenIs('Password');
    expect(JSON.parse(rec.to('/sdk/v1/users/search')[0]!.body!)).to.deep.equal({ email });
    expect(state().context.email).to.equal(email);
    expect(state().context.userType).to.equal('new');
    expect(state().matches({ password: { form: 'credentials', strength: 'idle' } })).to.equal(true);
  });

  it('the strength check waits out the debounce and checks only the last text; a strong one creates the account', async () => {
    const email = uniqueEmail('pwm');
    start({ tab: 'email' }, email);
    await screenIs('Password');
    for (const text of ['b', 'bl', 'blueocean', STRONG]) send({ type: 'PASSWORD_CHANGED', password: text });
    expect(state().matches({ password: { strength: 'debouncing' } })).to.equal(true);
    clock.increment(PASSWORD_STRENGTH_DEBOUNCE_MS - 1);
    expect(state().matches({ password: { strength: 'debouncing' } })).to.equal(true, 'still waiting');
    expect(rec.to('/passwords/strength_check')).to.have.length(0);
    clock.increment(1);
    await waitFor(() => state().context.strength !== null, ANSWER_MS, 'the strength');
    const checks = rec.to('/passwords/strength_check');
    expect(checks).to.have.length(1);
    expect(JSON.parse(checks[0]!.body!)).to.deep.equal({ password: STRONG, email });
    expect(state().context.strength!.valid_password).to.equal(true);

    // Emptying the field cancels any check and forgets the answer.
    send({ type: 'PASSWORD_CHANGED', password: '' });
    expect(state().matches({ password: { strength: 'idle' } })).to.equal(true);
    expect(state().context.strength).to.equal(null);
    send({ type: 'SUBMIT_PASSWORD' });
    expect(state().matches({ password: { form: 'credentials' } })).to.equal(true, 'no submit without a valid password');

    await typeNewPassword(STRONG);
    send({ type: 'SUBMIT_PASSWORD' });
    expect(screen()).to.equal('Password');
    expect(state().matches({ password: { form: 'submitting' } })).to.equal(true);
    await waitFor(() => context().output !== null, ANSWER_MS, 'the end');
    expect(context().output).to.deep.equal({ to: 'success' });
    expect(context().events.map((e) => e.type)).to.deep.equal([EVENT_TYPES.PASSWORD_CREATE]);
    expect(JSON.parse(rec.to('/sdk/v1/passwords')[0]!.body!)).to.deep.equal({ email, password: STRONG, session_duration_minutes: 30 });
  });

  it('log in: no strength check; a wrong password reports the error and stays; the right one authenticates', async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    resetBrowserState();
    start({ tab: 'email' }, email);
    await screenIs('Password');
    expect(state().context.userType).to.equal('password');
    send({ type: 'PASSWORD_CHANGED', password: 'not my password' });
    expect(state().matches({ password: { strength: 'idle' } })).to.equal(true);
    send({ type: 'SUBMIT_PASSWORD' });
    await waitFor(() => context().errors.length === 1, ANSWER_MS, 'the error');
    expect(context().errors[0]!.error_type).to.equal('unauthorized_credentials');
    expect(state().context.errorDescriptor?.errorType).to.equal('unauthorized_credentials');
    expect(screen()).to.equal('Password');
    expect(rec.to('/passwords/strength_check')).to.have.length(0);
    send({ type: 'PASSWORD_CHANGED', password: STRONG });
    expect(state().context.errorDescriptor).to.equal(null, 'typing clears the error');
    send({ type: 'SUBMIT_PASSWORD' });
    await waitFor(() => context().output !== null, ANSWER_MS, 'the end');
    expect(context().output).to.deep.equal({ to: 'success' });
    expect(context().events.map((e) => e.type)).to.deep.equal([EVENT_TYPES.PASSWORD_AUTHENTICATE]);
  });

  it("Forgot → Set New: the reset email, 'Resend email' with the 2 s toast, Back to Main anew", async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    resetBrowserState();
    start({ tab: 'email' }, email, { ...PASSWORDS, passwordOptions: { resetPasswordRedirectURL: '/student-portal' } });
    await screenIs('Password');
    send({ type: 'FORGOT_PASSWORD' });
    expect(screen()).to.equal('PasswordForgot');
    send({ type: 'BACK' });
    expect(screen()).to.equal('Password');
    send({ type: 'FORGOT_PASSWORD' });
    send({ type: 'SEND_RESET' });
    expect(screen()).to.equal('PasswordSetNew');
    await waitFor(() => state().matches({ setNew: 'sent' }), ANSWER_MS, 'the email sent');
    expect(JSON.parse(rec.to('/passwords/email/reset/start')[0]!.body!)).to.deep.equal({
      reset_password_redirect_url: `${testEnv.pageOrigin}/student-portal`,
      email,
    });
    send({ type: 'RESEND_RESET' });
    await waitFor(() => state().matches({ setNew: 'resent' }), ANSWER_MS, 'the email resent');
    expect(screen()).to.equal('PasswordSetNew');
    clock.increment(SUCCESS_TOAST_MS - 1);
    expect(state().matches({ setNew: 'resent' })).to.equal(true, 'the toast stays 2 s');
    clock.increment(1);
    expect(state().matches({ setNew: 'sent' })).to.equal(true);
    expect((await devInbox(email)).length).to.equal(2);
    expect(context().events.map((e) => e.type)).to.deep.equal([
      EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START,
      EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START,
    ]);
    send({ type: 'BACK' });
    expect(context().output).to.deep.equal({ to: 'main' });
  });

  it('a breached password at login: Password Breached (its own state), then Set New', async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    await setPasswordHash(email, 'letmein');
    resetBrowserState();
    start({ tab: 'email' }, email);
    await screenIs('Password');
    send({ type: 'PASSWORD_CHANGED', password: 'letmein' });
    send({ type: 'SUBMIT_PASSWORD' });
    await screenIs('PasswordBreached');
    expect(state().matches('breached')).to.equal(true);
    expect(context().errors).to.deep.equal([], 'Breached is a screen, not an error');
    send({ type: 'SEND_RESET' });
    expect(screen()).to.equal('PasswordSetNew');
    await waitFor(() => state().matches({ setNew: 'sent' }), ANSWER_MS, 'the email sent');
  });

  it('a passwordless account: Dedupe with only passwords, else handed to the passcode or the link product', async () => {
    const { email } = await signIn(makeClient(), uniqueEmail('pwmless'));
    resetBrowserState();
    start({ tab: 'email' }, email);
    await screenIs('PasswordDedupe');
    expect(state().matches('dedupe')).to.equal(true);
    await waitFor(() => state().matches({ dedupe: 'sent' }), ANSWER_MS, 'the reset email');
    expect(context().events.map((e) => e.type)).to.deep.equal([EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START]);
    parent!.stop();

    start({ tab: 'email' }, email, { products: ['passwords', 'emailMagicLinks'] });
    await waitFor(() => context().output !== null, ANSWER_MS, 'the hand-over');
    expect(context().output).to.deep.equal({ to: 'product', product: 'emailMagicLinks', params: { email } });
    parent!.stop();

    start({ tab: 'email' }, email, { products: ['passwords', 'otp'], otpOptions: { methods: ['email'] } });
    await waitFor(() => context().output !== null, ANSWER_MS, 'the hand-over');
    expect(context().output).to.deep.equal({ to: 'product', product: 'otp', params: { email } });
  });

  it("a new address's 'instead' option hands over to the configured passwordless product", async () => {
    const email = uniqueEmail('pwm');
    start({ tab: 'email' }, email, { products: ['passwords', 'emailMagicLinks'] });
    await screenIs('Password');
    send({ type: 'USE_EMAIL_INSTEAD' });
    expect(context().output).to.deep.equal({ to: 'product', product: 'emailMagicLinks', params: { email } });
  });

  it('the search failing ends on Main with the error, reported once', async () => {
    const unreachable = unreachableClient();
    client = unreachable.client;
    try {
      start({ tab: 'email' }, uniqueEmail('pwm'));
      await waitFor(() => context().output !== null, ANSWER_MS, 'the end');
      const output = context().output as Extract<ProductOutput, { to: 'main' }>;
      expect(output.to).to.equal('main');
      expect(output.error).to.not.equal(undefined);
      expect(context().errors).to.have.length(1);
    } finally {
      parent?.stop();
      await unreachable.done();
    }
  });

  it('a reset link opens the Reset Form; a strong new password signs in and the token leaves the URL', async () => {
    const email = uniqueEmail('pwm');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    await makeClient().passwords.resetByEmailStart({ email, reset_password_redirect_url: `${testEnv.pageOrigin}/` });
    const token = await latestMagicLinkToken(email);
    resetBrowserState();
    history.replaceState(null, '', `${location.pathname}?keep=1&stytch_token_type=reset_password&token=${encodeURIComponent(token)}`);
    start({ token });
    expect(screen()).to.equal('PasswordResetForm');
    expect(rec.to('/users/search')).to.have.length(0);
    await typeNewPassword('monkey2024x');
    send({ type: 'SUBMIT_PASSWORD' });
    expect(state().matches({ password: { form: 'resetForm' } })).to.equal(true, 'a weak password is not sent');
    await typeNewPassword(NEW);
    send({ type: 'SUBMIT_PASSWORD' });
    expect(screen()).to.equal('PasswordResetForm');
    await waitFor(() => context().output !== null, ANSWER_MS, 'the end');
    expect(context().output).to.deep.equal({ to: 'success' });
    expect(location.search).to.equal('?keep=1');
    expect(context().events.map((e) => e.type)).to.deep.equal([EVENT_TYPES.PASSWORD_RESET_BY_EMAIL]);
  });

  it('Back from the Reset Form removes the token from the URL and returns to Main anew', () => {
    history.replaceState(null, '', `${location.pathname}?keep=1&stytch_token_type=reset_password&token=abc`);
    start({ token: 'abc' });
    send({ type: 'BACK' });
    expect(location.search).to.equal('?keep=1');
    expect(context().output).to.deep.equal({ to: 'main' });
  });
});

describe('password product config and strings', () => {
  it('maps passwordOptions to the reset-email wire names, leaving out what the page did not set', () => {
    const config = resolveConfig(
      {
        products: ['passwords'],
        passwordOptions: { resetPasswordRedirectURL: '/reset', loginRedirectURL: '/in', resetPasswordExpirationMinutes: 20, locale: 'es' },
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
