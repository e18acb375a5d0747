/// <reference types="mocha" />
// Main's login form with passcodes (beside the passcode product, whose record gives Main its tabs): the tab rules
// (spec section 2), the ARIA tab set, the configuration error, and the email validation message of each Email tab.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { loginTabs, resolveConfig } from '../../config.ts';
import type { AuthLoginConfig } from '../../index.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../../../../test/support/client.ts';
import { $, $$, findText, mount, unmountAll } from '../../../../test/support/widget.ts';
import { until } from '../../../../test/support/poll.ts';

/** How many nodes match (failures print a number: serializing a React-rendered node can hang the runner). */
const count = (el: HTMLElement, selector: string) => $$(el, selector).length;
const tabLabels = (el: HTMLElement) => $$(el, '[role="tab"]').map((tab) => tab.textContent);
const selectedTab = (el: HTMLElement) =>
  $$(el, '[role="tab"]').find((tab) => tab.getAttribute('aria-selected') === 'true');

/** Main has rendered its title. */
async function rendered(el: HTMLElement): Promise<void> {
  await findText(el, '[part~="title"]', 'Sign up or log in');
}

describe('<auth-login> login form tabs', () => {
  let rec: FetchRecorder;
  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
  });
  afterEach(() => {
    rec.restore();
    unmountAll();
  });

  const single: [string, AuthLoginConfig, string][] = [
    ['email magic links (the default)', {}, 'input[type="email"]'],
    ['SMS passcodes only', { products: ['otp'], otpOptions: { methods: ['sms'] } }, 'input[type="tel"]'],
    ['WhatsApp passcodes only', { products: ['otp'], otpOptions: { methods: ['whatsapp'] } }, 'input[type="tel"]'],
    ['email passcodes only', { products: ['otp'], otpOptions: { methods: ['email'] } }, 'input[type="email"]'],
  ];
  for (const [name, config, field] of single) {
    it(`one method (${name}) → no tab row, the form itself`, async () => {
      const el = mount({ config });
      await rendered(el);
      await until(() => $(el, field), field);
      expect(count(el, '[role="tablist"]')).to.equal(0);
      expect(count(el, '[role="tabpanel"]')).to.equal(0);
      expect(count(el, '[role="tab"]')).to.equal(0);
    });
  }

  it('several methods → a tab row labelled Text, WhatsApp, Email in the order of the configuration', async () => {
    const cases: [AuthLoginConfig, string[]][] = [
      [{ products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } }, ['Text', 'WhatsApp', 'Email']],
      [
        { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['whatsapp', 'sms'] } },
        ['Email', 'WhatsApp', 'Text'],
      ],
      [{ products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'] } }, ['Text', 'Email']],
      [{ products: ['otp'], otpOptions: { methods: ['email', 'sms'] } }, ['Email', 'Text']],
    ];
    for (const [config, labels] of cases) {
      const el = mount({ config });
      await rendered(el);
      await until(() => $$(el, '[role="tab"]').length === labels.length, `${labels.length} tabs`);
      expect(tabLabels(el), JSON.stringify(config)).to.deep.equal(labels);
      expect(selectedTab(el)?.textContent).to.equal(labels[0], 'the first tab is selected');
      expect($(el, '[role="tablist"]')?.getAttribute('aria-label')).to.equal('Sign-in method');
      unmountAll();
    }
    // The same rule as a function of the resolved configuration.
    expect(loginTabs(resolveConfig({ products: ['otp'], otpOptions: { methods: ['sms', 'sms'] } }))).to.deep.equal([
      'sms',
    ]);
    expect(loginTabs(resolveConfig({ products: ['otp'] }))).to.deep.equal(
      ['email'],
      'otp without methods offers email',
    );
    expect(loginTabs(resolveConfig({ products: ['emailMagicLinks'], otpOptions: { methods: ['sms'] } }))).to.deep.equal(
      ['email'],
      'otpOptions without the otp product adds nothing',
    );
  });

  it(
    'is an ARIA tab set: tablist, tabs with aria-selected and aria-controls, a labelled ' + 'tabpanel, roving tabindex',
    async () => {
      const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } } });
      await rendered(el);
      await until(() => $$(el, '[role="tab"]').length === 3, 'three tabs');
      const tabs = $$(el, '[role="tab"]');
      const panel = $(el, '[role="tabpanel"]')!;
      expect(tabs.map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
      expect(tabs.map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
      for (const tab of tabs) expect(tab.getAttribute('aria-controls')).to.equal(panel.id);
      expect(panel.getAttribute('aria-labelledby')).to.equal(tabs[0]!.id);
      expect(tabs[0]!.getAttribute('part')).to.equal('tab tab-selected');
      expect(tabs[1]!.getAttribute('part')).to.equal('tab');
      await until(() => panel.querySelector('input[type="tel"]'), 'the phone input inside the panel');

      // Clicking selects.
      tabs[2]!.click();
      await until(() => selectedTab(el)?.textContent === 'Email', 'Email selected');
      expect($(el, '[role="tabpanel"]')?.getAttribute('aria-labelledby')).to.equal($$(el, '[role="tab"]')[2]!.id);
      expect(count(el, '[role="tabpanel"] input[type="email"]')).to.equal(1);
    },
  );

  it('moves between tabs with the arrow keys (wrapping), Home and End; focus follows the selection', async () => {
    const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } } });
    await rendered(el);
    await until(() => $$(el, '[role="tab"]').length === 3, 'three tabs');
    $$(el, '[role="tab"]')[0]!.focus();
    const expectSelected = async (label: string) => {
      await until(() => selectedTab(el)?.textContent === label, `${label} selected`);
      expect(el.shadowRoot!.activeElement?.textContent).to.equal(label, 'focus is on the selected tab');
      expect(
        $$(el, '[role="tab"]')
          .filter((t) => t.tabIndex === 0)
          .map((t) => t.textContent),
      ).to.deep.equal([label]);
    };
    await sendKeys({ press: 'ArrowRight' });
    await expectSelected('WhatsApp');
    await sendKeys({ press: 'ArrowRight' });
    await expectSelected('Email');
    await sendKeys({ press: 'ArrowRight' });
    await expectSelected('Text');
    await sendKeys({ press: 'ArrowLeft' });
    await expectSelected('Email');
    await sendKeys({ press: 'Home' });
    await expectSelected('Text');
    await sendKeys({ press: 'End' });
    await expectSelected('Email');
    // Tab leaves the tab row for the panel's field.
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.getAttribute('type')).to.equal('email');
  });

  it("EML and email OTP together → 'Cannot use both EML and Email OTP' and no login form", async () => {
    const el = mount({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email', 'sms'] } } });
    await rendered(el);
    const error = await findText(el, '[part~="error"]', 'Cannot use both EML and Email OTP');
    expect(error.getAttribute('role')).to.equal('alert');
    // No waiting: Main renders the configuration error instead of the form, in the same render, from the config alone.
    expect(count(el, 'form')).to.equal(0);
    expect(count(el, '[role="tablist"]')).to.equal(0);
  });

  it(
    "the Email tab of email passcodes says 'Invalid email address.'; of magic links 'Email " + "format is invalid.'",
    async () => {
      const otp = mount({ config: { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } } });
      await rendered(otp);
      (await until(() => $$(otp, '[role="tab"]')[1], 'the Email tab')).click();
      const input = (await until(() => $(otp, 'input[type="email"]'), 'the email input')) as HTMLInputElement;
      input.focus();
      await sendKeys({ type: 'student@nowhere' });
      await sendKeys({ press: 'Enter' });
      await findText(otp, '[part~="error"]', 'Invalid email address.');
      unmountAll();

      const eml = mount({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } } });
      await rendered(eml);
      const emlInput = (await until(() => $(eml, 'input[type="email"]'), 'the email input')) as HTMLInputElement;
      emlInput.focus();
      await sendKeys({ type: 'student@nowhere' });
      await sendKeys({ press: 'Enter' });
      await findText(eml, '[part~="error"]', 'Email format is invalid.');
      expect(rec.to('/otps/')).to.have.length(0);
      expect(rec.to('/magic_links/')).to.have.length(0);
    },
  );
});
