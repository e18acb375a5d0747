// How tools open one-time passcodes (ProductFixtures): the size bench's pages (an email tab; a phone tab, which
// fetches the phone library), the accessibility gate's screens by text message and by email, and the cold page's
// journeys by email (a passcode being sent, sent, and typed right) and its seed on the phone tab.
import type { AuthLoginConfig } from '../../config.ts';
import { PARTS } from '../../theme/parts.ts';
import type { ProductFixtures } from '../types.ts';

const EMAIL = 'ada.lovelace@westlight.edu';
const PHONE = '+14155552671';
const EMAIL_OTP: AuthLoginConfig = { products: ['otp'], otpOptions: { methods: ['email'] } };

export const fixtures: ProductFixtures = {
  pages: [
    {
      name: 'otp-email',
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
      usable: 'input[type="email"]',
    },
    {
      name: 'otp-sms-email',
      config: { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } },
      usable: 'input[type="tel"]',
    },
  ],
  accessibility: {
    config: { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'], expirationMinutes: 5 } },
    params: { tab: 'sms' },
    variants: async () => [
      {
        otpState: {
          type: 'sms',
          methodId: 'phone-number-test-d5a3b680-e8a3-40c0-b815-ab79986666d0',
          otpDestination: PHONE,
        },
        passcode: { code: '', secondsLeft: 287, displayDestination: '+1 415 555 2671' },
      },
      {
        otpState: { type: 'email', methodId: 'email-test-81bf03a8-86e1-4d95-bd44-bb3da0f8b9a5', otpDestination: EMAIL },
        passcode: { code: '123', secondsLeft: 0, displayDestination: EMAIL },
      },
    ],
  },
  coldPage: {
    journeys: {
      'otps.sendingOtp': { kind: 'email', config: EMAIL_OTP, hold: '/otps/email/login_or_create' },
      'otps.otpAuthenticate': { kind: 'email', config: EMAIL_OTP },
      // A right passcode, on a page that keeps the element: the journey of the raw 'success.title' once shown.
      'otps.otpConfirmation': { kind: 'email', config: EMAIL_OTP, passcode: `input[part~="${PARTS.passcodeInput}"]` },
    },
    seed: { config: { products: ['otp'], otpOptions: { methods: ['sms'] } }, params: { tab: 'sms' } },
    successScreens: ['OTPConfirmation'],
  },
};
