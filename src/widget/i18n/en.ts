// Every user-visible string of the widget, English (the default locale). A page overrides any of them per key with
// the `strings` property, e.g. `el.strings = { 'main.title': 'Welcome' }`. `{name}` marks a parameter.
// This file holds only what first paint needs: Main's strings and the few the root's own screens show. The error
// catalogue (en-errors.ts) and each product's strings (products/<name>/strings.ts) load with the products' chunks
// (see lazy.ts).
import type { LazyMessages } from './lazy.ts';

export const en = {
  // Main (spec section 2)
  'main.title': 'Sign up or log in',
  'main.logoAlt': 'Logo',
  'main.emailLabel': 'Email',
  'main.emailPlaceholder': 'example@email.com',
  'main.continue': 'Continue',
  'main.divider': 'or',
  'main.tabsLabel': 'Sign-in method',
  'main.tabText': 'Text',
  'main.tabWhatsApp': 'WhatsApp',
  'main.tabEmail': 'Email',
  'main.phoneLabel': 'Phone number',
  'main.countryLabel': 'Country',
  'main.countryOption': '{name} (+{callingCode})',
  // The watermark under Main, when the project's bootstrap has displayWatermark (spec section 9)
  'main.watermark': 'Powered by auth-login',

  // Shared by every screen, and the spinner of the URL-token check (which can be the first paint)
  'common.back': 'Back',
  'common.loading': 'Loading',
  'common.authenticating': 'Signing you in…',
  // The element's own reports (auth-login-error): the statechart's code failed to load, a JSON attribute is invalid
  'element.loadFailed': 'This part of the sign-in form could not load. Check your connection and try again.',
  'element.invalidJson': 'The {attribute} attribute is not valid JSON.',

  // Validation (spec section 5)
  'validation.emailInvalid': 'Email format is invalid.',
  'validation.emailInvalidOtp': 'Invalid email address.',
  'validation.phoneInvalid': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

  // Inline configuration errors (spec section 2)
  'config.emlAndEmailOtp': 'Cannot use both EML and Email OTP',
  'config.passkeysAlone': 'Cannot use Passkeys by itself, please add another product to the config.',
} as const;

export type MessageKey = keyof typeof en | keyof LazyMessages;
export type Messages = Record<MessageKey, string>;
/** The `strings` property: any subset of the messages. */
export type StringOverrides = Partial<Record<MessageKey, string>>;
