/// <reference types="mocha" />
// The pure parts of passcodes in the widget: configuration defaults and wire mapping, the phone fallback rule, the
// passcode filter, the phone library's validation and formatting, and the exact English texts.
import { expect } from 'chai';
import { OTP_CODE_LENGTH } from '../../../api/index.ts';
import { emailTabKind, resolveConfig } from '../../config.ts';
import { DEFAULT_COUNTRY } from '../../constants.ts';
import { EVENT_TYPES } from '../../events.ts';
import {
  CODE_SENT_SLIDE_MS,
  COUNTDOWN_TICK_MS,
  LOADING_BAR_MS,
  PHONE_FORMAT_TIMEOUT_MS,
  PHONE_VALIDATE_TIMEOUT_MS,
  RESEND_CONFIRMATION_MS,
} from './constants.ts';
import { createTranslator } from '../../i18n/index.ts';
import { fallbackE164, loadPhoneLibrary } from '../../phone.ts';
import { otpWireOptions } from './config.ts';
import { toPasscode } from '../../machine/passcode-states.ts';
import './strings.ts';

describe('passcode configuration', () => {
  it('defaults otpOptions for the otp product: methods [email], expirationMinutes 5', () => {
    expect(resolveConfig({ products: ['otp'] }).otpOptions).to.deep.equal({ methods: ['email'], expirationMinutes: 5 });
    expect(
      resolveConfig({ products: ['otp'], otpOptions: { methods: ['sms'], locale: 'es' } }).otpOptions,
    ).to.deep.equal({
      methods: ['sms'],
      expirationMinutes: 5,
      locale: 'es',
    });
    expect(resolveConfig({}).otpOptions).to.equal(undefined);
  });

  it('maps otpOptions to the wire names: expiration_minutes always, templates for email only', () => {
    const options = resolveConfig({
      products: ['otp'],
      otpOptions: {
        methods: ['sms', 'email'],
        expirationMinutes: 7,
        loginTemplateId: 'in',
        signupTemplateId: 'up',
        locale: 'pt-br',
      },
    }).otpOptions!;
    expect(otpWireOptions(options, 'email')).to.deep.equal({
      expiration_minutes: 7,
      locale: 'pt-br',
      login_template_id: 'in',
      signup_template_id: 'up',
    });
    expect(otpWireOptions(options, 'sms')).to.deep.equal({ expiration_minutes: 7, locale: 'pt-br' });
    expect(otpWireOptions(resolveConfig({ products: ['otp'] }).otpOptions!, 'whatsapp')).to.deep.equal({
      expiration_minutes: 5,
    });
  });

  it('the Email tab is an email passcode when otp offers email, else a magic link', () => {
    expect(emailTabKind(resolveConfig({ products: ['otp'], otpOptions: { methods: ['email'] } }))).to.equal('otp');
    expect(
      emailTabKind(resolveConfig({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } })),
    ).to.equal('magicLink');
    expect(emailTabKind(resolveConfig({ products: ['otp'], otpOptions: { methods: ['sms'] } }))).to.equal(null);
  });
});

describe('phone numbers without the library (the 2-second fallback)', () => {
  it('is the calling code plus the typed digits, separators ignored', () => {
    expect(fallbackE164('(415) 555-2671', '1')).to.equal('+14155552671');
    expect(fallbackE164(' 07911.123456 ', '44')).to.equal('+4407911123456');
    expect(fallbackE164('12', '1')).to.equal('+112');
  });

  it('keeps a number typed with +', () => {
    expect(fallbackE164('+44 7911 123456', '1')).to.equal('+447911123456');
  });

  it('refuses anything else: letters, nothing, a second +, more than 15 digits', () => {
    for (const typed of ['', ' ', '+', 'call me', '415-CALL-NOW', '++1415', '1+415', '4155552671000000']) {
      expect(fallbackE164(typed, '1'), typed).to.equal(null);
    }
  });
});

describe('the phone library (lazy)', () => {
  it('validates in the selected country and returns E.164; formats for display', async () => {
    const library = await loadPhoneLibrary();
    expect(library.validatePhone('(415) 555-2671', 'US')).to.equal('+14155552671');
    expect(library.validatePhone('07911 123456', 'GB')).to.equal('+447911123456');
    expect(library.validatePhone('+49 30 901820', 'US')).to.equal('+4930901820');
    expect(library.validatePhone('415 555', 'US')).to.equal(null);
    expect(library.validatePhone('call me', 'US')).to.equal(null);
    expect(library.formatPhone('+14155552671')).to.equal('+1 415 555 2671');
    expect(library.formatPhone('not a number')).to.equal('not a number');
    const us = library.countryOptions('en').find((c) => c.code === DEFAULT_COUNTRY);
    expect(us).to.deep.equal({ code: 'US', callingCode: '1', name: 'United States' });
  });
});

describe('the passcode input filter', () => {
  it('keeps the first six digits of whatever was typed or pasted', () => {
    expect(toPasscode('123456', OTP_CODE_LENGTH)).to.equal('123456');
    expect(toPasscode('123 456', OTP_CODE_LENGTH)).to.equal('123456');
    expect(toPasscode('Your code is 123456.', OTP_CODE_LENGTH)).to.equal('123456');
    expect(toPasscode('1234567', OTP_CODE_LENGTH)).to.equal('123456');
    expect(toPasscode('12a', OTP_CODE_LENGTH)).to.equal('12');
    expect(toPasscode('', OTP_CODE_LENGTH)).to.equal('');
  });
});

describe('passcode texts and constants', () => {
  it('has the spec texts in English', () => {
    const t = createTranslator();
    expect(t('otp.title')).to.equal('Enter passcode');
    expect(t('otp.verifying')).to.equal('Verifying passcode...');
    expect(t('otp.expired')).to.equal('Your code has expired.');
    expect(t('otp.resend')).to.equal('Resend code');
    expect(t('otp.codeSent')).to.equal('Code sent');
    expect(t('otpConfirmation.text')).to.equal('Your passcode has been successfully verified.');
    expect([t('main.tabText'), t('main.tabWhatsApp'), t('main.tabEmail')]).to.deep.equal(['Text', 'WhatsApp', 'Email']);
    expect(t('validation.phoneInvalid')).to.equal(
      'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
    );
    expect(t('validation.emailInvalidOtp')).to.equal('Invalid email address.');
    expect(t('errors.otp_code_not_found')).to.equal('Invalid passcode, please try again.');
    expect(t('errors.user_lock_limit_reached')).to.equal(
      'Too many failed authentication attempts. Please try again later.',
    );
  });

  it('has the spec timers', () => {
    expect([
      RESEND_CONFIRMATION_MS,
      PHONE_VALIDATE_TIMEOUT_MS,
      PHONE_FORMAT_TIMEOUT_MS,
      LOADING_BAR_MS,
      COUNTDOWN_TICK_MS,
    ]).to.deep.equal([2000, 2000, 10_000, 10_000, 1000]);
    expect(CODE_SENT_SLIDE_MS).to.be.lessThan(RESEND_CONFIRMATION_MS);
    expect(EVENT_TYPES.OTP_LOGIN_OR_CREATE).to.equal('OTP_LOGIN_OR_CREATE');
    expect(EVENT_TYPES.OTP_AUTHENTICATE).to.equal('OTP_AUTHENTICATE');
  });
});
