/// <reference types="mocha" />
// Main's social block and Google One Tap: button order, 'Last used', the divider rule, the 6-button arithmetic, when
// and where One Tap renders, its statechart and error messages, pressing a provider button, and an OAuth token in
// the page URL authenticated on load.
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { createActor, createMachine, fromCallback, type AnyActorRef } from 'xstate';
import { createAuthClient } from '../../src/client/index.ts';
import { navigation } from '../../src/client/navigation.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { EVENT_TYPES, ONE_TAP_ERRORS, ONE_TAP_RESERVED_HEIGHT_PX, WIDGET_ERROR_EVENT, WIDGET_EVENT } from '../../src/widget/constants.ts';
import { createTranslator, type MessageKey } from '../../src/widget/i18n/index.ts';
import '../../src/widget/i18n/en-oauth.ts';
import { oneTapMachine, type OneTapEvent, type OneTapInput } from '../../src/widget/machine/one-tap.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from '../../src/widget/machine/types.ts';
import { isMobileUserAgent, oneTapErrorFor, oneTapPlacement, orderProviders, walletButtons } from '../../src/widget/oauth.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { $, $$, byText, findText, freshWidgetState, mount, until } from '../support/widget.ts';

const desktop = { mobile: false, fedcm: true };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0.3 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 11_0 like Mac OS X) AppleWebKit/604.1.34 (KHTML, like Gecko) Version/11.0 Mobile/15A5341f Safari/604.1';
const PIXEL = 'Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/93.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 9; SM-T820) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/93.0 Safari/537.36';

const oauthConfig = (providers: string[], products: AuthLoginConfig['products'] = ['oauth', 'emailMagicLinks']): AuthLoginConfig => ({
  products,
  oauthOptions: {
    providers: providers.map((type) => ({ type })),
    loginRedirectURL: '/student-portal',
    signupRedirectURL: '/student-portal',
  },
});

const buttonNames = (el: HTMLElement) => $$(el, 'button[part~="oauth-button"]').map((b) => b.textContent);

describe('social sign-in rules (pure)', () => {
  it('lists the last-used provider first and says whether it was found', () => {
    const providers = ['google', 'github', 'apple'].map((type) => ({ type }));
    expect(orderProviders(providers, 'apple')).to.deep.equal({
      providers: [{ type: 'apple' }, { type: 'google' }, { type: 'github' }],
      lastUsedFound: true,
    });
    expect(orderProviders(providers, 'google').providers.map((p) => p.type)).to.deep.equal(['google', 'github', 'apple']);
    expect(orderProviders(providers, 'slack')).to.deep.equal({ providers, lastUsedFound: false });
    expect(orderProviders(providers, null).lastUsedFound).to.equal(false);
  });

  it('wallet buttons shown = 6 − social providers − 1, never below 0; the rest go to the other-wallet screen', () => {
    const cases: [social: number, wallets: number, shown: number, other: number][] = [
      [0, 7, 5, 2],
      [0, 3, 3, 0],
      [1, 7, 4, 3],
      [2, 4, 3, 1],
      [3, 2, 2, 0],
      [5, 7, 0, 7],
      [6, 2, 0, 2],
      [19, 7, 0, 7],
      [2, 0, 0, 0],
    ];
    for (const [social, wallets, shown, other] of cases) {
      expect(walletButtons(social, wallets), `${social} social, ${wallets} wallets`).to.deep.equal({ shown, other });
    }
  });

  it('tells phones from tablets and desktops by user agent', () => {
    expect(isMobileUserAgent(IPHONE)).to.equal(true);
    expect(isMobileUserAgent(PIXEL)).to.equal(true);
    expect(isMobileUserAgent(IPAD)).to.equal(false);
    expect(isMobileUserAgent(ANDROID_TABLET)).to.equal(false);
    expect(isMobileUserAgent(navigator.userAgent)).to.equal(false);
  });

  it('renders One Tap only for oauth alone with Google alone, one_tap true and a valid position', () => {
    const google = (extra: object = {}) => ({ type: 'google', one_tap: true, ...extra });
    const table: [string, AuthLoginConfig, ReturnType<typeof oneTapPlacement>][] = [
      ['google one tap, default position', { products: ['oauth'], oauthOptions: { providers: [google()] } }, 'floating'],
      ['floating', { products: ['oauth'], oauthOptions: { providers: [google({ position: 'floating' })] } }, 'floating'],
      ['embedded with FedCM', { products: ['oauth'], oauthOptions: { providers: [google({ position: 'embedded' })] } }, 'floating'],
      ['forceLegacyEmbedded', { products: ['oauth'], oauthOptions: { providers: [google({ position: 'forceLegacyEmbedded' })] } }, 'embedded'],
      ['embeddedOnly with FedCM', { products: ['oauth'], oauthOptions: { providers: [google({ position: 'embeddedOnly' })] } }, null],
      ['invalid position', { products: ['oauth'], oauthOptions: { providers: [google({ position: 'sideways' })] } }, null],
      ['one_tap false', { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }, null],
      ['not google', { products: ['oauth'], oauthOptions: { providers: [{ type: 'github', one_tap: true }] } }, null],
      ['two providers', { products: ['oauth'], oauthOptions: { providers: [google(), { type: 'apple' }] } }, null],
      ['two products', { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [google()] } }, null],
      ['oauth not enabled', { products: ['emailMagicLinks'], oauthOptions: { providers: [google()] } }, null],
    ];
    for (const [name, config, expected] of table) {
      expect(oneTapPlacement(resolveConfig(config), desktop), name).to.equal(expected);
    }
    const floating = resolveConfig({ products: ['oauth'], oauthOptions: { providers: [google({ position: 'floating' })] } });
    expect(oneTapPlacement(floating, { mobile: true, fedcm: true }), 'phones get the embedded placement').to.equal('embedded');
    const embedded = resolveConfig({ products: ['oauth'], oauthOptions: { providers: [google({ position: 'floatingOrEmbedded' })] } });
    expect(oneTapPlacement(embedded, { mobile: false, fedcm: false }), 'no native prompt').to.equal('embedded');
  });

  it('maps One Tap reasons to error states, and has a developer-facing message for each', () => {
    expect(oneTapErrorFor('unregistered_origin')).to.equal(ONE_TAP_ERRORS.originNotAllowedForClient);
    expect(oneTapErrorFor('invalid_client')).to.equal(ONE_TAP_ERRORS.invalidClient);
    expect(oneTapErrorFor('oauth_config_not_found')).to.equal(ONE_TAP_ERRORS.noConfiguredOAuthClient);
    expect(oneTapErrorFor('no_login_redirect_urls_set')).to.equal(ONE_TAP_ERRORS.noLoginRedirectUrls);
    expect(oneTapErrorFor('no_signup_redirect_urls_set')).to.equal(ONE_TAP_ERRORS.noSignupRedirectUrls);
    expect(oneTapErrorFor('default_provider_not_allowed')).to.equal(ONE_TAP_ERRORS.defaultProviderNotAllowed);
    expect(oneTapErrorFor('user_cancel')).to.equal(ONE_TAP_ERRORS.none);
    expect(oneTapErrorFor('tap_outside')).to.equal(ONE_TAP_ERRORS.none);
    const t = createTranslator();
    const messages = Object.values(ONE_TAP_ERRORS)
      .filter((e) => e !== 'none')
      .map((e) => t(`oneTap.error.${e}` as MessageKey, { host: 'localhost:8000' }));
    expect(new Set(messages).size).to.equal(6);
    for (const m of messages) expect(m).to.match(/^One Tap cannot render because /);
    expect(messages[0]).to.contain('"localhost:8000"');
    expect(messages.find((m) => m.includes('login redirect URLs'))).to.contain('oauthOptions.loginRedirectURL');
    expect(messages.find((m) => m.includes('signup redirect URLs'))).to.contain('oauthOptions.signupRedirectURL');
  });
});

describe('One Tap statechart', () => {
  /** The One Tap child with its prompt replaced: `events` are what Google's client would report. */
  function start(placement: 'embedded' | 'floating' | null) {
    let sendBack: ((e: OneTapEvent) => void) | undefined;
    const machine = oneTapMachine.provide({
      actors: { promptOneTap: fromCallback<OneTapEvent, OneTapInput>(({ sendBack: s }) => void (sendBack = s)) },
    });
    const client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    // A parent like the login statechart: it records the error states the child reports.
    const reported: string[] = [];
    const parent = createActor(
      createMachine({
        invoke: { id: 'oneTap', src: machine, input: { client, placement, provider: { type: 'google', one_tap: true } } },
        on: { ONE_TAP_ERROR: { actions: ({ event }) => void reported.push((event as unknown as { error: string }).error) } },
      }),
    );
    parent.start();
    const actor = parent.getSnapshot().children.oneTap as AnyActorRef;
    return { actor, reported, report: (e: OneTapEvent) => sendBack!(e), done: () => (parent.stop(), client.destroy()) };
  }

  it('floating: pending → succeeded → cancelled (user_cancel, no error)', () => {
    const { actor, report, done } = start('floating');
    expect(actor.getSnapshot().matches({ prompt: { active: 'pending' } })).to.equal(true);
    report({ type: 'ONE_TAP_RESULT', result: { success: true } });
    expect(actor.getSnapshot().matches({ prompt: { active: 'succeeded' } })).to.equal(true);
    report({ type: 'ONE_TAP_CANCELLED', reason: 'user_cancel' });
    expect(actor.getSnapshot().matches({ prompt: 'cancelled' })).to.equal(true);
    expect(actor.getSnapshot().context.error).to.equal('none');
    done();
  });

  it('embedded: waits for its node, reserves 47 px, debounces the first two resizes by 100 ms, then follows at once', async () => {
    const { actor, report, done } = start('embedded');
    expect(actor.getSnapshot().matches({ prompt: 'mounting' })).to.equal(true);
    expect(actor.getSnapshot().context.height).to.equal(ONE_TAP_RESERVED_HEIGHT_PX);
    actor.send({ type: 'ONE_TAP_MOUNTED' });
    expect(actor.getSnapshot().matches({ prompt: { active: 'pending' } })).to.equal(true);
    actor.send({ type: 'ONE_TAP_RESIZED', height: 120 });
    actor.send({ type: 'ONE_TAP_RESIZED', height: 180 });
    expect(actor.getSnapshot().context.height).to.equal(47, 'debounced');
    await new Promise((r) => setTimeout(r, 150));
    expect(actor.getSnapshot().context.height).to.equal(180);
    actor.send({ type: 'ONE_TAP_RESIZED', height: 200 });
    expect(actor.getSnapshot().context.height).to.equal(200, 'later resizes apply at once');
    actor.send({ type: 'ONE_TAP_RESIZED', height: 0 });
    expect(actor.getSnapshot().context.height).to.equal(200, 'a 0 height keeps the current one');
    report({ type: 'ONE_TAP_RESULT', result: { success: false, reason: 'unregistered_origin' } });
    expect(actor.getSnapshot().matches({ prompt: 'cancelled' })).to.equal(true);
    expect(actor.getSnapshot().context.height).to.equal(47);
    expect(actor.getSnapshot().context.error).to.equal(ONE_TAP_ERRORS.originNotAllowedForClient);
    done();
  });

  it('a cancel because the origin is unregistered sets the origin error; project errors set theirs', () => {
    for (const [reason, error] of [
      ['unregistered_origin', ONE_TAP_ERRORS.originNotAllowedForClient],
      ['invalid_client', ONE_TAP_ERRORS.invalidClient],
      ['oauth_config_not_found', ONE_TAP_ERRORS.noConfiguredOAuthClient],
      ['no_login_redirect_urls_set', ONE_TAP_ERRORS.noLoginRedirectUrls],
      ['no_signup_redirect_urls_set', ONE_TAP_ERRORS.noSignupRedirectUrls],
      ['default_provider_not_allowed', ONE_TAP_ERRORS.defaultProviderNotAllowed],
      ['tap_outside', ONE_TAP_ERRORS.none],
    ] as const) {
      const { actor, report, reported, done } = start('floating');
      report({ type: 'ONE_TAP_CANCELLED', reason });
      expect(actor.getSnapshot().context.error, reason).to.equal(error);
      expect(reported, 'reported to the parent').to.deep.equal(error === 'none' ? [] : [error]);
      done();
    }
  });

  it('stays off without a placement', () => {
    const { actor, done } = start(null);
    expect(actor.getSnapshot().matches({ prompt: 'off' })).to.equal(true);
    done();
  });
});

describe('<auth-login> social block', () => {
  const fresh = freshWidgetState();
  const assign = navigation.assign;
  afterEach(() => {
    navigation.assign = assign;
  });

  it("shows 'Continue with <Provider>' buttons with icons before the divider 'or' and the email form", async () => {
    const el = mount({ config: oauthConfig(['google', 'github', 'linkedin']) });
    await until(() => buttonNames(el).length === 3, 'the provider buttons');
    expect(buttonNames(el)).to.deep.equal(['Continue with Google', 'Continue with GitHub', 'Continue with LinkedIn']);
    for (const b of $$(el, 'button[part~="oauth-button"]')) {
      expect(b.getAttribute('part')).to.equal('button button-secondary oauth-button');
      expect(b.querySelector('[part~="provider-icon"]')?.getAttribute('aria-hidden')).to.equal('true');
    }
    const order = [$(el, '[part~="social-buttons"]'), $(el, '[part~="divider"]'), $(el, 'form[part~="form"]')];
    expect(order.every(Boolean)).to.equal(true);
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect($(el, '[part~="divider"]')?.getAttribute('aria-label')).to.equal('or');
    expect($(el, '[part~="last-used"]')).to.equal(null);
  });

  it('shows no divider when only the social block or only the login form shows', async () => {
    const social = mount({ config: oauthConfig(['google', 'apple'], ['oauth']) });
    await until(() => buttonNames(social).length === 2, 'the provider buttons');
    expect($(social, '[part~="divider"]')).to.equal(null);
    expect($(social, 'form')).to.equal(null);
    const form = mount({ config: { products: ['emailMagicLinks'] } });
    await until(() => $(form, 'form'), 'the email form');
    expect($(form, '[part~="divider"]')).to.equal(null);
    expect($(form, '[part~="social-buttons"]')).to.equal(null);
  });

  it("lists the last-used provider first with a 'Last used' label", async () => {
    localStorage.setItem(`stytch_sdk_state_${testEnv.publicToken}::b2c_last_used_oauth`, 'apple');
    const el = mount({ config: oauthConfig(['google', 'github', 'apple']) });
    await until(() => buttonNames(el).length === 3, 'the provider buttons');
    expect(buttonNames(el)).to.deep.equal(['Continue with Apple', 'Continue with Google', 'Continue with GitHub']);
    const label = $(el, '[part~="last-used"]');
    expect(label?.textContent).to.equal('Last used');
    const first = $$(el, 'button[part~="oauth-button"]')[0]!;
    expect(first.getAttribute('aria-describedby')).to.equal(label?.id);
  });

  it('a provider button starts its flow with the configured options, remembers it and emits OAUTH_START; Back restores the buttons', async () => {
    const visited: string[] = [];
    navigation.assign = (url) => visited.push(url);
    const events: WidgetEventDetail[] = [];
    const el = mount({
      config: {
        products: ['oauth'],
        oauthOptions: {
          providers: [{ type: 'google' }, { type: 'github', custom_scopes: ['read:user', 'repo'], provider_params: { login: 'ada' } }],
          loginRedirectURL: '/student-portal',
          signupRedirectURL: '/welcome',
        },
      },
    });
    el.addEventListener(WIDGET_EVENT, (e) => events.push((e as CustomEvent<WidgetEventDetail>).detail));
    const button = await until(() => byText(el, 'button', 'Continue with GitHub'), 'the GitHub button');
    button.focus();
    expect(el.shadowRoot!.activeElement).to.equal(button, 'keyboard reachable');
    button.click();
    await until(() => visited.length === 1, 'the navigation');
    const url = new URL(visited[0]!);
    expect(url.pathname).to.equal('/v1/public/oauth/github/start');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      public_token: testEnv.publicToken,
      custom_scopes: 'read:user repo',
      provider_login: 'ada',
      login_redirect_url: `${testEnv.pageOrigin}/student-portal`,
      signup_redirect_url: `${testEnv.pageOrigin}/welcome`,
    });
    await until(() => events.some((e) => e.type === EVENT_TYPES.OAUTH_START), 'OAUTH_START');
    expect(events.find((e) => e.type === EVENT_TYPES.OAUTH_START)?.data).to.deep.equal({ provider: 'github' });
    expect(localStorage.getItem(`stytch_sdk_state_${testEnv.publicToken}::b2c_last_used_oauth`)).to.equal('github');
    await until(() => $$(el, 'button[part~="oauth-button"]').every((b) => (b as HTMLButtonElement).disabled), 'busy buttons');
    // Back from the provider's page: a first show of the page changes nothing; one restored from the back/forward
    // cache gets its buttons back.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect($$(el, 'button[part~="oauth-button"]').every((b) => (b as HTMLButtonElement).disabled)).to.equal(true);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await until(() => $$(el, 'button[part~="oauth-button"]').every((b) => !(b as HTMLButtonElement).disabled), 'buttons again');
  });

  it('One Tap end to end with the dev stand-in for Google: the card appears in the widget, Continue signs in', async () => {
    const visited: string[] = [];
    navigation.assign = (url) => visited.push(url);
    const google = { type: 'google', one_tap: true, position: 'forceLegacyEmbedded' };
    const el = mount({
      config: { products: ['oauth'], oauthOptions: { providers: [google], loginRedirectURL: '/', signupRedirectURL: '/' } },
    });
    // The service's stand-in script draws its card into the embedded area (slotted into the widget from light DOM).
    const card = await until(() => el.querySelector<HTMLElement>('#dev-one-tap'), 'the One Tap card');
    const email = uniqueEmail('one-tap');
    const field = card.querySelector<HTMLInputElement>('input[name="email"]')!;
    field.value = email;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    card.querySelector<HTMLButtonElement>('#dev-one-tap-continue')!.click();
    await until(() => visited.length === 1, 'the redirect after the callback');
    const back = new URL(visited[0]!);
    expect(`${back.origin}${back.pathname}`).to.equal(`${testEnv.pageOrigin}/`);
    expect(back.searchParams.get('stytch_token_type')).to.equal('oauth');
    // The page the service sends the visitor to authenticates the token like any social sign-in.
    const client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    const result = await client.oauth.authenticate(back.searchParams.get('token')!, { session_duration_minutes: 30 });
    expect(result.provider_type).to.equal('Google');
    expect(result.user.emails.map((e) => e.email)).to.deep.equal([email]);
    client.destroy();
  });

  it("One Tap's close button cancels the prompt: the embedded area collapses back to 47 px, no error", async () => {
    const errors: WidgetErrorDetail[] = [];
    const google = { type: 'google', one_tap: true, position: 'forceLegacyEmbedded' };
    const el = mount({
      config: { products: ['oauth'], oauthOptions: { providers: [google], loginRedirectURL: '/', signupRedirectURL: '/' } },
    });
    el.addEventListener(WIDGET_ERROR_EVENT, (e) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail));
    const card = await until(() => el.querySelector<HTMLElement>('#dev-one-tap'), 'the One Tap card');
    card.querySelector<HTMLButtonElement>('#dev-one-tap-close')!.click();
    await until(() => !el.querySelector('#dev-one-tap'), 'the card to go');
    await until(() => $(el, '[part~="oauth-button"]'), "the plain 'Continue with Google' button offered instead");
    expect(errors).to.deep.equal([]);
  });

  it('authenticates ?stytch_token_type=oauth&token=… on load, cleans the URL and shows the catalogue message on error', async () => {
    history.replaceState(null, '', `${location.pathname}?keep=1&stytch_token_type=oauth&token=not-a-token`);
    const errors: WidgetErrorDetail[] = [];
    const el = mount({ config: oauthConfig(['google']) });
    el.addEventListener(WIDGET_ERROR_EVENT, (e) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail));
    await findText(el, '[part~="title"]', 'Looks like there was an error!');
    const [request] = fresh.rec.to('/sdk/v1/oauth/authenticate');
    expect(JSON.parse(request!.body!)).to.deep.include({ token: 'not-a-token', session_duration_minutes: 30 });
    expect(new URL(location.href).search).to.equal('?keep=1');
    await until(() => errors.length > 0, 'the error event');
    expect(errors[0]?.error_type).to.equal('oauth_token_not_found');
    await until(() => byText(el, '[part~="error"], [part~="text"], p', 'OAuth Token could not be found.'), 'the catalogue message');
  });

  it('signs in with the token the dev identity provider sends back: Success, OAUTH_AUTHENTICATE, a session', async () => {
    const client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    const startUrl = await client.oauth.startUrl('google', { login_redirect_url: `${testEnv.pageOrigin}/` });
    client.destroy();
    const { location: back } = (await executeServerCommand('dev-oauth-sign-in', {
      startUrl,
      name: 'Grace Hopper',
      email: uniqueEmail('oauth-widget'),
    })) as { location: string };
    history.replaceState(null, '', `${location.pathname}${new URL(back).search}`);
    const events: WidgetEventDetail[] = [];
    const el = mount({ config: oauthConfig(['google']) });
    el.addEventListener(WIDGET_EVENT, (e) => events.push((e as CustomEvent<WidgetEventDetail>).detail));
    await findText(el, '[part~="title"]', 'Success!');
    expect(events.map((e) => e.type)).to.deep.equal([EVENT_TYPES.OAUTH_AUTHENTICATE, EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE]);
    expect((events[0]?.data as { provider_type?: string }).provider_type).to.equal('Google');
    expect(new URL(location.href).search).to.equal('');
  });
});
