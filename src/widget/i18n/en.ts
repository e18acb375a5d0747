// Every user-visible string of the widget, English (the default locale). A page overrides any of them per key with
// the `strings` property, e.g. `el.strings = { 'main.title': 'Welcome' }`. `{name}` marks a parameter.
// This file holds what first paint needs (Main, shared screens, the error catalogue). The strings of a screen that
// loads lazily live in `en-<flow>.ts`, imported by that screen's module, so they download with it (see lazy.ts).
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

  // Generic success and error screens (spec sections 2 and 8)
  'success.title': 'Success!',
  'success.text': 'You have successfully logged in.',
  'error.title': 'Looks like there was an error!',
  'common.back': 'Back',
  'common.loading': 'Loading',
  'common.authenticating': 'Signing you in…',
  // The element's own reports (auth-login-error): the statechart's code failed to load, a JSON attribute is invalid
  'element.loadFailed': 'The sign-in form could not load: {error}',
  'element.invalidJson': 'The {attribute} attribute is not valid JSON.',

  // Validation (spec section 5)
  'validation.emailInvalid': 'Email format is invalid.',
  'validation.emailInvalidOtp': 'Invalid email address.',
  'validation.phoneInvalid': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

  // Inline configuration errors (spec section 2)
  'config.emlAndEmailOtp': 'Cannot use both EML and Email OTP',
  'config.passkeysAlone': 'Cannot use Passkeys by itself, please add another product to the config.',

  // The error catalogue (spec section 8), by error_type
  'errors.invalid_email': 'Email format is invalid.',
  'errors.invalid_phone_number': 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'errors.unsubscribed_phone_number':
    "This phone number has unsubscribed from our messages. Text 'START' to it to resubscribe, then try again.",
  'errors.inactive_email':
    'This email address has been marked as inactive. Please try another email address, or contact your admin if you think this is a mistake.',
  'errors.unauthorized_credentials': 'Unauthorized credentials.',
  'errors.user_unauthenticated': 'Must have an active session to call this method. Have you logged in yet?',
  'errors.email_not_found': 'Email not found.',
  'errors.unable_to_auth_magic_link':
    'This login link has already been used or has expired. Please request a new link and try again.',
  'errors.no_user_password': 'Password not found for this user. Please try again.',
  'errors.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'errors.reset_password': 'Password must be reset.',
  'errors.oauth_token_not_found': 'OAuth Token could not be found.',
  'errors.invalid_code': 'Code format is invalid, please try again.',
  'errors.member_password_not_found': 'Member password not found.',
  'errors.oauth_flow_callback_error': 'Something went wrong while completing the sign-in callback. Please try again.',
  'errors.unauthorized_action': 'Unauthorized action.',
  'errors.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'errors.invalid_session_token': 'Invalid session token.',
  'errors.session_not_found': 'Session not found.',
  'errors.invalid_phone_number_country_code':
    "The phone number's country code is invalid, not supported, or not enabled for this project.",
  'errors.otp_code_not_found': 'Invalid passcode, please try again.',
  'errors.duplicate_member_phone_number': 'A member with the specified phone number already exists for this organization.',
  'errors.webauthn_registration_not_found':
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',

  // Passkey, crypto and consent messages of the catalogue (spec section 8), used by later screens
  'passkey.unknownError': 'Unknown error occurred during passkey authentication. Please try again.',
  'passkey.duplicate':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'passkey.notCreated':
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  'passkey.noActiveUser': 'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  'crypto.errorTitle': 'Looks like there was an error!',
  'crypto.errorText':
    'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.connectFailed': 'Could not connect to wallet',
  'crypto.signFailed': 'Could not sign message',
  'consent.denied': 'Access to the application was denied.',
} as const;

export type MessageKey = keyof typeof en | keyof LazyMessages;
export type Messages = Record<MessageKey, string>;
/** The `strings` property: any subset of the messages. */
export type StringOverrides = Partial<Record<MessageKey, string>>;
