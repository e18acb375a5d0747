// Passwords: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts). A password
// takes the Email tab when enabled (spec section 2), and a reset link in the page URL opens the reset form.
import { TOKEN_TYPES } from '../../../api/index.ts';
import type { ProductRecord } from '../types.ts';
import { ERROR_TABLES, withTables, type TableLoaders } from '../../i18n/tables.ts';

/** The product's strings in the other languages (products/<name>/strings.<locale>.ts), fetched with its chunk. */
const STRINGS: TableLoaders = { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') };

export const passwords: ProductRecord = {
  name: 'passwords',
  enabled: (config) => config.products.includes('passwords'),
  load: () => withTables(import('./chunk.ts').then((chunk) => chunk.default), STRINGS, ERROR_TABLES),
  tabs: () => ['email'],
  emailTab: { rank: 3, invalidEmail: 'validation.emailInvalid' },
  urlTokenType: TOKEN_TYPES.resetPassword,
};
