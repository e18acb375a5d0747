// The error catalogue (spec section 8), English: the message shown for a service `error_type`, and the consent
// message. It loads with the products' chunks and the Error screen (an error is shown only after a call
// that one of them made), not with first paint.
import { registerDefaults } from './index.ts';

export const enErrors = {
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
  'errors.duplicate_member_phone_number':
    'A member with the specified phone number already exists for this organization.',
  'errors.webauthn_registration_not_found':
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',

  // The consent message of the catalogue (spec section 8), for a later screen (the passkey and crypto ones are in
  // products/passkeys/strings.ts and products/crypto/strings.ts: only those products show them)
  'consent.denied': 'Access to the application was denied.',
  // The identity provider's messages (spec sections 2 and 4): a link without a required parameter, and an authorize
  // page opened while nobody is signed in (shown on Main, above its login form)
  'consent.missingParameter': 'Required parameter is missing: {name}. Please reach out to the application developer.',
  'consent.noSession': 'No active session detected. Please log in to continue.',
} as const;

registerDefaults(enErrors);
