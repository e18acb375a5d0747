// Strings of OTP Authenticate and OTP Confirmation, English.
// Registered with the defaults when the screen's module loads (see lazy.ts).
import { registerDefaults } from './index.ts';

export const enOtp = {
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

registerDefaults(enOtp);
