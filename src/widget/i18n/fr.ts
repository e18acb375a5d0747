// French: Main's table (loaded with this module, before Main renders in French) and the import map of every
// other French table, fetched by name (tables.ts) with the code that shows it. A new product adds its line here.
import { IDENTITY_PROVIDER } from '../constants.ts';
import { localeIndex } from './locale-index.ts';
import './main.fr.ts';

export const index = localeIndex({
  errors: () => import('./errors.fr.ts'),
  outcome: () => import('./outcome.fr.ts'),
  emailMagicLinks: () => import('../products/magic-links/strings.fr.ts'),
  otp: () => import('../products/otps/strings.fr.ts'),
  passwords: () => import('../products/passwords/strings.fr.ts'),
  oauth: () => import('../products/oauth/strings.fr.ts'),
  passkeys: () => import('../products/passkeys/strings.fr.ts'),
  crypto: () => import('../products/crypto/strings.fr.ts'),
  [IDENTITY_PROVIDER]: () => import('../products/idp/strings.fr.ts'),
});
