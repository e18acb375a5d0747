// Spanish: Main's table (loaded with this module, before Main renders in Spanish) and the import map of every
// other Spanish table, fetched by name (tables.ts) with the code that shows it. A new product adds its line here.
import { IDENTITY_PROVIDER } from '../constants.ts';
import { localeIndex } from './locale-index.ts';
import './main.es.ts';

export const index = localeIndex({
  errors: () => import('./errors.es.ts'),
  outcome: () => import('./outcome.es.ts'),
  emailMagicLinks: () => import('../products/magic-links/strings.es.ts'),
  otp: () => import('../products/otps/strings.es.ts'),
  passwords: () => import('../products/passwords/strings.es.ts'),
  oauth: () => import('../products/oauth/strings.es.ts'),
  passkeys: () => import('../products/passkeys/strings.es.ts'),
  crypto: () => import('../products/crypto/strings.es.ts'),
  [IDENTITY_PROVIDER]: () => import('../products/idp/strings.es.ts'),
});
