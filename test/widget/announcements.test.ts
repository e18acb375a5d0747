/// <reference types="mocha" />
// Screen-reader announcements, through <auth-login> against the real service: the widget's status region
// (ui/LiveRegion.tsx) names each screen the visitor moves to; an error under a field is written into that field's
// error line, a live region that was there, empty, before the error (so it is announced), on Main and on a product's
// screen.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { LIVE_REGION_ATTRIBUTE } from '../../src/widget/ui/LiveRegion.tsx';
import { resetBrowserState } from '../support/client.ts';
import { latestOtpCode, uniqueEmail } from '../support/env.ts';
import { $, findText, mount, title, typeInto, unmountAll } from '../support/widget.ts';
import { until } from '../support/poll.ts';

function statusRegion(el: HTMLElement): HTMLElement {
  const region = $(el, `[${LIVE_REGION_ATTRIBUTE}]`);
  if (!region) throw new Error('no live region');
  return region;
}

/** The live line that describes `input` (its aria-describedby), checked to be live before anything is in it. */
function errorLineOf(el: HTMLElement, input: HTMLElement): HTMLElement {
  const line = el.shadowRoot!.getElementById(input.getAttribute('aria-describedby') ?? '');
  if (!line) throw new Error('the field has no described-by line');
  expect(line.getAttribute('aria-live')).to.equal('polite');
  return line;
}

const spoken = (node: HTMLElement) => node.textContent ?? '';

describe('<auth-login> screen-reader announcements (live regions)', () => {
  beforeEach(() => resetBrowserState());
  afterEach(() => unmountAll());

  it(
    'has a polite, atomic status region from the first render, visually hidden and silent on ' + 'the first screen',
    async () => {
      const el = mount();
      await until(() => $(el, 'input[type="email"]'), 'Main');
      const status = statusRegion(el);
      expect([
        status.getAttribute('role'),
        status.getAttribute('aria-live'),
        status.getAttribute('aria-atomic'),
      ]).to.deep.equal(['status', 'polite', 'true']);
      // The first screen is part of the page the visitor opened, not a change: nothing is read over the page.
      expect(spoken(status)).to.equal('');
      const box = status.getBoundingClientRect();
      expect([box.width, box.height]).to.deep.equal([1, 1]);
    },
  );

  it("Main's error goes into the field's live line; the next screen is named; Back names Main again", async () => {
    const el = mount({
      config: { emailMagicLinksOptions: { loginRedirectURL: '/student-portal', signupRedirectURL: '/student-portal' } },
    });
    const input = (await until(() => $(el, 'input[type="email"]'), 'Main')) as HTMLInputElement;
    const line = errorLineOf(el, input);
    expect(spoken(line)).to.equal('', 'the live line is there, empty, before any error');
    input.focus();
    await sendKeys({ type: 'student@nowhere' });
    await sendKeys({ press: 'Enter' });
    await until(() => spoken(line) === 'Email format is invalid.', 'the error written into the live line');
    expect(
      errorLineOf(el, input) === line,
      'the same node: an update of a region already read, not a new one',
    ).to.equal(true);
    const status = statusRegion(el);
    expect(spoken(status)).to.equal('', 'an error is not a new screen');

    await sendKeys({ type: '.edu' });
    await sendKeys({ press: 'Enter' });
    await findText(el, '[part~="title"]', 'Check your email', 10_000);
    await until(() => spoken(status) === 'Check your email', 'the new screen named');
    expect(statusRegion(el) === status, 'the region outlived the screen change').to.equal(true);

    ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
    await findText(el, '[part~="title"]', 'Sign up or log in');
    await until(() => spoken(status) === title(el), 'Main named again');
  });

  it(
    "a product screen: 'Enter passcode' is named (focus goes to the code field, not the " +
      "title); a wrong code goes into the code's live line",
    async () => {
      const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
      const email = uniqueEmail();
      const input = (await until(() => $(el, 'input[type="email"]'), 'Main')) as HTMLInputElement;
      typeInto(input, email);
      input.focus();
      await sendKeys({ press: 'Enter' });
      await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
      const status = statusRegion(el);
      await until(() => spoken(status) === 'Enter passcode', 'the passcode screen named');

      const passcode = (await until(
        () => $(el, 'input[part~="passcode-input"]'),
        'the passcode input',
      )) as HTMLInputElement;
      const line = errorLineOf(el, passcode);
      expect(spoken(line)).to.equal('');
      const code = await latestOtpCode(email);
      typeInto(passcode, String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
      await until(() => spoken(line) === 'Invalid passcode, please try again.', 'the wrong code in the live line');
      expect(spoken(status)).to.equal('Enter passcode', 'still the same screen');
    },
  );
});
