/// <reference types="mocha" />
// <auth-login> as an element: shadow root, styles where the widget renders, theme, properties, attributes, callbacks,
// upgrade, moves and light-DOM mode. Everything runs against the real identity service.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { ROOT_TAG_NAME } from '../../src/widget/dom-names.ts';
import { defineAuthLogin, EVENT_TYPES, WIDGET_ERROR_EVENT, WIDGET_EVENT } from '../../src/widget/index.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from '../../src/widget/index.ts';
import { CLOSED_PORT_URL, recordFetch, resetBrowserState, type FetchRecorder } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import {
  $,
  $$,
  byText,
  findText,
  mount,
  submitEmail,
  title,
  track,
  unmountAll,
  type AuthLoginElement,
} from '../support/widget.ts';
import { until } from '../support/poll.ts';

const PRIMARY_RGB = 'rgb(25, 48, 61)'; // #19303D
const SEND_LINK_PATH = '/magic_links/email/login_or_create';
const LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E';

function container(el: HTMLElement): HTMLElement {
  const node = $(el, '[part~="container"]');
  if (!node) throw new Error('no container part');
  return node;
}

/** The container's computed width, or undefined while it is not rendered (just after a move, React renders again). */
function widthOf(el: HTMLElement): string | undefined {
  const node = $(el, '[part~="container"]');
  return node ? getComputedStyle(node).width : undefined;
}

async function rendered(el: HTMLElement): Promise<void> {
  await until(() => $(el, 'input[type="email"]'), 'Main to render');
}

const headStyles = () => document.head.querySelectorAll('style').length;

describe('<auth-login> element', () => {
  let rec: FetchRecorder;
  let headBefore: number;
  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    headBefore = headStyles();
  });
  afterEach(() => {
    rec.restore();
    unmountAll();
  });

  it(
    'renders Main inside its open shadow root, with its Emotion styles in that shadow root and ' +
      'none in document.head',
    async () => {
      const el = mount();
      await rendered(el);
      expect(el.shadowRoot).to.not.equal(null);
      expect(title(el)).to.equal('Sign up or log in');
      expect($(el, 'h2')?.textContent).to.equal('Sign up or log in');
      const styles = el.shadowRoot!.querySelectorAll('style[data-emotion]');
      expect(styles.length).to.be.greaterThan(0);
      for (const style of styles) expect(style.getAttribute('data-emotion')).to.match(/^auth-login/);
      // The styles' container is a node of its own, not the shadow root React renders into.
      expect(styles[0]!.parentNode).to.not.equal(el.shadowRoot);
      expect(el.shadowRoot!.contains(styles[0]!.parentNode)).to.equal(true);
      expect(headStyles()).to.equal(headBefore);
      expect(document.head.querySelector('style[data-emotion]')).to.equal(null);
      expect(el.querySelector('*')).to.equal(null, 'nothing in the light DOM');
    },
  );

  it(
    'applies the default theme: container 400px wide with 8px corners, primary button #19303D, ' +
      '4px corners, 45px high, Arial',
    async () => {
      const el = mount();
      await rendered(el);
      const box = getComputedStyle(container(el));
      expect(box.width).to.equal('400px');
      expect(box.borderTopLeftRadius).to.equal('8px');
      expect(box.borderBottomRightRadius).to.equal('8px');
      expect(box.fontFamily).to.match(/^Arial, Helvetica/);
      const button = byText(el, 'button', 'Continue')!;
      const b = getComputedStyle(button);
      expect(b.backgroundColor).to.equal(PRIMARY_RGB);
      expect(b.borderTopLeftRadius).to.equal('4px');
      expect(b.height).to.equal('45px');
      expect(b.color).to.equal('rgb(255, 255, 255)');
      expect(getComputedStyle(el).getPropertyValue('--auth-login-color-primary').trim()).to.equal('#19303D');
    },
  );

  it('lets the theme property override a colour and the container width, also after the first render', async () => {
    const el = mount({ theme: { colors: { primary: '#ff0000' }, container: { width: 320 } } });
    await rendered(el);
    expect(getComputedStyle(byText(el, 'button', 'Continue')!).backgroundColor).to.equal('rgb(255, 0, 0)');
    expect(getComputedStyle(container(el)).width).to.equal('320px');
    expect(getComputedStyle($(el, 'h2')!).color).to.equal('rgb(255, 0, 0)');

    el.theme = { buttons: { primary: { backgroundColor: '#00ff00' } } };
    await until(
      () => getComputedStyle(byText(el, 'button', 'Continue')!).backgroundColor === 'rgb(0, 255, 0)',
      'the new button colour',
    );
    expect(getComputedStyle(container(el)).width).to.equal('400px');
    // The new render went through r2wc's untyped `view` property (r2wc-adapter.ts): nothing is reflected to an
    // attribute.
    expect(el.getAttributeNames().sort()).to.deep.equal(['base-url', 'public-token']);
  });

  it('shrinks to a parent narrower than the theme width instead of overflowing it (phones)', async () => {
    const narrow = document.createElement('div');
    // A centred column, as pages usually place a sign-in box: the element is sized by its content there.
    narrow.style.cssText = 'width: 300px; display: flex; flex-direction: column; align-items: center';
    document.body.append(narrow);
    try {
      const el = mount();
      narrow.append(el);
      await rendered(el);
      expect(container(el).getBoundingClientRect().width).to.equal(300);
      expect(byText(el, 'button', 'Continue')!.getBoundingClientRect().right).to.be.at.most(
        narrow.getBoundingClientRect().right,
      );
    } finally {
      narrow.remove();
    }
  });

  it('lets page CSS override a theme colour through the --auth-login-* custom properties', async () => {
    const style = document.createElement('style');
    style.textContent = 'auth-login.custom-colour { --auth-login-button-primary-background-color: #0000ff; }';
    document.head.append(style);
    try {
      const el = mount();
      el.classList.add('custom-colour');
      await rendered(el);
      expect(getComputedStyle(byText(el, 'button', 'Continue')!).backgroundColor).to.equal('rgb(0, 0, 255)');
    } finally {
      style.remove();
    }
  });

  it('hides the title with theme.hideHeaderText and shows the logo with its alt text', async () => {
    const el = mount({ theme: { hideHeaderText: true, logo: { logoImageUrl: LOGO } } });
    await rendered(el);
    expect($(el, '[part~="title"]')).to.equal(null);
    expect(el.shadowRoot!.textContent).to.not.contain('Sign up or log in');
    const logo = $(el, 'img[part~="logo"]') as HTMLImageElement;
    expect(logo.getAttribute('src')).to.equal(LOGO);
    expect(logo.alt).to.equal('Logo');
  });

  it(
    "shows 'Email format is invalid.' for a badly formed address typed with the keyboard, and " + 'sends nothing',
    async () => {
      const el = mount();
      await rendered(el);
      const input = $(el, 'input[type="email"]') as HTMLInputElement;
      input.focus();
      await sendKeys({ type: 'student@nowhere' });
      await sendKeys({ press: 'Enter' });
      const error = await findText(el, '[part~="error"]', 'Email format is invalid.');
      expect(input.getAttribute('aria-invalid')).to.equal('true');
      expect(input.getAttribute('aria-describedby')).to.equal(error.id);
      expect(error.getAttribute('aria-live')).to.equal('polite');
      expect(title(el)).to.equal('Sign up or log in');

      // Typing again clears the message.
      await sendKeys({ type: '.edu' });
      await until(() => !byText(el, '[part~="error"]', 'Email format is invalid.'), 'the message to clear');

      // The statechart chose between sending and the message when the first address was submitted, so a request for it
      // would precede the message: once the corrected address is sent, its request must be the only one.
      await sendKeys({ press: 'Enter' });
      const sent = await until(() => rec.to(SEND_LINK_PATH)[0], 'the corrected address to be sent');
      expect(rec.to(SEND_LINK_PATH)).to.have.length(1);
      expect(JSON.parse(sent.body!)).to.have.property('email', 'student@nowhere.edu');
    },
  );

  it('labels the email field "Email" (autocomplete=email) and makes Continue a submit button', async () => {
    const el = mount();
    await rendered(el);
    const input = $(el, 'input') as HTMLInputElement;
    const label = $(el, `label[for="${input.id}"]`)!;
    expect(label.textContent).to.equal('Email');
    expect(input.type).to.equal('email');
    expect(input.autocomplete).to.equal('email');
    expect((byText(el, 'button', 'Continue') as HTMLButtonElement).type).to.equal('submit');
  });

  it(
    'passes the callbacks property intact and dispatches composed auth-login-event / ' + 'auth-login-error events',
    async () => {
      const events: WidgetEventDetail[] = [];
      const errors: WidgetErrorDetail[] = [];
      const onDocument: CustomEvent[] = [];
      const listener = (e: Event) => onDocument.push(e as CustomEvent);
      document.addEventListener(WIDGET_EVENT, listener);
      document.addEventListener(WIDGET_ERROR_EVENT, listener);
      try {
        const el = mount();
        el.callbacks = { onEvent: (e) => events.push(e), onError: (e) => errors.push(e) };
        expect(el.callbacks.onEvent).to.be.a('function');
        await rendered(el);
        const email = uniqueEmail();
        await submitEmail(el, email);
        await until(() => events.length, 'onEvent');
        expect(events[0]!.type).to.equal(EVENT_TYPES.MAGIC_LINK_LOGIN_OR_CREATE);
        expect(events[0]!.data).to.have.property('user_id').that.is.a('string');
        const domEvent = await until(() => onDocument.find((e) => e.type === WIDGET_EVENT), 'the DOM event');
        expect(domEvent.bubbles).to.equal(true);
        expect(domEvent.composed).to.equal(true);
        expect(domEvent.detail).to.deep.equal(events[0]);

        // An unreachable service: the error reaches onError and the DOM.
        const offline = mount({ tagName: 'auth-login' });
        offline.baseUrl = CLOSED_PORT_URL;
        offline.callbacks = { onError: (e) => errors.push(e) };
        await rendered(offline);
        await submitEmail(offline, uniqueEmail());
        await until(() => errors.length, 'onError', 10_000);
        expect(errors[0]!.message).to.equal('Unable to contact our servers.');
        const domError = await until(() => onDocument.find((e) => e.type === WIDGET_ERROR_EVENT), 'the DOM error');
        expect(domError.detail).to.deep.equal(errors[0]);
        expect(domError.composed).to.equal(true);
        await findText(offline, '[part~="error"]', 'Unable to contact our servers.');
      } finally {
        document.removeEventListener(WIDGET_EVENT, listener);
        document.removeEventListener(WIDGET_ERROR_EVENT, listener);
      }
    },
  );

  it('applies properties set before the element is defined (upgrade)', async () => {
    const tag = `auth-login-x${Math.random().toString(36).slice(2, 8)}`;
    const el = track(document.createElement(tag)) as AuthLoginElement;
    const events: WidgetEventDetail[] = [];
    Object.assign(el, {
      publicToken: testEnv.publicToken,
      baseUrl: testEnv.baseUrl,
      theme: { colors: { primary: '#ff0000' } },
      strings: { 'main.title': 'Welcome to Westlight' },
      callbacks: { onEvent: (e: WidgetEventDetail) => events.push(e) },
    });
    document.body.append(el);
    expect(el.shadowRoot).to.equal(null);
    defineAuthLogin(tag);
    expect(customElements.get(tag)).to.be.a('function');
    await rendered(el);
    expect(title(el)).to.equal('Welcome to Westlight');
    expect(getComputedStyle(byText(el, 'button', 'Continue')!).backgroundColor).to.equal('rgb(255, 0, 0)');
    expect(el.getAttribute('public-token')).to.equal(testEnv.publicToken);
    expect(Object.hasOwn(el, 'theme')).to.equal(false);
    await submitEmail(el, uniqueEmail());
    await until(() => events.length, 'the callback set before the upgrade');
    expect(events[0]!.type).to.equal('MAGIC_LINK_LOGIN_OR_CREATE');
    expect(defineAuthLogin(tag)).to.equal(customElements.get(tag), 'defining twice is a no-op');
  });

  it('keeps its styles and its state when moved to another parent', async () => {
    const first = document.body.appendChild(document.createElement('section'));
    const second = document.body.appendChild(document.createElement('div'));
    try {
      const el = mount({ parent: first });
      await rendered(el);
      const email = uniqueEmail();
      await submitEmail(el, email);
      await findText(el, '[part~="title"]', 'Check your email');

      second.append(el);
      await findText(el, '[part~="title"]', 'Check your email');
      expect(el.shadowRoot!.querySelectorAll('style[data-emotion]').length).to.be.greaterThan(0);
      expect(el.shadowRoot!.querySelectorAll('[data-auth-login-styles]').length).to.equal(1, 'old style node removed');
      await until(() => widthOf(el) === '400px', 'the container style after the move');
      expect(getComputedStyle(container(el)).borderTopLeftRadius).to.equal('8px');
      const button = byText(el, 'button', 'Try again')!;
      expect(getComputedStyle(button).borderTopLeftRadius).to.equal('4px');
      expect(getComputedStyle(button).height).to.equal('45px');

      // Moved again, synchronously out and in.
      first.append(el);
      await until(() => widthOf(el) === '400px', 'the container style after a second move');
      expect(byText(el, 'strong', email)).to.not.equal(undefined);
      expect(headStyles()).to.equal(headBefore);
    } finally {
      first.remove();
      second.remove();
    }
  });

  it(
    'renders into the light DOM with enableShadowDOM false (the shadow root holds only a ' +
      '<slot>, in the React root)',
    async () => {
      const el = mount({ config: { enableShadowDOM: false } });
      await until(() => el.querySelector('input[type="email"]'), 'Main in the light DOM');
      expect([...el.shadowRoot!.querySelectorAll('*')].map((n) => n.localName)).to.deep.equal([ROOT_TAG_NAME, 'slot']);
      expect(el.shadowRoot!.querySelector('style')).to.equal(null);
      expect(el.querySelector('[part~="title"]')?.textContent).to.equal('Sign up or log in');
      expect(el.querySelector('style[data-emotion]')).to.not.equal(null, 'styles live next to the UI in the light DOM');
      expect(document.head.querySelector('style[data-emotion]')).to.equal(null);
      const box = el.querySelector<HTMLElement>('[part~="container"]')!;
      expect(getComputedStyle(box).width).to.equal('400px');
      expect(getComputedStyle(box).borderTopLeftRadius).to.equal('8px');
      expect(getComputedStyle(byText(el, 'button', 'Continue')!).backgroundColor).to.equal(PRIMARY_RGB);
      expect(box.assignedSlot).to.equal(null); // inside the light-DOM wrapper, which is slotted
      expect((el.firstElementChild as HTMLElement).assignedSlot).to.equal(el.shadowRoot!.querySelector('slot'));

      // Clicks on portalled content still reach the statechart.
      await submitEmail(el, 'not-an-email');
      await findText(el, '[part~="error"]', 'Email format is invalid.');
    },
  );

  it('reads JSON from the config, theme and strings attributes and reports invalid JSON', async () => {
    const errors: CustomEvent<WidgetErrorDetail>[] = [];
    const host = document.body.appendChild(document.createElement('div'));
    host.addEventListener(WIDGET_ERROR_EVENT, (e) => errors.push(e as CustomEvent<WidgetErrorDetail>));
    try {
      host.innerHTML = `<auth-login public-token="${testEnv.publicToken}" base-url="${testEnv.baseUrl}"
        theme='{"colors":{"primary":"#00ff00"}}' strings='{"main.continue":"Send me a link"}'
        config='{"products":["emailMagicLinks"],"emailMagicLinksOptions":{"loginRedirectURL":"/student-portal"}}'
      ></auth-login>`;
      const el = track(host.firstElementChild as AuthLoginElement);
      const button = await findText(el, 'button', 'Send me a link');
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(0, 255, 0)');
      expect(el.config).to.deep.equal({
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: { loginRedirectURL: '/student-portal' },
      });
      expect(el.theme).to.deep.equal({ colors: { primary: '#00ff00' } });

      el.setAttribute('theme', '{not json');
      const [error] = await until(() => (errors.length ? errors : undefined), 'the invalid JSON error');
      expect(error!.detail.message).to.equal('The theme attribute is not valid JSON.');
      await until(
        () => getComputedStyle(byText(el, 'button', 'Send me a link')!).backgroundColor === PRIMARY_RGB,
        'the default theme',
      );

      // The message comes from the catalogue, so `strings` overrides it like any other.
      el.strings = { 'element.invalidJson': 'Fix the {attribute} attribute.' };
      el.setAttribute('config', '{still not json');
      const overridden = await until(() => errors[1], 'the second invalid JSON error');
      expect(overridden.detail.message).to.equal('Fix the config attribute.');
    } finally {
      host.remove();
    }
  });

  it('exposes its headless client as a read-only client property', async () => {
    const el = mount();
    await rendered(el);
    const client = el.client!;
    expect(client.publicToken).to.equal(testEnv.publicToken);
    expect(client.baseUrl).to.equal(testEnv.baseUrl);
    expect(() => {
      (el as unknown as { client: unknown }).client = null;
    }).to.throw(TypeError);
    expect(el.client).to.equal(client);
  });

  it('puts the CSP nonce on every <style> it inserts (nonce attribute or config.nonce)', async () => {
    const el = document.createElement('auth-login') as AuthLoginElement;
    el.setAttribute('nonce', 'n0nce-attr');
    el.baseUrl = testEnv.baseUrl;
    el.publicToken = testEnv.publicToken;
    document.body.append(track(el));
    await rendered(el);
    const styles = [...el.shadowRoot!.querySelectorAll('style')];
    expect(styles.length).to.be.greaterThan(0);
    for (const style of styles) expect(style.nonce).to.equal('n0nce-attr');

    const configured = mount({ config: { nonce: 'n0nce-config' } });
    await rendered(configured);
    for (const style of configured.shadowRoot!.querySelectorAll('style')) expect(style.nonce).to.equal('n0nce-config');
  });

  it('renders nothing until it has a public token', async () => {
    const el = track(document.createElement('auth-login') as AuthLoginElement);
    el.baseUrl = testEnv.baseUrl;
    document.body.append(el);
    // A sibling with a token, connected just after, goes through the same start-up steps: once it shows Main, this
    // one has had every chance to render too.
    await rendered(mount());
    expect($$(el, '*').filter((n) => n.localName !== 'style')).to.have.length(0);
    expect(el.client).to.equal(undefined);
    el.publicToken = testEnv.publicToken;
    await rendered(el);
    expect(title(el)).to.equal('Sign up or log in');
  });
});
