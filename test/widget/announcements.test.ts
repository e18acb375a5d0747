/// <reference types="mocha" />
// Issue 17, screen-reader announcements: the widget's live region (ui/LiveRegion.tsx) names each screen the visitor
// moves to and reads each error, on Main and on a product's screen, through <auth-login> against the real service.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { LIVE_REGION_ATTRIBUTE } from '../../src/widget/ui/LiveRegion.tsx';
import { resetBrowserState } from '../support/client.ts';
import { latestOtpCode, uniqueEmail } from '../support/env.ts';
import { $, findText, mount, title, typeInto, unmountAll } from '../support/widget.ts';
import { until } from '../support/poll.ts';

function regions(el: HTMLElement): { status: HTMLElement; alert: HTMLElement } {
  const region = $(el, `[${LIVE_REGION_ATTRIBUTE}]`);
  if (!region) throw new Error('no live region');
  return { status: region.querySelector('[role="status"]')!, alert: region.querySelector('[role="alert"]')! };
}

const spoken = (node: HTMLElement) => node.textContent ?? '';

describe('<auth-login> screen-reader announcements (live region)', () => {
  beforeEach(() => resetBrowserState());
  afterEach(() => unmountAll());

  it('has a polite status and an assertive alert region from the first render, visually hidden and silent at first', async () => {
    const el = mount();
    await until(() => $(el, 'input[type="email"]'), 'Main');
    const { status, alert } = regions(el);
    expect([status.getAttribute('aria-live'), status.getAttribute('aria-atomic')]).to.deep.equal(['polite', 'true']);
    expect([alert.getAttribute('aria-live'), alert.getAttribute('aria-atomic')]).to.deep.equal(['assertive', 'true']);
    // The first screen is what the page shows, not a change: nothing is read over the page's own announcement.
    expect([spoken(status), spoken(alert)]).to.deep.equal(['', '']);
    const box = status.parentElement!.getBoundingClientRect();
    expect([box.width, box.height]).to.deep.equal([1, 1]);
  });

  it("reads Main's error, then names the next screen and clears the error, then names Main again after Back", async () => {
    const el = mount({ config: { emailMagicLinksOptions: { loginRedirectURL: '/student-portal', signupRedirectURL: '/student-portal' } } });
    const input = (await until(() => $(el, 'input[type="email"]'), 'Main')) as HTMLInputElement;
    input.focus();
    await sendKeys({ type: 'student@nowhere' });
    await sendKeys({ press: 'Enter' });
    const { status, alert } = regions(el);
    await until(() => spoken(alert) === 'Email format is invalid.', 'the error in the alert region');
    expect(spoken(status)).to.equal('');

    await sendKeys({ type: '.edu' });
    await until(() => spoken(alert) === '', 'the alert region cleared once the error is gone');
    await sendKeys({ press: 'Enter' });
    await findText(el, '[part~="title"]', 'Check your email', 10_000);
    await until(() => spoken(status) === 'Check your email', 'the new screen named');
    expect(spoken(alert)).to.equal('');

    ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
    await findText(el, '[part~="title"]', 'Sign up or log in');
    await until(() => spoken(status) === title(el), 'Main named again');
  });

  it("reads a product screen's error (a wrong passcode), once, and the same error again after it was cleared", async () => {
    const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    const email = uniqueEmail();
    const input = (await until(() => $(el, 'input[type="email"]'), 'Main')) as HTMLInputElement;
    typeInto(input, email);
    input.focus();
    await sendKeys({ press: 'Enter' });
    await findText(el, '[part~="title"]', 'Enter passcode', 10_000);
    const { status, alert } = regions(el);
    await until(() => spoken(status) === 'Enter passcode', 'the passcode screen named');

    const passcode = (await until(() => $(el, 'input[part~="passcode-input"]'), 'the passcode input')) as HTMLInputElement;
    const code = await latestOtpCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    typeInto(passcode, wrong);
    await until(() => spoken(alert) === 'Invalid passcode, please try again.', 'the wrong code read out');
    // One alert node per error: a repeat is a fresh insertion, which screen readers read again.
    expect(alert.children).to.have.length(1);
    const first = alert.firstElementChild;

    await until(() => !passcode.disabled && passcode.value === '', 'the field ready again');
    typeInto(passcode, '1');
    await until(() => spoken(alert) === '', 'the error cleared by typing');
    typeInto(passcode, wrong);
    await until(() => spoken(alert) === 'Invalid passcode, please try again.' && alert.firstElementChild !== first, 'the second wrong code read out');
  });
});
