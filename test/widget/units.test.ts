/// <reference types="mocha" />
// The widget's pure parts: configuration defaults, relative redirect URLs and the inline configuration errors, email
// validation, the message catalogue (English texts, overrides, every error_type's message), the theme and its CSS
// variables, and the element's documentation being complete. Each product's own units are beside it in its folder.
import { expect } from 'chai';
import { configErrors, resolveConfig } from '../../src/widget/config.ts';
import { EMAIL_PATTERN } from '../../src/widget/constants.ts';
import { createTranslator, describeError, errorMessageKey, splitMessage } from '../../src/widget/i18n/index.ts';
import '../../src/widget/i18n/en-errors.ts';
import '../../src/widget/i18n/en-outcome.ts';
import '../../src/widget/products/magic-links/strings.ts';
import { DEFAULT_THEME } from '../../src/widget/theme/default-theme.ts';
import { PARTS } from '../../src/widget/theme/parts.ts';
import { CSS_VARS, resolveTheme, themeToCssVars } from '../../src/widget/theme/theme.ts';
import { isValidEmail } from '../../src/widget/validation.ts';

describe('widget configuration', () => {
  it('defaults: email magic links only, 30-minute links and sessions, createUserAsPending false, shadow DOM on', () => {
    expect(resolveConfig(undefined, 'https://school.example')).to.deep.equal({
      products: ['emailMagicLinks'],
      emailMagicLinksOptions: { loginExpirationMinutes: 30, signupExpirationMinutes: 30, createUserAsPending: false },
      sessionOptions: { sessionDurationMinutes: 30 },
      enableShadowDOM: true,
    });
  });

  it('resolves relative redirect URLs against the origin and keeps absolute ones', () => {
    const config = resolveConfig(
      {
        emailMagicLinksOptions: {
          loginRedirectURL: '/student-portal',
          signupRedirectURL: 'https://other.example/welcome',
        },
        oauthOptions: { providers: [], loginRedirectURL: '/oauth' },
      },
      'https://school.example',
    );
    expect(config.emailMagicLinksOptions.loginRedirectURL).to.equal('https://school.example/student-portal');
    expect(config.emailMagicLinksOptions.signupRedirectURL).to.equal('https://other.example/welcome');
    expect(config.oauthOptions?.loginRedirectURL).to.equal('https://school.example/oauth');
  });

  it('reports the two inline configuration errors', () => {
    const t = createTranslator();
    expect(configErrors(resolveConfig({ products: ['passkeys'] })).map((k) => t(k))).to.deep.equal([
      'Cannot use Passkeys by itself, please add another product to the config.',
    ]);
    expect(
      configErrors(resolveConfig({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } })).map(
        (k) => t(k),
      ),
    ).to.deep.equal(['Cannot use both EML and Email OTP']);
    expect(configErrors(resolveConfig({}))).to.deep.equal([]);
  });
});

describe('email validation', () => {
  it('accepts letters, digits and symbols in the local part, a domain and a TLD of 2+ letters', () => {
    for (const ok of [
      'ada@example.com',
      'a.b+c_d-e@sub.school.edu',
      "o'neil@example.co",
      'x1@a-b.io',
      ' ada@example.com ',
    ]) {
      expect(isValidEmail(ok), ok).to.equal(true);
    }
  });
  it('rejects addresses without @, domain or a 2-letter TLD, and with spaces or double dots', () => {
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'ada@example.c',
      'ada@example.c0m',
      'a da@example.com',
      'ada..b@example.com',
      'ada@@example.com',
      'ada@-example.com',
    ]) {
      expect(isValidEmail(bad), bad).to.equal(false);
    }
    expect(EMAIL_PATTERN.flags).to.equal('');
  });
});

describe('messages', () => {
  const t = createTranslator();

  it("has the screens' texts in English", () => {
    expect(t('main.title')).to.equal('Sign up or log in');
    expect(t('emailConfirmation.title')).to.equal('Check your email');
    expect(t('emailConfirmation.sent', { email: 'ada@example.com' })).to.equal('An email was sent to ada@example.com');
    expect(t('emailConfirmation.tryAgain')).to.equal('Try again');
    expect(t('success.title')).to.equal('Success!');
    expect(t('success.text')).to.equal('You have successfully logged in.');
    expect(t('error.title')).to.equal('Looks like there was an error!');
    expect(t('validation.emailInvalid')).to.equal('Email format is invalid.');
  });

  it('overrides any message per key with the strings property', () => {
    const custom = createTranslator({ 'main.title': 'Welcome', 'emailConfirmation.sent': 'Sent to {email}!' });
    expect(custom('main.title')).to.equal('Welcome');
    expect(custom('emailConfirmation.sent', { email: 'a@b.co' })).to.equal('Sent to a@b.co!');
    expect(custom('main.continue')).to.equal('Continue');
    expect(splitMessage(custom('emailConfirmation.sent'))).to.deep.equal(['Sent to ', { param: 'email' }, '!']);
  });

  it('maps every quoted error_type of the catalogue (spec section 8) to its exact message', () => {
    const quoted: Record<string, string> = {
      invalid_email: 'Email format is invalid.',
      invalid_phone_number: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
      unauthorized_credentials: 'Unauthorized credentials.',
      user_unauthenticated: 'Must have an active session to call this method. Have you logged in yet?',
      email_not_found: 'Email not found.',
      no_user_password: 'Password not found for this user. Please try again.',
      breached_password: 'Password appears in the list of breached passwords and must be reset.',
      reset_password: 'Password must be reset.',
      oauth_token_not_found: 'OAuth Token could not be found.',
      invalid_code: 'Code format is invalid, please try again.',
      member_password_not_found: 'Member password not found.',
      unauthorized_action: 'Unauthorized action.',
      user_lock_limit_reached: 'Too many failed authentication attempts. Please try again later.',
      invalid_session_token: 'Invalid session token.',
      session_not_found: 'Session not found.',
      otp_code_not_found: 'Invalid passcode, please try again.',
      duplicate_member_phone_number: 'A member with the specified phone number already exists for this organization.',
      webauthn_registration_not_found:
        'Passkey registration not found. You may have deleted the passkey from your account but ' +
        'not password manager. Please try again.',
    };
    for (const [type, message] of Object.entries(quoted)) {
      expect(describeError(t, { messageKey: errorMessageKey(type)!, message: 'server text' }), type).to.equal(message);
    }
    for (const type of [
      'unsubscribed_phone_number',
      'inactive_email',
      'unable_to_auth_magic_link',
      'oauth_flow_callback_error',
      'invalid_phone_number_country_code',
    ]) {
      expect(errorMessageKey(type), type).to.equal(`errors.${type}`);
    }
    expect(t('errors.unsubscribed_phone_number')).to.contain("'START'");
    expect(errorMessageKey('invalid_redirect_url')).to.equal(undefined);
    expect(describeError(t, { message: 'The server said so.' })).to.equal('The server said so.');
  });
});

describe('theme', () => {
  it("is the spec's default theme", () => {
    expect(DEFAULT_THEME.container.width).to.equal('400px');
    expect(DEFAULT_THEME.container.borderRadius).to.equal('8px');
    expect(DEFAULT_THEME.colors).to.deep.equal({
      primary: '#19303D',
      secondary: '#5C727D',
      success: '#0C5A56',
      warning: '#FFD94A',
      error: '#8B1214',
      accent: '#ECFAFF',
    });
    expect(DEFAULT_THEME.buttons.primary.borderRadius).to.equal('4px');
    expect(DEFAULT_THEME.fontFamily).to.match(/^Arial, Helvetica/);
    const vars = themeToCssVars(DEFAULT_THEME);
    expect(vars['--auth-login-button-height']).to.equal('45px');
    expect(vars['--auth-login-color-primary']).to.equal('#19303D');
  });

  it('merges a partial theme; buttons follow colors.primary unless set; numbers are pixels', () => {
    const theme = resolveTheme({ colors: { primary: '#112233' }, container: { width: 320, borderRadius: 0 } });
    expect(theme.buttons.primary.backgroundColor).to.equal('#112233');
    expect(theme.buttons.secondary.textColor).to.equal('#112233');
    expect(theme.container.width).to.equal('320px');
    expect(theme.container.borderRadius).to.equal('0px');
    expect(theme.colors.error).to.equal('#8B1214');
    expect(Object.keys(themeToCssVars(theme))).to.deep.equal(Object.values(CSS_VARS));
  });
});

describe('element documentation (for custom-elements.json)', () => {
  let source = '';
  before(async () => {
    source = await (await fetch('/src/widget/element.ts')).text();
  });

  // The shared parts are documented on the element, a product's in its folder (docs.ts), added by the analyzer's
  // plugin (scripts/cem-product-docs.mjs): the generated manifest has them all.
  it('documents every ::part() name in custom-elements.json', async () => {
    const manifest = (await (await fetch('/custom-elements.json')).json()) as {
      modules: { declarations?: { tagName?: string; cssParts?: { name: string; description: string }[] }[] }[];
    };
    const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'auth-login');
    const documented = new Map((element?.cssParts ?? []).map((part) => [part.name, part.description]));
    for (const part of Object.values(PARTS)) expect(documented.get(part), part).to.be.a('string').and.not.equal('');
  });

  it('documents every CSS custom property with @cssproperty and its default', () => {
    const defaults = themeToCssVars(DEFAULT_THEME);
    for (const name of Object.values(CSS_VARS)) {
      expect(source, name).to.contain(`@cssproperty [${name}=${defaults[name]}] - `);
    }
  });

  it('documents the attributes, events, slot and tag', () => {
    for (const attr of ['public-token', 'base-url', 'config', 'theme', 'strings', 'nonce']) {
      expect(source, attr).to.match(new RegExp(`@attr \\{string\\} ${attr} - `));
    }
    expect(source).to.match(/@event \{[^\n]+\} auth-login-event - /);
    expect(source).to.match(/@event \{[^\n]+\} auth-login-error - /);
    expect(source).to.contain('@tag auth-login\n');
    expect(source).to.contain('@slot - ');
  });
});
