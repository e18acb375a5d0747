/// <reference types="mocha" />
// The first-paint shell: Main's email form painted by the entry file before React, with React's own
// styles, and the hand-over to React's Main. Real element, real service. What a visitor does in the same task the
// element connects in always reaches the shell: React arrives tasks later (the element starts over several tasks).
import { expect } from 'chai';
import { resetBrowserState } from '../../../test/support/client.ts';
import { devInbox, testEnv, uniqueEmail, uniquePhoneNumber } from '../../../test/support/env.ts';
import { nextBusy, shellInput } from '../../../test/support/shell.ts';
import { until } from '../../../test/support/poll.ts';
import {
  $,
  findText,
  mount,
  title,
  track,
  typeInto,
  unmountAll,
  type AuthLoginElement,
} from '../../../test/support/widget.ts';
import { BLOCK_PLACEHOLDER_ATTRIBUTE, ROOT_TAG_NAME } from '../dom-names.ts';
import type { HeldStart } from './blocks.ts';
import { adoptBlocks } from './take-over.ts';
import { SHELL_ATTRIBUTE, Shell, TYPING_PAUSE_MS } from './shell.ts';

const SHELL = `[${SHELL_ATTRIBUTE}]`;

/** A node of the shell (present only until React takes over). */
function shellNode<T extends HTMLElement>(el: AuthLoginElement, selector: string): T | null {
  return el.shadowRoot!.querySelector<T>(`[part~="container"]${SHELL} ${selector}`);
}

/**
 * The shell's nodes matching `selector` the moment they appear: a block's buttons are painted once its small module
 * has loaded, and React may take over a few tasks later, so they are caught by a MutationObserver (its callback runs
 * before any later task), where `act` can also press one.
 */
function whenShellShows<T extends HTMLElement>(
  el: AuthLoginElement,
  selector: string,
  act: (nodes: T[]) => void = () => undefined,
): Promise<T[]> {
  return new Promise((resolve) => {
    const check = () => {
      const nodes = [...el.shadowRoot!.querySelectorAll<T>(`${SHELL} ${selector}`)];
      if (nodes.length === 0) return false;
      act(nodes);
      resolve(nodes);
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(el.shadowRoot!, { childList: true, subtree: true });
  });
}

/** Waits until React's first screen has taken over: no shell node left, React's Main in place. */
async function takenOver(el: AuthLoginElement): Promise<void> {
  await until(
    () => !el.shadowRoot!.querySelector(SHELL) && $(el, 'input[type="email"]'),
    'React to take over from the shell',
  );
}

describe('first-paint shell', () => {
  before(() => resetBrowserState());
  afterEach(() => unmountAll());

  it(
    "paints Main's email form at once, with the spec's texts and parts, and the same classes " + 'React renders',
    async () => {
      // No phone form is built where no tab shows it: its country's name (the browser's region names) costs tens of
      // milliseconds of the first paint on their first use.
      const of = Intl.DisplayNames.prototype.of;
      let regionLookups = 0;
      Intl.DisplayNames.prototype.of = function (this: Intl.DisplayNames, code: string) {
        regionLookups++;
        return of.call(this, code);
      };
      let el: AuthLoginElement;
      try {
        el = mount({ config: { products: ['emailMagicLinks'] } });
      } finally {
        Intl.DisplayNames.prototype.of = of;
      }
      expect(regionLookups).to.equal(0, 'no region name looked up');
      // Same task as the connection: the shell is there, React is not.
      expect(el.shadowRoot!.querySelector(ROOT_TAG_NAME)).to.equal(null);
      const input = shellNode<HTMLInputElement>(el, 'input')!;
      expect(input, 'the email input').to.not.equal(null);
      expect(input.type).to.equal('email');
      expect(input.disabled).to.equal(false);
      expect(input.getClientRects().length).to.be.greaterThan(0, 'visible');
      expect(input.autocomplete).to.equal('email');
      expect(input.placeholder).to.equal('example@email.com');
      expect(shellNode(el, '[part~="title"]')!.textContent).to.equal('Sign up or log in');
      const label = shellNode<HTMLLabelElement>(el, 'label')!;
      expect(label.textContent).to.equal('Email');
      expect(label.control).to.equal(input, 'the label names the input');
      expect(shellNode(el, 'button[type="submit"]')!.textContent).to.equal('Continue');

      const shellClasses = Object.fromEntries(
        [
          '[part~="container"]',
          '[part~="title"]',
          '[part~="label"]',
          '[part~="input"]',
          '[part~="button"]',
          '[part~="form"]',
        ].map((part) => [
          part,
          (part === '[part~="container"]' ? el.shadowRoot!.querySelector(`${part}${SHELL}`) : shellNode(el, part))!
            .className,
        ]),
      );
      // The shell's rules come compiled at build time (view/styles.ts): one stylesheet, no CSS compiler in the page.
      const sheets = [...el.shadowRoot!.querySelectorAll(`[data-auth-login-styles]${SHELL} style`)];
      expect(sheets.length).to.equal(1, 'one stylesheet');
      expect(sheets[0]!.textContent).to.include(`.${input.className}{`);
      expect(getComputedStyle(input).borderRadius).to.equal('4px', "the theme's input radius applies");
      await takenOver(el);
      for (const [part, className] of Object.entries(shellClasses)) {
        expect($(el, part)!.className, part).to.equal(className);
      }
      // React's cache starts from the same compiled rules: the input's rule is defined once, not compiled again.
      const defining = [...el.shadowRoot!.querySelectorAll('[data-auth-login-styles] style')].filter((style) =>
        style.textContent!.includes(`.${shellClasses['[part~="input"]']}{`),
      );
      expect(defining.length).to.equal(1);
    },
  );

  it('hands the typed address and the focus over to React', async () => {
    const el = mount();
    const input = shellNode<HTMLInputElement>(el, 'input')!;
    input.focus();
    typeInto(input, 'ada@westlight.edu');
    await takenOver(el);
    const reactInput = $(el, 'input[type="email"]') as HTMLInputElement;
    expect(reactInput.value).to.equal('ada@westlight.edu');
    expect(el.shadowRoot!.activeElement).to.equal(reactInput);
    expect(
      el.shadowRoot!.querySelector(ROOT_TAG_NAME)!.getClientRects().length +
        $(el, '[part~="container"]')!.getClientRects().length,
    ).to.be.greaterThan(0);
  });

  it('holds Continue pressed before React arrives, then sends the link', async () => {
    const email = uniqueEmail('shell');
    const el = mount();
    typeInto(shellNode<HTMLInputElement>(el, 'input')!, email);
    const button = shellNode<HTMLButtonElement>(el, 'button[type="submit"]')!;
    // Shown busy in the frame after the press (the call leaves first), before anything that follows it.
    const busy = nextBusy(button);
    button.click();
    expect(await busy).to.equal('true', 'shown busy while held');
    await findText(el, '[part~="title"]', 'Check your email');
    expect(el.shadowRoot!.querySelector(SHELL)).to.equal(null);
    const mail = await until(async () => (await devInbox(email))[0], 'the magic link in the dev inbox');
    expect(mail.to).to.include(email);
  });

  it(
    'paints the sign-in method tabs and the phone form; a tab switched, typed into and ' + 'submitted passes to React',
    async () => {
      const phone = uniquePhoneNumber();
      const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } } });
      const tabs = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>(`${SHELL} [role="tab"]`)];
      expect(tabs.map((tab) => tab.textContent)).to.deep.equal(['Text', 'Email']);
      expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal(['true', 'false']);
      expect(shellNode(el, 'label')!.textContent).to.equal('Phone number');
      expect(shellNode<HTMLSelectElement>(el, 'select')!.selectedOptions[0]!.textContent).to.equal(
        'United States (+1)',
      );
      // The Email tab and back, as React's tabs do.
      tabs[1]!.click();
      expect(shellNode(el, 'input[type="email"]')).to.not.equal(null);
      typeInto(shellNode<HTMLInputElement>(el, 'input[type="email"]')!, 'ada@westlight.edu');
      tabs[0]!.click();
      const tel = shellNode<HTMLInputElement>(el, 'input[type="tel"]')!;
      tel.focus();
      typeInto(tel, phone.slice(2));
      shellNode<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
      await findText(el, '[part~="title"]', 'Enter passcode');
      expect(el.shadowRoot!.querySelector(SHELL)).to.equal(null);
      const code = await until(async () => (await devInbox(phone))[0], 'the passcode by text message');
      expect(code.channel).to.equal('sms');
    },
  );

  it("keeps a keyboard user's focus on Continue and on a social button through the hand-over", async () => {
    const el = mount();
    shellNode<HTMLButtonElement>(el, 'button[type="submit"]')!.focus();
    await takenOver(el);
    await until(() => el.shadowRoot!.activeElement === $(el, 'button[type="submit"]'), "the focus on React's Continue");

    const social = mount({
      config: { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } },
    });
    await whenShellShows<HTMLButtonElement>(social, 'button[part~="oauth-button"]', ([google]) => google!.focus());
    await until(
      () => !social.shadowRoot!.querySelector(SHELL) && $(social, 'input[type="email"]'),
      'React to take over',
    );
    // On React's own Google button in the end (the painted one, if it moved into React's Main, is replaced).
    await until(() => {
      const active = social.shadowRoot!.activeElement as HTMLElement | null;
      return active?.dataset.provider === 'google' && !active.closest(`[${BLOCK_PLACEHOLDER_ATTRIBUTE}]`);
    }, "the focus on React's Google button");
  });

  it(
    'painted again (the page sets a property before React arrives), keeps the tab, what was ' + 'typed and the focus',
    async () => {
      const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['email', 'sms'] } } });
      const first = el.shadowRoot!.querySelector(`[part~="container"]${SHELL}`);
      el.shadowRoot!.querySelectorAll<HTMLButtonElement>(`${SHELL} [role="tab"]`)[1]!.click();
      const tel = shellNode<HTMLInputElement>(el, 'input[type="tel"]')!;
      tel.focus();
      typeInto(tel, '4155550123');
      el.theme = { colors: { primary: '#0b3d91' } };
      const repainted = el.shadowRoot!.querySelector(`[part~="container"]${SHELL}`);
      expect(repainted, 'a new shell').to.not.equal(null);
      expect(repainted).to.not.equal(first);
      expect(shellNode(el, '[part~="tab-selected"]')!.textContent).to.equal('Text');
      const again = shellNode<HTMLInputElement>(el, 'input[type="tel"]')!;
      expect(again).to.not.equal(tel);
      expect(again.value).to.equal('4155550123');
      expect(el.shadowRoot!.activeElement).to.equal(again);
      expect(document.activeElement).to.equal(el);
    },
  );

  it('hands the tab shown and the phone field focus over to React', async () => {
    const el = mount({ config: { products: ['otp'], otpOptions: { methods: ['email', 'sms'] } } });
    el.shadowRoot!.querySelectorAll<HTMLButtonElement>(`${SHELL} [role="tab"]`)[1]!.click();
    const tel = shellNode<HTMLInputElement>(el, 'input[type="tel"]')!;
    tel.focus();
    typeInto(tel, '4155550123');
    await until(
      () => !el.shadowRoot!.querySelector(SHELL) && $(el, 'input[type="tel"]'),
      'React to take over on the Text tab',
    );
    expect($(el, '[part~="tab-selected"]')!.textContent).to.equal('Text');
    const reactTel = $(el, 'input[type="tel"]') as HTMLInputElement;
    expect(reactTel.value).to.equal('4155550123');
    await until(() => el.shadowRoot!.activeElement === reactTel, 'the focus on React phone field');
  });

  it(
    'paints the social buttons of a Main without a form, as React renders them (texts, marks, ' + 'classes, order)',
    async () => {
      const el = mount({
        config: {
          products: ['oauth'],
          oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'slack' }] },
        },
      });
      let snapshot:
        | { texts: string[]; usable: boolean; group: string; label: string | null; button: string; mark: string | null }
        | undefined;
      const buttons = await whenShellShows<HTMLButtonElement>(el, 'button[part~="oauth-button"]', (found) => {
        const group = found[0]!.closest('[part~="social-buttons"]')!;
        snapshot = {
          texts: found.map((b) => b.textContent ?? ''),
          usable: found.every((b) => !b.disabled && b.getClientRects().length > 0),
          group: group.className,
          label: group.getAttribute('aria-label'),
          button: found[0]!.className,
          mark: found[2]!.querySelector('[part~="provider-icon"]')!.getAttribute('class'),
        };
      });
      expect(snapshot!.texts).to.deep.equal(['Continue with Google', 'Continue with GitHub', 'Continue with Slack']);
      expect(buttons.map((b) => b.dataset.provider)).to.deep.equal(['google', 'github', 'slack']);
      expect(
        buttons[0]!.querySelector('svg[part~="provider-icon"] path')!.getAttribute('d'),
      ).to.have.length.greaterThan(20);
      expect(buttons[2]!.querySelector('[part~="provider-icon"]')!.getAttribute('data-mark')).to.equal('#');
      expect(snapshot!.usable).to.equal(true, 'visible and enabled');
      expect(snapshot!.label).to.equal('Social sign-in');
      await until(
        () => !el.shadowRoot!.querySelector(SHELL) && $(el, 'button[part~="oauth-button"]'),
        'React to take over with its buttons',
      );
      expect($(el, '[part~="social-buttons"]')!.className).to.equal(snapshot!.group);
      expect($(el, 'button[part~="oauth-button"]')!.className).to.equal(snapshot!.button);
      expect($(el, 'button[data-provider="slack"] [part~="provider-icon"]')!.getAttribute('class')).to.equal(
        snapshot!.mark,
      );
    },
  );

  it('holds a wallet chosen before React arrives, then starts the crypto flow', async () => {
    const el = mount({ config: { products: ['crypto'] } });
    let held: { text: string | null; allDisabled: boolean } | undefined;
    await whenShellShows<HTMLButtonElement>(el, 'button[part~="crypto-button"]', (found) => {
      const metamask = found.find((b) => b.dataset.wallet === 'metamask')!;
      metamask.click();
      // As React's Main shows a started flow: every block button disabled (the same view renders both).
      held = { text: metamask.textContent, allDisabled: found.every((b) => b.disabled) };
    });
    expect(held).to.deep.equal({ text: 'Continue with Metamask', allDisabled: true });
    // No wallet is injected in this page: the flow asks to set one up.
    await findText(el, '[part~="title"]', 'Set up a new crypto wallet');
    expect(el.shadowRoot!.querySelector(SHELL)).to.equal(null);
  });

  it(
    "moves a painted block into the space React's Main keeps for it, its buttons then starting " + "React's flow",
    async () => {
      const host = document.body.appendChild(document.createElement('div'));
      try {
        const shadow = host.attachShadow({ mode: 'open' });
        const shell = new Shell(shadow, shellInput({ products: ['crypto'] }));
        await shell.blocksPainted;
        const block = shadow.querySelector<HTMLElement>(`${SHELL} [part~="crypto-buttons"]`)!;
        expect(block, 'the wallet block painted').to.not.equal(null);
        // React's Main while the crypto chunk loads: the space it keeps, as Main.tsx renders it.
        const reactRoot = shadow.appendChild(document.createElement('div'));
        const space = reactRoot.appendChild(document.createElement('div'));
        space.setAttribute('aria-hidden', 'true');
        space.setAttribute(BLOCK_PLACEHOLDER_ATTRIBUTE, 'crypto');
        const sent: HeldStart[] = [];
        adoptBlocks(shell, reactRoot, (start) => sent.push(start));
        shell.remove();
        expect(block.parentElement).to.equal(space);
        expect(space.hasAttribute('aria-hidden')).to.equal(
          false,
          'the buttons are no longer hidden from assistive technology',
        );
        expect(shadow.querySelector(SHELL)).to.equal(null, 'nothing of the shell is left');
        const styles = [...shadow.querySelectorAll('style')].map((style) => style.textContent).join('');
        expect(styles).to.include(block.className, 'the block keeps its styles');
        block.querySelector<HTMLButtonElement>('[data-wallet="phantom"]')!.click();
        expect(sent).to.deep.equal([{ product: 'crypto', params: { wallet: 'phantom' } }]);
        // A keyboard user tabs onto a moved button after the hand-over; React then renders the block itself.
        block.querySelector<HTMLButtonElement>('[data-wallet="phantom"]')!.focus();
        const reactBlock = document.createElement('div');
        const reactPhantom = reactBlock.appendChild(document.createElement('button'));
        // React's button from the same view: the same part names and data attributes.
        const painted = block.querySelector<HTMLButtonElement>('[data-wallet="phantom"]')!;
        reactPhantom.setAttribute('part', painted.getAttribute('part')!);
        reactPhantom.dataset.wallet = 'phantom';
        space.replaceWith(reactBlock);
        await until(
          () => shadow.activeElement === reactPhantom,
          "the focus on React's Phantom button, not the page's body",
        );
        expect(document.activeElement).to.equal(host);
      } finally {
        host.remove();
      }
    },
  );

  it('is not painted where React would not open on a login form', async () => {
    for (const config of [
      { products: ['emailMagicLinks' as const], enableShadowDOM: false },
      // a configuration error
      { products: ['emailMagicLinks' as const, 'otp' as const], otpOptions: { methods: ['email' as const] } },
    ]) {
      const el = mount({ config });
      expect(el.shadowRoot!.querySelector(SHELL), JSON.stringify(config)).to.equal(null);
    }
    const registration = track(document.createElement('auth-login') as AuthLoginElement);
    registration.setAttribute('mode', 'passkey-registration');
    registration.baseUrl = testEnv.baseUrl;
    registration.publicToken = testEnv.publicToken;
    document.body.append(registration);
    expect(registration.shadowRoot!.querySelector(SHELL), 'mode passkey-registration').to.equal(null);
  });

  it(
    'keeps the height of the social buttons free above the form, with the divider, as React ' + 'does while they load',
    async () => {
      const el = mount({
        config: {
          products: ['oauth', 'emailMagicLinks'],
          oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
        },
      });
      const box = el.shadowRoot!.querySelector<HTMLElement>(`[part~="container"]${SHELL}`)!;
      const reserved = box.querySelector<HTMLElement>('[aria-hidden="true"]')!;
      expect(reserved.getBoundingClientRect().height).to.be.greaterThan(0);
      expect(shellNode(el, '[part~="divider"]')!.textContent).to.equal('or');
      const formTop = shellNode(el, 'form')!.getBoundingClientRect().top - box.getBoundingClientRect().top;
      await until(() => !el.shadowRoot!.querySelector(SHELL) && $(el, 'form'), 'React to take over');
      const reactBox = $(el, '[part~="container"]')!;
      expect($(el, 'form')!.getBoundingClientRect().top - reactBox.getBoundingClientRect().top).to.be.closeTo(
        formTop,
        1,
        'the form does not move at the hand-over',
      );
      expect(title(el)).to.equal('Sign up or log in');
    },
  );

  describe("React's first render waits while the visitor types in the first paint", () => {
    const hosts: HTMLElement[] = [];
    afterEach(() => {
      for (const host of hosts.splice(0)) host.remove();
    });

    /** A first paint of the email form (no client: nothing is sent), its field, and whether quiet() has settled. */
    function typing() {
      const host = document.body.appendChild(document.createElement('div'));
      hosts.push(host);
      const shadow = host.attachShadow({ mode: 'open' });
      const shell = new Shell(shadow, shellInput({ products: ['emailMagicLinks'] }));
      const input = shadow.querySelector<HTMLInputElement>(`${SHELL} input[type="email"]`)!;
      input.focus();
      typeInto(input, 'ada@');
      const state = { settled: false };
      const quiet = shell.quiet().then(() => {
        state.settled = true;
      });
      return { shadow, input, state, quiet };
    }

    const aTask = () => new Promise((resolve) => setTimeout(resolve));

    it('does not start while keys come, and starts at once on Continue', async () => {
      const { shadow, input, state, quiet } = typing();
      await aTask();
      typeInto(input, 'ada@westlight.edu');
      await aTask();
      expect(state.settled, 'typing').to.equal(false);
      shadow.querySelector('form')!.requestSubmit();
      await quiet;
      expect(state.settled).to.equal(true);
    });

    it('starts when the focus leaves the form', async () => {
      const { input, state, quiet } = typing();
      await aTask();
      expect(state.settled, 'typing').to.equal(false);
      input.blur();
      await quiet;
      expect(state.settled).to.equal(true);
    });

    it(`starts after a pause of ${TYPING_PAUSE_MS} ms, and at once when nobody is in the form`, async () => {
      const { state, quiet } = typing();
      await aTask();
      expect(state.settled, 'just typed').to.equal(false);
      const pausedAt = performance.now();
      await quiet;
      expect(performance.now() - pausedAt).to.be.at.least(TYPING_PAUSE_MS - 50, 'not before the pause');
      const idle = typing();
      idle.input.blur();
      await aTask();
      await idle.quiet;
      expect(idle.state.settled).to.equal(true);
    });
  });
});
