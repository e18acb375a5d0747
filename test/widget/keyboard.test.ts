/// <reference types="mocha" />
// Keyboard-only journeys: magic link, passcode and password through <auth-login> with real key presses
// (Tab, Shift+Tab, Enter, Escape, typing) and nothing else, against the real service. Every control focus reaches
// shows a visible focus ring (the computed outline or box-shadow while it matches :focus-visible).
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { EVENT_TYPES, WIDGET_EVENT, type WidgetEventDetail } from '../../src/widget/index.ts';
import { resetBrowserState } from '../support/client.ts';
import { latestOtpCode, uniqueEmail } from '../support/env.ts';
import { $, $$, findText, mount, title, unmountAll } from '../support/widget.ts';
import { until } from '../support/poll.ts';

const CONTROLS = 'input, button, a[href], select, textarea, [tabindex]:not([tabindex="-1"])';
/** The default theme's primary colour: the ring is drawn in it (ui/styles.ts focusRing). */
const PRIMARY_RGB = 'rgb(25, 48, 61)';

/** The focused element inside the widget, if focus is there. */
function focused(el: HTMLElement): HTMLElement | null {
  return (el.shadowRoot!.activeElement as HTMLElement | null) ?? null;
}

/** A ring a sighted keyboard user sees: an outline of at least 2 px not `none`, or a box-shadow. */
function ringOf(control: HTMLElement): string | null {
  expect(control.matches(':focus-visible'), `${nameOf(control)} matches :focus-visible`).to.equal(true);
  const style = getComputedStyle(control);
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2)
    return `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
  if (style.boxShadow !== 'none') return style.boxShadow;
  return null;
}

function nameOf(control: HTMLElement): string {
  return (
    `<${control.localName}${control.getAttribute('type') ? ` type=${control.getAttribute('type')}` : ''}> ` +
    `"${(control.textContent || control.getAttribute('aria-label') || control.getAttribute('name') || '').trim()}"`
  );
}

/** Every control Tab reached, with its ring, for the assertion that each one had one. */
type Reached = { control: string; ring: string | null }[];

/**
 * Presses Tab (Shift+Tab with `back`) until the focused control satisfies `wanted`, at most `limit` times; every
 * control reached on the way is recorded with its ring.
 */
async function tabTo(
  el: HTMLElement,
  reached: Reached,
  wanted: (control: HTMLElement) => boolean,
  what: string,
  { back = false, limit = 12 } = {},
) {
  for (let i = 0; i < limit; i += 1) {
    await sendKeys({ press: back ? 'Shift+Tab' : 'Tab' });
    const control = focused(el);
    if (!control?.matches(CONTROLS)) continue;
    reached.push({ control: nameOf(control), ring: ringOf(control) });
    if (wanted(control)) return control;
  }
  throw new Error(`Tab never reached ${what}; reached: ${reached.map((r) => r.control).join(', ')}`);
}

const isText = (text: string) => (control: HTMLElement) => control.textContent?.trim() === text;
const isInput = (type: string) => (control: HTMLElement) =>
  control instanceof HTMLInputElement && control.type === type;

/** Keyboard only from a fresh Main: Tab to the email field, type `email`, Enter; resolves once `heading` shows. */
async function submitEmailByKeyboard(el: HTMLElement, reached: Reached, email: string, heading: string): Promise<void> {
  await until(() => $(el, 'input[type="email"]'), 'Main');
  await tabTo(el, reached, isInput('email'), 'the email field');
  await sendKeys({ type: email });
  await sendKeys({ press: 'Enter' });
  await findText(el, '[part~="title"]', heading, 10_000);
}

function expectRings(reached: Reached): void {
  expect(reached.length).to.be.greaterThan(0);
  expect(
    reached.filter((r) => !r.ring).map((r) => r.control),
    'controls without a visible focus ring',
  ).to.deep.equal([]);
  for (const r of reached) expect(r.ring, r.control).to.contain(PRIMARY_RGB);
}

describe('<auth-login> keyboard-only journeys with a visible focus ring', () => {
  let events: WidgetEventDetail[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const pageUrl = location.href;
  beforeEach(() => {
    resetBrowserState();
    events = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    unmountAll();
    history.replaceState(null, '', pageUrl);
  });

  it(
    'magic link: Tab to the field, type, Enter; on Check your email Tab through the back ' +
      'arrow, the mail links and Try again; Escape returns',
    async () => {
      const el = mount({
        config: {
          emailMagicLinksOptions: { loginRedirectURL: '/student-portal', signupRedirectURL: '/student-portal' },
        },
      });
      await until(() => $(el, 'input[type="email"]'), 'Main');
      const reached: Reached = [];
      const email = uniqueEmail('kbd');
      await tabTo(el, reached, isInput('email'), 'the email field');
      await sendKeys({ type: email });
      await tabTo(el, reached, isText('Continue'), 'Continue');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Check your email', 10_000);

      await tabTo(el, reached, isText('Try again'), 'Try again');
      const names = reached.map((r) => r.control);
      for (const name of ['Gmail', 'Yahoo', 'Outlook'])
        expect(
          names.some((n) => n.includes(name)),
          name,
        ).to.equal(true);
      await tabTo(el, reached, (c) => c.getAttribute('part')?.includes('back-button') ?? false, 'the back arrow', {
        back: true,
      });
      expectRings(reached);

      await sendKeys({ press: 'Escape' });
      await findText(el, '[part~="title"]', 'Sign up or log in');
      expect(($(el, 'input[type="email"]') as HTMLInputElement).value).to.equal(email);
      // Enter on the back arrow does the same as Escape: tested the other way round in the passcode journey.
    },
  );

  it(
    'passcode: Tab, type the address, Enter; the code field takes focus; Tab to Resend code ' +
      'and back; Escape; again with Enter; the code signs in',
    async () => {
      const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
      const reached: Reached = [];
      const email = uniqueEmail('kbd');
      await submitEmailByKeyboard(el, reached, email, 'Enter passcode');
      const code = await until(() => $(el, 'input[part~="passcode-input"]'), 'the passcode input');
      await until(() => focused(el) === code, 'the passcode field focused');
      reached.push({ control: nameOf(code), ring: ringOf(code) });

      await tabTo(el, reached, isText('Resend code'), 'Resend code');
      await tabTo(el, reached, (c) => c.getAttribute('part')?.includes('back-button') ?? false, 'the back arrow', {
        back: true,
      });
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Sign up or log in');

      await tabTo(el, reached, isText('Continue'), 'Continue');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
      await until(() => focused(el)?.matches('input[part~="passcode-input"]'), 'the new code field focused');
      await sendKeys({ press: 'Escape' });
      await findText(el, '[part~="title"]', 'Sign up or log in');

      await tabTo(el, reached, isText('Continue'), 'Continue');
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
      await until(() => focused(el)?.matches('input[part~="passcode-input"]'), 'the code field focused');
      await sendKeys({ type: await latestOtpCode(email) });
      await findText(el, '[part~="text"]', 'Your passcode has been successfully verified.', 10_000);
      expect(events.some((e) => e.type === EVENT_TYPES.OTP_AUTHENTICATE)).to.equal(true);
      expectRings(reached);
    },
  );

  it(
    'password: Tab, type, Enter; Create an account: Tab to the password, type, Tab to Show ' +
      'password (Enter toggles), Tab to Continue, Enter signs up; Escape on the next visit',
    async () => {
      const el = mount({ config: { products: ['passwords'] } });
      const reached: Reached = [];
      const email = uniqueEmail('kbd');
      await submitEmailByKeyboard(el, reached, email, 'Create an account');
      // The new screen's title takes focus (it is read first); Tab goes on through the back arrow and the username.
      const password = (await tabTo(el, reached, isInput('password'), 'the password field')) as HTMLInputElement;
      await sendKeys({ type: 'correct horse battery staple' });
      const show = await tabTo(el, reached, isText('Show password'), 'Show password');
      await sendKeys({ press: 'Enter' });
      await until(() => password.type === 'text', 'the password shown');
      expect(focused(el) === show, 'focus stays on the toggle').to.equal(true);
      // Continue is disabled, so out of the Tab order, until the service calls the password valid.
      await until(
        () => $$(el, 'button').some((b) => b.textContent === 'Continue' && !(b as HTMLButtonElement).disabled),
        'Continue enabled by the strength check',
      );
      await tabTo(el, reached, isText('Continue'), 'Continue');
      await sendKeys({ press: 'Enter' });
      await until(() => events.some((e) => e.type === EVENT_TYPES.PASSWORD_CREATE), 'signed up');
      expectRings(reached);
      unmountAll();

      const again = mount({ config: { products: ['passwords'] } });
      await submitEmailByKeyboard(again, reached, email, 'Log in');
      await sendKeys({ press: 'Escape' });
      await findText(again, '[part~="title"]', 'Sign up or log in');
      expect(title(again)).to.equal('Sign up or log in');
      expectRings(reached);
    },
  );
});
