// Spanish: the tables loaded with this module, before Main renders in Spanish (Main's, the error catalogue's and the
// Success and Error screens'), and the import map of each product's Spanish table, fetched by name (tables.ts) with
// the product's chunk. A new product adds its line here (tsc asks for it: the map is keyed by every product name).
import { IDENTITY_PROVIDER } from '../constants.ts';
import { localeIndex } from './locale-index.ts';
import './main.es.ts';
import './errors.es.ts';
import './outcome.es.ts';

export const index = localeIndex({
  emailMagicLinks: () => import('../products/magic-links/strings.es.ts'),
  otp: () => import('../products/otps/strings.es.ts'),
  passwords: () => import('../products/passwords/strings.es.ts'),
  oauth: () => import('../products/oauth/strings.es.ts'),
  passkeys: () => import('../products/passkeys/strings.es.ts'),
  crypto: () => import('../products/crypto/strings.es.ts'),
  [IDENTITY_PROVIDER]: () => import('../products/idp/strings.es.ts'),
});
