// Email magic links: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts).
import type { ProductRecord } from '../types.ts';
import { ERROR_TABLES, withTables, type TableLoaders } from '../../i18n/tables.ts';

/** The product's strings in the other languages (products/<name>/strings.<locale>.ts), fetched with its chunk. */
const STRINGS: TableLoaders = { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') };

export const magicLinks: ProductRecord = {
  name: 'emailMagicLinks',
  enabled: (config) => config.products.includes('emailMagicLinks'),
  load: () => withTables(import('./chunk.ts').then((chunk) => chunk.default), STRINGS, ERROR_TABLES),
  tabs: () => ['email'],
  emailTab: { rank: 1, invalidEmail: 'validation.emailInvalid' },
};
