// One-time passcodes by text message, WhatsApp or email: the record Main and the root know; the machine and screens
// are the lazy chunk (chunk.ts).
import { otpMethods } from '../../config.ts';
import type { ProductRecord } from '../types.ts';
import { ERROR_TABLES, withTables, type TableLoaders } from '../../i18n/tables.ts';

/** The product's strings in the other languages (products/<name>/strings.<locale>.ts), fetched with its chunk. */
const STRINGS: TableLoaders = { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') };

export const otps: ProductRecord = {
  name: 'otp',
  enabled: (config) => config.products.includes('otp'),
  load: () => withTables(import('./chunk.ts').then((chunk) => chunk.default), STRINGS, ERROR_TABLES),
  tabs: (config) => otpMethods(config),
  emailTab: { rank: 2, invalidEmail: 'validation.emailInvalidOtp' },
};
