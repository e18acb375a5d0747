// One-time passcodes by text message, WhatsApp or email: the record Main and the root know; the machine and screens
// are the lazy chunk (chunk.ts).
import { otpMethods } from '../../config.ts';
import type { ProductRecord } from '../types.ts';

export const otps: ProductRecord = {
  name: 'otp',
  enabled: (config) => config.products.includes('otp'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  tabs: (config) => otpMethods(config),
  emailTab: { rank: 2, invalidEmail: 'validation.emailInvalidOtp' },
};
