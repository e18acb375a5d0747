/// <reference types="mocha" />
// The password screens of <auth-login> in Chromium against the real identity service: the Email tab's user search,
// create (the live strength check, the four-bar meter for scores 0–4, Continue disabled until valid), log in, Forgot
// Password and Set New with 'Email resent', Dedupe for a passwordless account, Breached, the Reset Form reached from
// the emailed link, and LUDS messages from a second project whose policy is LUDS.
import { expect } from 'chai';
import { EVENT_TYPES, WIDGET_EVENT, type WidgetEventDetail } from '../../index.ts';
import { createTranslator } from '../../i18n/index.ts';
import './strings.ts';
import { strengthMessages } from './screens/PasswordStrength.tsx';
import type { PasswordStrengthCheckResponse } from '../../../api/index.ts';
import {
  makeClient,
  recordFetch,
  resetBrowserState,
  signIn,
  type FetchRecorder,
} from '../../../../test/support/client.ts';
import { devInbox, latestMagicLinkToken, setPasswordHash, testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import {
  $,
  $$,
  byText,
  findText,
  mount,
  submitEmail,
  title,
  track,
  typeInto,
  unmountAll,
} from '../../../../test/support/widget.ts';
import { until } from '../../../../test/support/poll.ts';

const STRONG = 'correct horse battery staple';
const NEW = 'purple-elephant-on-a-bicycle';
const RED = 'rgb(139, 18, 20)';
const GREEN = 'rgb(12, 90, 86)';
const BREACHED =
  'This password may have been used on a different site that experienced a security issue. ' +
  'Please choose another password.';
const PASSWORDS = { products: ['passwords' as const] };

const passwordInput = (el: HTMLElement) => $(el, 'input[name="password"]') as HTMLInputElement | null;
const continueButton = (el: HTMLElement) => byText(el, 'button', 'Continue') as HTMLButtonElement | undefined;
const errors = (el: HTMLElement) =>
  $$(el, '[part~="error"]')
    .map((e) => e.textContent)
    .filter(Boolean);

/** Types a password and waits for the service's answer to show (the meter or a message) and Continue to settle. */
async function typePassword(el: HTMLElement, password: string): Promise<void> {
  const input = await until(() => passwordInput(el), 'the password input');
  typeInto(input, password);
  // Let React render the cleared answer first, so the wait below cannot see the previous text's answer.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await until(
    () =>
      !byText(el, '[part~="text"]', 'Checking password strength…') &&
      $(el, '[aria-live="polite"] ul, [part~="strength-meter"]'),
    'the strength answer',
  );
}

function meter(el: HTMLElement): { score: string | null; lit: string[] } {
  const m = $(el, '[part~="strength-meter"]');
  const bars = $$(el, '[part~="strength-bar"]');
  return {
    score: m?.getAttribute('data-score') ?? null,
    lit: bars.filter((b) => b.hasAttribute('data-filled')).map((b) => getComputedStyle(b).backgroundColor),
  };
}

async function toPasswordScreen(el: HTMLElement, email: string, heading: string): Promise<void> {
  await submitEmail(el, email);
  await findText(el, '[part~="title"]', heading);
}

describe('<auth-login> passwords', () => {
  let rec: FetchRecorder;
  let events: WidgetEventDetail[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const pageUrl = location.href;
  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    events = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    rec.restore();
    unmountAll();
    history.replaceState(null, '', pageUrl);
  });

  it(
    'new address: the Email tab searches the user, then Create an account with a read-only ' +
      'username and a new-password field',
    async () => {
      const el = mount({ config: PASSWORDS });
      const email = uniqueEmail('pw');
      await toPasswordScreen(el, email, 'Create an account');
      expect(JSON.parse(rec.to('/sdk/v1/users/search')[0]!.body!)).to.deep.equal({ email });
      const username = $(el, 'input[name="username"]') as HTMLInputElement;
      expect(username.value).to.equal(email);
      expect(username.readOnly).to.equal(true);
      expect(username.autocomplete).to.equal('username');
      const input = passwordInput(el)!;
      expect(input.autocomplete).to.equal('new-password');
      expect(input.type).to.equal('password');
      expect(input.required).to.equal(true);
      expect(continueButton(el)!.disabled).to.equal(true, 'disabled before any password');

      const toggle = byText(el, 'button', 'Show password')!;
      expect(toggle.getAttribute('aria-pressed')).to.equal('false');
      toggle.click();
      await until(() => passwordInput(el)?.type === 'text', 'the password shown');
      expect(byText(el, 'button', 'Hide password')?.getAttribute('aria-pressed')).to.equal('true');
      byText(el, 'button', 'Hide password')!.click();
      await until(() => passwordInput(el)?.type === 'password', 'the password hidden again');
    },
  );

  it('the meter for scores 0–4: one red, one red, two red, three green, four green; Continue only from 3', async () => {
    const el = mount({ config: PASSWORDS });
    await toPasswordScreen(el, uniqueEmail('pw'), 'Create an account');
    const cases: [string, string, string[], boolean][] = [
      ['password', '0', [RED], false],
      ['kittenZ42', '1', [RED], false],
      ['monkey2024x', '2', [RED, RED], false],
      ['blueocean77', '3', [GREEN, GREEN, GREEN], true],
      ['kx9#Lm2!vQ8z', '4', [GREEN, GREEN, GREEN, GREEN], true],
    ];
    for (const [password, score, lit, valid] of cases) {
      await typePassword(el, password);
      await until(() => meter(el).score === score, `score ${score} for ${password}`);
      expect(meter(el).lit).to.deep.equal(lit, password);
      expect($$(el, '[part~="strength-bar"]')).to.have.length(4);
      expect(continueButton(el)!.disabled).to.equal(!valid, password);
    }
  });

  it("shows zxcvbn's warning and suggestions and the breached message", async () => {
    const el = mount({ config: PASSWORDS });
    await toPasswordScreen(el, uniqueEmail('pw'), 'Create an account');
    await typePassword(el, 'password');
    await until(() => errors(el).includes(BREACHED), 'the breached message');
    expect(errors(el)).to.include('This is a top-10 common password');
    expect(errors(el)).to.include('Add another word or two. Uncommon words are better.');
    await typePassword(el, 'aaaaaa');
    await until(() => errors(el).includes('Avoid repeated words and characters'), 'the repeats suggestion');
    expect(errors(el)).to.not.include(BREACHED);
  });

  it('the strength check is debounced: fast typing sends one request, for the last text', async () => {
    const el = mount({ config: PASSWORDS });
    await toPasswordScreen(el, uniqueEmail('pw'), 'Create an account');
    const input = passwordInput(el)!;
    for (const text of ['b', 'bl', 'blu', 'blueocean', 'blueocean77']) typeInto(input, text);
    await until(() => meter(el).score === '3', 'the meter for the last text');
    const checks = rec.to('/sdk/v1/passwords/strength_check');
    expect(checks).to.have.length(1);
    expect(JSON.parse(checks[0]!.body!).password).to.equal('blueocean77');
  });

  it('create: Continue signs up, Success completes the flow with PASSWORD_CREATE; the next visit logs in', async () => {
    const el = mount({ config: PASSWORDS });
    const email = uniqueEmail('pw');
    await toPasswordScreen(el, email, 'Create an account');
    await typePassword(el, STRONG);
    await until(() => continueButton(el)?.disabled === false, 'Continue enabled');
    continueButton(el)!.click();
    await findText(el, '[part~="title"]', 'Success!');
    expect(events.map((e) => e.type)).to.deep.equal([
      EVENT_TYPES.PASSWORD_CREATE,
      EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
    ]);
    expect(JSON.parse(rec.to('/sdk/v1/passwords')[0]!.body!)).to.deep.equal({
      email,
      password: STRONG,
      session_duration_minutes: 30,
    });
    expect(el.client!.session.getSync()).to.not.equal(null);
  });

  it('log in: current-password, a wrong password shows the catalogue message, the right one succeeds', async () => {
    const email = uniqueEmail('pw');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    resetBrowserState();
    const el = mount({ config: PASSWORDS });
    await toPasswordScreen(el, email, 'Log in');
    const input = passwordInput(el)!;
    expect(input.autocomplete).to.equal('current-password');
    expect(continueButton(el)!.disabled).to.equal(true);
    typeInto(input, 'not my password');
    await until(() => continueButton(el)?.disabled === false, 'Continue enabled by any password');
    expect(rec.to('/passwords/strength_check')).to.have.length(0, 'a login is not strength-checked');
    continueButton(el)!.click();
    await until(() => errors(el).includes('Unauthorized credentials.'), 'the error');
    typeInto(passwordInput(el)!, STRONG);
    await until(() => continueButton(el)?.disabled === false, 'Continue');
    continueButton(el)!.click();
    await findText(el, '[part~="title"]', 'Success!');
    expect(events.map((e) => e.type)).to.include(EVENT_TYPES.PASSWORD_AUTHENTICATE);
  });

  it(
    "Forgot Password → Forgot → Set New ('Check your email!'); Resend email shows 'Email " + "resent'; Back returns",
    async () => {
      const email = uniqueEmail('pw');
      await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
      resetBrowserState();
      const el = mount({ config: { ...PASSWORDS, passwordOptions: { resetPasswordRedirectURL: '/student-portal' } } });
      await toPasswordScreen(el, email, 'Log in');
      byText(el, 'button', 'Forgot Password')!.click();
      await findText(el, '[part~="title"]', 'Forgot password?');
      expect(
        byText(el, '[part~="text"]', `A link to reset your password will be sent to you at ${email}.`),
      ).to.not.equal(undefined);
      $(el, '[part~="back-button"]')!.click();
      await findText(el, '[part~="title"]', 'Log in');
      byText(el, 'button', 'Forgot Password')!.click();
      await findText(el, '[part~="title"]', 'Forgot password?');
      byText(el, 'button', 'Send reset link')!.click();
      await findText(el, '[part~="title"]', 'Check your email!');
      expect(byText(el, '[part~="text"]', `A link to reset your password was sent to you at ${email}.`)).to.not.equal(
        undefined,
      );
      await until(async () => (await devInbox(email)).length === 1, 'the reset email');
      const [message] = await devInbox(email);
      expect(message!.links[0]).to.match(
        new RegExp(`^${testEnv.pageOrigin}/student-portal\\?stytch_token_type=reset_password&token=`),
      );
      expect(JSON.parse(rec.to('/passwords/email/reset/start')[0]!.body!)).to.deep.equal({
        reset_password_redirect_url: `${testEnv.pageOrigin}/student-portal`,
        email,
      });

      byText(el, 'button', 'Resend email')!.click();
      const toast = await findText(el, '[part~="toast"]', 'Email resent');
      expect(toast.getAttribute('role')).to.equal('status');
      expect((await devInbox(email)).length).to.equal(2);
      await until(() => !$(el, '[part~="toast"]'), 'the toast to go');
      expect(events.filter((e) => e.type === EVENT_TYPES.PASSWORD_RESET_BY_EMAIL_START)).to.have.length(2);
      $(el, '[part~="back-button"]')!.click();
      await findText(el, '[part~="title"]', 'Sign up or log in');
    },
  );

  it('passwordless account with only passwords configured: Dedupe sends a reset email', async () => {
    const { email } = await signIn(makeClient(), uniqueEmail('pwless'));
    resetBrowserState();
    const el = mount({ config: PASSWORDS });
    await toPasswordScreen(el, email, 'Check your email to set a new password');
    expect(
      byText(
        el,
        '[part~="text"]',
        `We want to make sure your account is secure and that it's really you logging in! ` +
          `A login link was sent to you at ${email}.`,
      ),
    ).to.not.equal(undefined);
    await until(
      async () => (await devInbox(email)).some((m) => m.links[0]?.includes('stytch_token_type=reset_password')),
      'the reset email',
    );
  });

  it(
    'an attacker signed up first with the address: the owner signs in by magic link, and the ' +
      'password answers Dedupe',
    async () => {
      // The attacker: a password sign-up with someone else's address (never proven).
      const email = uniqueEmail('owner');
      const attacker = makeClient();
      const signedUp = await attacker.passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
      resetBrowserState();

      // The owner types the address into the widget and opens the emailed link: signed in, to an account with only
      // the now proven address.
      const sender = mount({ config: { products: ['emailMagicLinks'] } });
      await submitEmail(sender, email);
      await findText(sender, '[part~="title"]', 'Check your email');
      const token = await latestMagicLinkToken(email);
      unmountAll();
      resetBrowserState();
      history.replaceState(
        null,
        '',
        `${location.pathname}?stytch_token_type=magic_links&token=${encodeURIComponent(token)}`,
      );
      const owner = mount({ config: { products: ['emailMagicLinks'] } });
      await findText(owner, '[part~="title"]', 'Success!', 10_000);
      const user = owner.client!.user.getSync()!;
      expect(user.emails.map((e) => [e.email, e.verified])).to.deep.equal([[email, true]]);
      expect(user.password?.requires_reset).to.equal(true);
      unmountAll();
      resetBrowserState();
      history.replaceState(null, '', pageUrl);

      // The attacker's session ended, and the attacker's password now leads to Password Dedupe (a reset email to the
      // owner's mailbox), never to a session.
      const ended = await fetch(`${testEnv.baseUrl}/sdk/v1/sessions/authenticate`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa(`${testEnv.publicToken}:${signedUp.session_token}`)}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      expect(ended.status).to.equal(404);
      const el = mount({ config: PASSWORDS });
      await toPasswordScreen(el, email, 'Log in');
      typeInto(passwordInput(el)!, STRONG);
      await until(() => continueButton(el)?.disabled === false, 'Continue');
      continueButton(el)!.click();
      await findText(el, '[part~="title"]', 'Check your email to set a new password');
      expect(events.map((e) => e.type)).to.not.include(EVENT_TYPES.PASSWORD_AUTHENTICATE);
      await until(
        async () => (await devInbox(email)).some((m) => m.links[0]?.includes('stytch_token_type=reset_password')),
        'the reset email',
      );
    },
  );

  it(
    'passwordless account with magic links also configured: a magic link is sent instead ' + '(Check your email)',
    async () => {
      const { email } = await signIn(makeClient(), uniqueEmail('pwless'));
      resetBrowserState();
      const before = rec.to('/magic_links/email/login_or_create').length;
      const el = mount({ config: { products: ['passwords', 'emailMagicLinks'] } });
      await toPasswordScreen(el, email, 'Check your email');
      expect(rec.to('/magic_links/email/login_or_create')).to.have.length(before + 1);
      expect(rec.to('/passwords/email/reset/start')).to.have.length(0);
    },
  );

  it("new address with magic links configured: 'Email me a login link instead' sends a link", async () => {
    const el = mount({ config: { products: ['passwords', 'emailMagicLinks'] } });
    await toPasswordScreen(el, uniqueEmail('pw'), 'Create an account');
    byText(el, 'button', 'Email me a login link instead')!.click();
    await findText(el, '[part~="title"]', 'Check your email');
    expect(rec.to('/magic_links/email/login_or_create')).to.have.length(1);
  });

  it('a breached password at login: Password Breached, then the reset email (Set New)', async () => {
    const email = uniqueEmail('pw');
    await makeClient().passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
    await setPasswordHash(email, 'letmein');
    resetBrowserState();
    const el = mount({ config: PASSWORDS });
    await toPasswordScreen(el, email, 'Log in');
    typeInto(passwordInput(el)!, 'letmein');
    await until(() => continueButton(el)?.disabled === false, 'Continue');
    continueButton(el)!.click();
    await findText(el, '[part~="title"]', 'Reset your password');
    expect(
      byText(el, '[part~="text"]', 'Password appears in the list of breached passwords and must be reset.'),
    ).to.not.equal(undefined);
    byText(el, 'button', 'Send reset link')!.click();
    await findText(el, '[part~="title"]', 'Check your email!');
    await until(async () => (await devInbox(email)).length === 1, 'the reset email');
  });

  it(
    'the emailed link opens the Reset Form (token type reset_password); a strong password ' +
      'signs in and cleans the URL',
    async () => {
      const email = uniqueEmail('pw');
      const client = makeClient();
      await client.passwords.create({ email, password: STRONG, session_duration_minutes: 30 });
      await client.passwords.resetByEmailStart({ email, reset_password_redirect_url: `${testEnv.pageOrigin}/` });
      const token = await latestMagicLinkToken(email);
      resetBrowserState();
      history.replaceState(
        null,
        '',
        `${location.pathname}?keep=1&stytch_token_type=reset_password&token=${encodeURIComponent(token)}`,
      );
      // No `passwords` product needed: the token type in the URL decides.
      const el = mount();
      await findText(el, '[part~="title"]', 'Set a new password');
      expect($(el, 'input[name="username"]')).to.equal(null);
      const input = passwordInput(el)!;
      expect(input.autocomplete).to.equal('new-password');
      await typePassword(el, 'monkey2024x');
      await until(() => meter(el).score === '2', 'the meter');
      expect(continueButton(el)!.disabled).to.equal(true);
      await typePassword(el, NEW);
      await until(() => continueButton(el)?.disabled === false, 'Continue');
      continueButton(el)!.click();
      await findText(el, '[part~="title"]', 'Success!');
      expect(location.search).to.equal('?keep=1');
      expect(events.map((e) => e.type)).to.deep.equal([
        EVENT_TYPES.PASSWORD_RESET_BY_EMAIL,
        EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
      ]);
      const other = makeClient();
      await other.session.revoke({ forceClear: true });
      expect(
        (await other.passwords.authenticate({ email, password: NEW, session_duration_minutes: 30 })).user_id,
      ).to.be.a('string');
    },
  );

  it('an invalid email on the password tab gets the password-flow message', async () => {
    const el = mount({ config: PASSWORDS });
    await submitEmail(el, 'not-an-email');
    await until(() => errors(el).includes('Email format is invalid.'), 'the message');
    expect(title(el)).to.equal('Sign up or log in');
    expect(rec.to('/users/search')).to.have.length(0);
  });
});

describe('<auth-login> passwords under a LUDS policy', () => {
  beforeEach(() => resetBrowserState());
  afterEach(() => unmountAll());

  it('shows the unmet LUDS rules (plural), no meter, and enables Continue once they are met', async () => {
    const el = track(document.createElement('auth-login'));
    Object.assign(el, { baseUrl: testEnv.ludsBaseUrl, publicToken: testEnv.publicToken, config: PASSWORDS });
    document.body.append(el);
    await toPasswordScreen(el, uniqueEmail('luds'), 'Create an account');
    await typePassword(el, 'abc');
    await until(() => errors(el).includes('Must be at least 10 characters long'), 'the length rule');
    expect(errors(el)).to.include(
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    expect($(el, '[part~="strength-meter"]')).to.equal(null);
    expect(continueButton(el)!.disabled).to.equal(true);
    await typePassword(el, 'abcdefghijkl');
    await until(() => !errors(el).includes('Must be at least 10 characters long'), 'the length rule met');
    expect(errors(el)).to.include(
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    typeInto(passwordInput(el)!, 'Quiet-river-7');
    await until(() => continueButton(el)?.disabled === false, 'Continue enabled');
    expect(errors(el).filter((e) => e?.startsWith('Must'))).to.deep.equal([]);
  });

  it('the length rule is singular for a minimum of one character and plural otherwise', async () => {
    const res = await fetch(`${testEnv.ludsBaseUrl}/sdk/v1/passwords/strength_check`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${testEnv.publicToken}:${testEnv.publicToken}`)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ password: 'abc' }),
    });
    const strength = ((await res.json()) as { data: PasswordStrengthCheckResponse }).data;
    const t = createTranslator();
    expect(strengthMessages(t, strength, { ludsMinimumCount: 1, ludsComplexity: 1 })).to.deep.equal([
      'Must be at least 1 character long',
      'Must contain 1 of the following: uppercase letter, lowercase letter, number, symbol',
    ]);
    expect(strengthMessages(t, strength, { ludsMinimumCount: 10, ludsComplexity: 3 })).to.deep.equal([
      'Must be at least 10 characters long',
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    ]);
  });
});
