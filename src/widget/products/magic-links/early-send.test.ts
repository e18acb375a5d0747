/// <reference types="mocha" />
// The magic link's early send (the record's emailSend, index.ts, and early-send.ts): Continue on the first paint's
// Email tab sends the link at once over the headless client, paints Email Confirmation from its view when the service
// has answered, and leaves the request for the product's send to adopt (adoptOrSend). The first paint is the real
// Shell, the client a real one of the test service; requests are counted from the browser's own Resource Timing
// entries, emails in the dev inbox.
// (test/e2e/first-paint.test.ts plays the same through the built element with React's chunk held back.)
import { expect } from 'chai';
import type { AuthClient } from '../../../client/types.ts';
import { makeClient, resetBrowserState } from '../../../../test/support/client.ts';
import { devInbox, testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import { nextBusy, shellInput } from '../../../../test/support/shell.ts';
import { until } from '../../../../test/support/poll.ts';
import { typeInto } from '../../../../test/support/widget.ts';
import { resolveConfig, type AuthLoginConfig } from '../../config.ts';
import { LATER_CLASSES, LATER_CSS } from '../../shell/later-styles.generated.ts';
import { SHELL_ATTRIBUTE, Shell } from '../../shell/shell.ts';
import { magicLinkWireOptions } from './config.ts';
import { adoptOrSend } from './index.ts';

const SEND_PATH = '/sdk/v1/magic_links/email/login_or_create';

/** The magic-link sends this page has made since `since` (performance.now()), as the browser recorded them. */
function sendsSince(since: number): number {
  return performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime >= since && new URL(entry.name).pathname === SEND_PATH).length;
}

interface Painted {
  shell: Shell;
  shadow: ShadowRoot;
  box: Element;
  client: AuthClient;
  since: number;
}

const hosts: HTMLElement[] = [];

/** The first paint of `config` with its client made, an address typed in its email field (focused) and Continue. */
function paintAndContinue(config: AuthLoginConfig, email: string): Painted {
  const host = document.body.appendChild(document.createElement('div'));
  hosts.push(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const client = makeClient();
  const shell = new Shell(shadow, shellInput(config, client));
  shell.clientMade();
  const box = shadow.querySelector(`[part~="container"][${SHELL_ATTRIBUTE}]`)!;
  const input = box.querySelector<HTMLInputElement>('input[type="email"]')!;
  input.focus();
  typeInto(input, email);
  const since = performance.now();
  box.querySelector('form')!.requestSubmit();
  return { shell, shadow, box, client, since };
}

/**
 * Settles once the first paint's early send has had its chance: its module is loaded (the same instance the shell
 * loads) and a round trip to the service has been answered since, so a request made then has been recorded.
 */
async function settled(): Promise<void> {
  await import('./early-send.ts');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await devInbox('nobody@example.com');
}

describe('magic links: the first paint sends the link and paints Email Confirmation', () => {
  before(() => resetBrowserState());
  afterEach(() => {
    for (const host of hosts.splice(0)) host.remove();
  });

  it('Continue sends once over the client and paints the confirmation with its texts, styles and focus', async () => {
    const email = uniqueEmail('early-send');
    const { shell, shadow, box, since } = paintAndContinue({ products: ['emailMagicLinks'] }, email);
    const title = await until(
      () => box.querySelector<HTMLElement>('[part~="title"]')?.textContent === 'Check your email' && box,
      'the painted confirmation',
    );
    expect(title).to.equal(box);
    expect(sendsSince(since)).to.equal(1, 'one request');
    expect((await devInbox(email)).length).to.equal(1, 'one email');
    expect(box.querySelector('[part~="text"]')!.textContent).to.equal(`An email was sent to ${email}`);
    expect(box.querySelector('[part~="text"] strong')!.textContent).to.equal(email);
    expect([...box.querySelectorAll('a[part~="link"]')].map((link) => link.textContent)).to.deep.equal([
      'Open Gmail',
      'Open Yahoo',
      'Open Outlook',
    ]);
    expect(box.querySelector('button[part~="back-button"]')!.getAttribute('aria-label')).to.equal('Back');
    expect(box.querySelector('button[part~="button-secondary"]')!.textContent).to.equal('Try again');
    expect(box.querySelector('[role="status"]')!.textContent).to.equal('Check your email', 'said, as React says it');
    // The focus was in the form: it moves to the new screen's title, as React's Header moves it.
    expect(shadow.activeElement?.getAttribute('part')).to.equal('title');
    // The screen's styles came compiled apart (later-styles.generated.ts) and apply.
    expect(box.querySelector('a[part~="link"]')!.className).to.equal(LATER_CLASSES['magic-links.link']);
    expect(box.querySelector('[part~="text"]')!.className).to.equal(LATER_CLASSES.text);
    expect(shadow.querySelector(`[${SHELL_ATTRIBUTE}] style`)!.textContent).to.include(LATER_CSS);
    expect(getComputedStyle(box.querySelector('ul')!).listStyleType).to.equal('none');
    expect(shell.state().painted?.screen).to.equal('EmailConfirmation');

    // Pressed before React arrives: held for the product's machine (the hand-over sends it), the first press alone.
    box.querySelector<HTMLButtonElement>('button[part~="back-button"]')!.click();
    box.querySelector<HTMLButtonElement>('button[part~="button-secondary"]')!.click();
    expect(shell.state().held).to.deep.equal({ type: 'BACK' });
  });

  it("makes the request in Continue's own task, not once the screen's module has loaded", async () => {
    const config = { products: ['emailMagicLinks'] } satisfies AuthLoginConfig;
    const email = uniqueEmail('early-task');
    const { box, client, since } = paintAndContinue(config, email);
    // Still in Continue's task: the product finds the call already made and adopts it. Made later (in the module), the
    // product would send one itself now and the first paint's would be a second request and a second email.
    const options = magicLinkWireOptions(resolveConfig(config, testEnv.pageOrigin).emailMagicLinksOptions);
    const adopted = adoptOrSend(client, email, options);
    expect((await adopted).status_code).to.equal(200);
    await until(() => box.querySelector('[part~="link"]'), 'the painted confirmation');
    expect(sendsSince(since)).to.equal(1, "one request, made in Continue's task");
    expect((await devInbox(email)).length).to.equal(1, 'one email');
  });

  it('with the bootstrap answered, the request leaves before Continue is rendered busy', async () => {
    const email = uniqueEmail('early-order');
    const host = document.body.appendChild(document.createElement('div'));
    hosts.push(host);
    const client = makeClient();
    // As on a visitor's page once the element's bootstrap has answered: nothing left for the send to wait on.
    await client.bootstrap.get();
    await import('./early-send.ts');
    const shell = new Shell(host.attachShadow({ mode: 'open' }), shellInput({ products: ['emailMagicLinks'] }, client));
    shell.clientMade();
    const box = host.shadowRoot!.querySelector(`[part~="container"][${SHELL_ATTRIBUTE}]`)!;
    typeInto(box.querySelector<HTMLInputElement>('input[type="email"]')!, email);
    const since = performance.now();
    const busyAt = nextBusy(box.querySelector('button[type="submit"]')!, () => performance.now());
    box.querySelector('form')!.requestSubmit();
    const busy = await busyAt;
    await until(() => box.querySelector('[part~="link"]'), 'the painted confirmation');
    const [send] = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime >= since && new URL(entry.name).pathname === SEND_PATH);
    // Rendered busy in Continue's own task, the render ran before the call's microtasks and the request after it.
    expect(send!.startTime, 'the request left first').to.be.below(busy);
  });

  it('the product adopts that request once (same address and options); anything else is sent anew', async () => {
    const config = { products: ['emailMagicLinks'] } satisfies AuthLoginConfig;
    const email = uniqueEmail('early-adopt');
    const { box, client, since } = paintAndContinue(config, email);
    await until(() => box.querySelector('[part~="link"]'), 'the painted confirmation');
    const options = magicLinkWireOptions(resolveConfig(config, testEnv.pageOrigin).emailMagicLinksOptions);
    const adopted = await adoptOrSend(client, email, options);
    expect(adopted.status_code).to.equal(200);
    expect(sendsSince(since)).to.equal(1, 'adopted: no second request');
    expect((await devInbox(email)).length).to.equal(1);
    // Taken once: a later send (Try again) sends.
    await adoptOrSend(client, email, options);
    expect(sendsSince(since)).to.equal(2, 'a later send is sent');
    expect((await devInbox(email)).length).to.equal(2);
  });

  it('a send made for another address or other options is not adopted', async () => {
    const config = { products: ['emailMagicLinks'] } satisfies AuthLoginConfig;
    const email = uniqueEmail('early-other');
    const { box, client, since } = paintAndContinue(config, email);
    await until(() => box.querySelector('[part~="link"]'), 'the painted confirmation');
    const options = magicLinkWireOptions(resolveConfig(config, testEnv.pageOrigin).emailMagicLinksOptions);
    await adoptOrSend(client, email, { ...options, login_expiration_minutes: 5 });
    expect(sendsSince(since)).to.equal(2, 'other options: sent');
    const other = uniqueEmail('early-other-address');
    await adoptOrSend(client, other, options);
    expect(sendsSince(since)).to.equal(3, 'another address: sent');
    expect((await devInbox(other)).length).to.equal(1);
  });

  it("React's start waits until the early send's screen is painted (its long tasks stay out of the way)", async () => {
    const email = uniqueEmail('early-quiet');
    const { shell, box } = paintAndContinue({ products: ['emailMagicLinks'] }, email);
    let titleWhenQuiet: string | null | undefined;
    await shell.quiet().then(() => {
      titleWhenQuiet = box.querySelector('[part~="title"]')?.textContent;
    });
    expect(titleWhenQuiet).to.equal('Check your email');
    expect(shell.state().painted?.screen).to.equal('EmailConfirmation');
  });

  it('the visitor putting the focus in the form makes the client at once, before any timer', () => {
    const host = document.body.appendChild(document.createElement('div'));
    hosts.push(host);
    const shadow = host.attachShadow({ mode: 'open' });
    let made = 0;
    const shell = new Shell(shadow, {
      ...shellInput({ products: ['emailMagicLinks'] }),
      client: () => {
        made += 1;
        return undefined;
      },
    });
    expect(made, 'painted: not yet').to.equal(0);
    shadow.querySelector<HTMLInputElement>('input[type="email"]')!.focus();
    expect(made, 'focused: made in the same task').to.equal(1);
    shadow.querySelector<HTMLInputElement>('input[type="email"]')!.blur();
    shadow.querySelector<HTMLInputElement>('input[type="email"]')!.focus();
    expect(made, 'asked for once').to.equal(1);
    expect(shell.state().painted).to.equal(null);
  });

  it('an invalid address is not sent: nothing is painted, Continue waits for React', async () => {
    const { shell, box, since } = paintAndContinue({ products: ['emailMagicLinks'] }, 'not-an-address');
    await settled();
    expect(sendsSince(since)).to.equal(0, 'nothing sent');
    expect(shell.state()).to.include({ submitted: true, painted: null });
    // Continue shows busy in the frame after it was pressed, not in its own task: the wait is for that frame.
    await until(
      () => box.querySelector('button[type="submit"]')!.getAttribute('aria-busy') === 'true',
      'Continue shown busy',
    );
  });

  it('a send the service refuses paints nothing, and the product adopts the refusal with its message', async () => {
    const config = {
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: { loginRedirectURL: 'https://elsewhere.example/', signupRedirectURL: '/x' },
    } satisfies AuthLoginConfig;
    const email = uniqueEmail('early-refused');
    const { shell, box, client, since } = paintAndContinue(config, email);
    await until(() => sendsSince(since) === 1, 'the send');
    await settled();
    expect(shell.state().painted).to.equal(null);
    expect(box.querySelector('button[type="submit"]')!.getAttribute('aria-busy')).to.equal('true');
    const options = magicLinkWireOptions(resolveConfig(config, testEnv.pageOrigin).emailMagicLinksOptions);
    const refusal = await adoptOrSend(client, email, options).then(
      () => null,
      (error: unknown) => error as { error_type?: string },
    );
    expect(refusal?.error_type).to.equal('invalid_redirect_url');
    expect(sendsSince(since)).to.equal(1, 'the refusal adopted: not sent again');
  });

  it('another product on the Email tab (passcodes) sends nothing early: Continue waits for React', async () => {
    const { shell, since } = paintAndContinue(
      { products: ['otp'], otpOptions: { methods: ['email'] } },
      uniqueEmail('early-otp'),
    );
    await settled();
    expect(
      performance.getEntriesByType('resource').filter((e) => e.startTime >= since && /\/otps\//.test(e.name)),
    ).to.have.length(0);
    expect(sendsSince(since)).to.equal(0);
    expect(shell.state()).to.include({ submitted: true, painted: null });
  });
});
