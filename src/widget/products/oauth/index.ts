// Social sign-in (with Google One Tap): the record Main and the root know; the machines, the social block and the
// strings are the lazy chunk (chunk.ts).
import { SOCIAL_BUTTON_GAP_PX } from '../../constants.ts';
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { oauthProviders } from './config.ts';
import { ERROR_TABLES, withTables, type TableLoaders } from '../../i18n/tables.ts';

/** The product's strings in the other languages (products/<name>/strings.<locale>.ts), fetched with its chunk. */
const STRINGS: TableLoaders = { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') };

export const oauth: ProductRecord = {
  name: 'oauth',
  enabled: (config) => oauthProviders(config).length > 0,
  load: () => withTables(import('./chunk.ts').then((chunk) => chunk.default), STRINGS, ERROR_TABLES),
  // The buttons' height is kept free while their chunk loads, so the form below does not jump when they appear.
  mainBlockHeight: (config) => {
    const count = oauthProviders(config).length;
    return count ? `calc(${count} * ${v('buttonHeight')} + ${(count - 1) * SOCIAL_BUTTON_GAP_PX}px)` : null;
  },
};
