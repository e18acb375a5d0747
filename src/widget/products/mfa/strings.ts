// Strings of the organization MFA screens, English. Registered with the translator's defaults when the product's
// chunk loads, before any of its screens render; i18n/lazy.ts lists this table's type so every key is in `strings`.
// Where the spec is silent, the hosted provider's organization UI's own English texts.
import { registerDefaults } from '../../i18n/index.ts';

export const enMfa = {
  // MFA enrollment: the member picks a second factor.
  'mfa.enrollment.title': 'Set up Multi-Factor Authentication',
  'mfa.enrollment.text':
    'Your organization requires an additional form of verification to make your account more secure.',
  'mfa.enrollment.totp': 'Use an authenticator app',
  'mfa.enrollment.sms': 'Text me a code',
  // TOTP: enrollment (the QR code and the secret), then the code; at sign-in, the code.
  'mfa.totpEnroll.title': 'Scan the QR code to link your authenticator app',
  'mfa.totpEnroll.text':
    'Your organization requires an additional form of verification to make your account more secure. If you don’t have an authenticator app, you’ll need to install one first.',
  'mfa.totpEnroll.qrAlt': 'QR code for your authenticator app: it holds the secret key below',
  'mfa.totpEnroll.manual': 'Having trouble scanning the QR code? Enter this key in your authenticator app instead:',
  'mfa.totpEnroll.copy': 'Copy key',
  'mfa.totpEnroll.copied': 'Copied!',
  'mfa.totpEnroll.copyFailed': "Couldn't copy the key to the clipboard",
  'mfa.totpEnroll.creating': 'Setting up your authenticator app…',
  'mfa.totpEnroll.helper':
    'If the verification code doesn’t work, go back to your authenticator app to get a new code.',
  'mfa.totp.title': 'Enter verification code',
  'mfa.totp.text': 'Enter the 6-digit code from your authenticator app.',
  'mfa.totp.useRecoveryCode': 'Use a recovery code',
  'mfa.totp.useSms': 'Text me a code instead',
  'mfa.code.label': 'One-time passcode',
  'mfa.code.verifying': 'Verifying passcode...',
  // SMS OTP: enrollment (the phone number), then the code.
  'mfa.smsEnroll.title': 'Enter your phone number to set up Multi-Factor Authentication',
  'mfa.smsEnroll.text':
    'Your organization requires an additional form of verification to make your account more secure.',
  'mfa.smsEnroll.continue': 'Continue',
  'mfa.sms.title': 'Enter passcode',
  'mfa.sms.sending': 'Sending a passcode to your phone…',
  'mfa.sms.sentTo': 'A 6-digit passcode was sent to you at {destination}.',
  'mfa.sms.didNotGetIt': "Didn't get it?",
  'mfa.sms.resend': 'Resend code',
  'mfa.sms.codeSent': 'Code sent',
  'mfa.sms.useTotp': 'Use an authenticator app instead',
  // Recovery codes: shown once after TOTP enrollment; one entered at sign-in instead of a code.
  'mfa.recoveryCodes.title': 'Save your recovery codes!',
  'mfa.recoveryCodes.text':
    'This is the only time you will be able to access and save your recovery codes. Each one signs you in once if you lose your authenticator app.',
  'mfa.recoveryCodes.listLabel': 'Your recovery codes',
  'mfa.recoveryCodes.download': 'Download .txt file',
  'mfa.recoveryCodes.copy': 'Copy all to clipboard',
  'mfa.recoveryCodes.copied': 'Copied!',
  'mfa.recoveryCodes.copyFailed': "Couldn't copy codes to clipboard",
  'mfa.recoveryCodes.done': 'Done',
  'mfa.recoveryCodes.file': '{organization}-recovery-codes',
  'mfa.recoveryCodes.fileNoOrganization': 'recovery-codes',
  'mfa.recover.title': 'Enter recovery code',
  'mfa.recover.text': 'Enter one of the recovery codes you saved when setting up your authenticator app.',
  'mfa.recover.label': 'Recovery code',
  'mfa.recover.continue': 'Continue',
} as const;

registerDefaults(enMfa);
