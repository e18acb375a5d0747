/// <reference types="mocha" />
// The oauth product in <auth-login>: Main's social block (button order, 'Last used', the divider rule), pressing a
// provider button, Google One Tap with the service's dev stand-in for Google, and an OAuth token in the page URL
// authenticated on load.
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { createAuthClient } from '../../../client/index.ts';
import type { AuthLoginConfig } from '../../config.ts';
import { EVENT_TYPES, WIDGET_ERROR_EVENT, WIDGET_EVENT } from '../../events.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from '../../machine/types.ts';
import { testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import { recordNavigations } from '../../../../test/support/navigation.ts';
import { $, $$, byText, findText, freshWidgetState, mount } from '../../../../test/support/widget.ts';
import { until } from '../../../../test/support/poll.ts';

const oauthConfig = (
  providers: string[],
  products: AuthLoginConfig['products'] = ['oauth', 'emailMagicLinks'],
): AuthLoginConfig => ({
  products,
  oauthOptions: {
    providers: providers.map((type) => ({ type })),
    loginRedirectURL: '/student-portal',
    signupRedirectURL: '/student-portal',
  },
});

const buttonNames = (el: HTMLElement) => $$(el, 'button[part~="oauth-button"]').map((b) => b.textContent);
const allDisabled = (el: HTMLElement) =>
  $$(el, 'button[part~="oauth-button"]').every((b) => (b as HTMLButtonElement).disabled);

describe('<auth-login> social block', () => {
  const fresh = freshWidgetState();
  let navigations: ReturnType<typeof recordNavigations>;
  beforeEach(() => {
    navigations = recordNavigations();
  });
  afterEach(() => {
    navigations.restore();
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

  it(
    'a provider button starts its flow with the configured options, remembers it and emits ' +
      'OAUTH_START; Back restores the buttons',
    async () => {
      const { visited } = navigations;
      const events: WidgetEventDetail[] = [];
      const el = mount({
        config: {
          products: ['oauth'],
          oauthOptions: {
            providers: [
              { type: 'google' },
              { type: 'github', custom_scopes: ['read:user', 'repo'], provider_params: { login: 'ada' } },
            ],
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
      await until(() => allDisabled(el), 'busy buttons');
      // Back from the provider's page: a first show of the page changes nothing; one restored from the back/forward
      // cache gets its buttons back. The statechart handles `pageshow` synchronously; a render asked for after it (new
      // strings) shows the state it left, so once the new label is drawn the buttons must still be busy.
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
      el.strings = { 'oauth.continueWith': 'Sign in with {provider}' };
      await until(() => byText(el, 'button', 'Sign in with GitHub'), 'a render after the first show');
      expect(allDisabled(el)).to.equal(true);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await until(
        () => $$(el, 'button[part~="oauth-button"]').every((b) => !(b as HTMLButtonElement).disabled),
        'buttons again',
      );
    },
  );

  it(
    'One Tap end to end with the dev stand-in for Google: the card appears in the widget, ' + 'Continue signs in',
    async () => {
      const { visited } = navigations;
      const google = { type: 'google', one_tap: true, position: 'forceLegacyEmbedded' };
      const el = mount({
        config: {
          products: ['oauth'],
          oauthOptions: { providers: [google], loginRedirectURL: '/', signupRedirectURL: '/' },
        },
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
    },
  );

  it("One Tap's close button cancels the prompt: the embedded area collapses back to 47 px, no error", async () => {
    const errors: WidgetErrorDetail[] = [];
    const google = { type: 'google', one_tap: true, position: 'forceLegacyEmbedded' };
    const el = mount({
      config: {
        products: ['oauth'],
        oauthOptions: { providers: [google], loginRedirectURL: '/', signupRedirectURL: '/' },
      },
    });
    el.addEventListener(WIDGET_ERROR_EVENT, (e) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail));
    const card = await until(() => el.querySelector<HTMLElement>('#dev-one-tap'), 'the One Tap card');
    card.querySelector<HTMLButtonElement>('#dev-one-tap-close')!.click();
    await until(() => !el.querySelector('#dev-one-tap'), 'the card to go');
    await until(() => $(el, '[part~="oauth-button"]'), "the plain 'Continue with Google' button offered instead");
    expect(errors).to.deep.equal([]);
  });

  it(
    'authenticates ?stytch_token_type=oauth&token=… on load, cleans the URL and shows the ' +
      'catalogue message on error',
    async () => {
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
      await until(
        () => byText(el, '[part~="error"], [part~="text"], p', 'OAuth Token could not be found.'),
        'the catalogue message',
      );
    },
  );

  it(
    'signs in with the token the dev identity provider sends back: Success, ' + 'OAUTH_AUTHENTICATE, a session',
    async () => {
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
      expect(events.map((e) => e.type)).to.deep.equal([
        EVENT_TYPES.OAUTH_AUTHENTICATE,
        EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
      ]);
      expect((events[0]?.data as { provider_type?: string } | undefined)?.provider_type).to.equal('Google');
      expect(new URL(location.href).search).to.equal('');
    },
  );
});
