// Strings of the passcode screens (OTP Authenticate and OTP Confirmation), English. Registered with the translator's
// defaults when the product's chunk loads, before any of its screens render; i18n/lazy.ts lists this table's type so
// every key is in `strings`.
import { registerDefaults } from '../../i18n/index.ts';
import '../../i18n/en-errors.ts';

export const enOtps = {
  // OTP Authenticate and OTP Confirmation (spec section 2)
  'otp.title': 'Enter passcode',
  'otp.sentTo': 'A {length}-digit passcode was sent to you at {destination}.',
  'otp.codeLabel': 'Passcode',
  'otp.verifying': 'Verifying passcode...',
  'otp.expiresIn': 'Your code expires in {time}.',
  'otp.expired': 'Your code has expired.',
  'otp.didNotGetIt': "Didn't get it?",
  'otp.resend': 'Resend code',
  'otp.codeSent': 'Code sent',
  'otpConfirmation.text': 'Your passcode has been successfully verified.',
} as const;

registerDefaults(enOtps);
