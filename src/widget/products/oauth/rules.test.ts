/// <reference types="mocha" />
// The social block's rules as pure functions: button order, when and where One Tap renders,
// and One Tap's error states with their developer-facing messages.
import { expect } from 'chai';
import { resolveConfig, type AuthLoginConfig } from '../../config.ts';
import { ONE_TAP_ERRORS } from './constants.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import { isMobileUserAgent, oneTapErrorFor, oneTapPlacement, orderProviders } from './rules.ts';
import './strings.ts';

const desktop = { mobile: false, fedcm: true };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 13_2_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
  'like Gecko) Version/13.0.3 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 11_0 like Mac OS X) AppleWebKit/604.1.34 (KHTML, like Gecko) ' +
  'Version/11.0 Mobile/15A5341f Safari/604.1';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 8.0; Pixel 2 Build/OPD3.170816.012) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Chrome/93.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 9; SM-T820) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/93.0 Safari/537.36';

describe('social sign-in rules (pure)', () => {
  it('lists the last-used provider first and says whether it was found', () => {
    const providers = ['google', 'github', 'apple'].map((type) => ({ type }));
    expect(orderProviders(providers, 'apple')).to.deep.equal({
      providers: [{ type: 'apple' }, { type: 'google' }, { type: 'github' }],
      lastUsedFound: true,
    });
    expect(orderProviders(providers, 'google').providers.map((p) => p.type)).to.deep.equal([
      'google',
      'github',
      'apple',
    ]);
    expect(orderProviders(providers, 'slack')).to.deep.equal({ providers, lastUsedFound: false });
    expect(orderProviders(providers, null).lastUsedFound).to.equal(false);
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
      [
        'google one tap, default position',
        { products: ['oauth'], oauthOptions: { providers: [google()] } },
        'floating',
      ],
      [
        'floating',
        { products: ['oauth'], oauthOptions: { providers: [google({ position: 'floating' })] } },
        'floating',
      ],
      [
        'embedded with FedCM',
        { products: ['oauth'], oauthOptions: { providers: [google({ position: 'embedded' })] } },
        'floating',
      ],
      [
        'forceLegacyEmbedded',
        { products: ['oauth'], oauthOptions: { providers: [google({ position: 'forceLegacyEmbedded' })] } },
        'embedded',
      ],
      [
        'embeddedOnly with FedCM',
        { products: ['oauth'], oauthOptions: { providers: [google({ position: 'embeddedOnly' })] } },
        null,
      ],
      [
        'invalid position',
        { products: ['oauth'], oauthOptions: { providers: [google({ position: 'sideways' })] } },
        null,
      ],
      ['one_tap false', { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }, null],
      ['not google', { products: ['oauth'], oauthOptions: { providers: [{ type: 'github', one_tap: true }] } }, null],
      ['two providers', { products: ['oauth'], oauthOptions: { providers: [google(), { type: 'apple' }] } }, null],
      ['two products', { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [google()] } }, null],
      ['oauth not enabled', { products: ['emailMagicLinks'], oauthOptions: { providers: [google()] } }, null],
    ];
    for (const [name, config, expected] of table) {
      expect(oneTapPlacement(resolveConfig(config), desktop), name).to.equal(expected);
    }
    const floating = resolveConfig({
      products: ['oauth'],
      oauthOptions: { providers: [google({ position: 'floating' })] },
    });
    expect(oneTapPlacement(floating, { mobile: true, fedcm: true }), 'phones get the embedded placement').to.equal(
      'embedded',
    );
    const embedded = resolveConfig({
      products: ['oauth'],
      oauthOptions: { providers: [google({ position: 'floatingOrEmbedded' })] },
    });
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
