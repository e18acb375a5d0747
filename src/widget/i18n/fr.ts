// French: the tables loaded with this module, before Main renders in French (Main's, the error catalogue's and the
// Success and Error screens'), and the import map of each product's French table, fetched by name (tables.ts) with
// the product's chunk. A new product adds its line here (tsc asks for it: the map is keyed by every product name).
import { IDENTITY_PROVIDER } from '../constants.ts';
import { localeIndex } from './locale-index.ts';
import './main.fr.ts';
import './errors.fr.ts';
import './outcome.fr.ts';

export const index = localeIndex({
  emailMagicLinks: () => import('../products/magic-links/strings.fr.ts'),
  otp: () => import('../products/otps/strings.fr.ts'),
  passwords: () => import('../products/passwords/strings.fr.ts'),
  oauth: () => import('../products/oauth/strings.fr.ts'),
  passkeys: () => import('../products/passkeys/strings.fr.ts'),
  crypto: () => import('../products/crypto/strings.fr.ts'),
  [IDENTITY_PROVIDER]: () => import('../products/idp/strings.fr.ts'),
});
