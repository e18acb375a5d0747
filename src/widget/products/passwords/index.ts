// Passwords: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts). A password
// takes the Email tab when enabled (spec section 2), and a reset link in the page URL opens the reset form.
import { TOKEN_TYPES } from '../../../api/index.ts';
import type { ProductRecord } from '../types.ts';

export const passwords: ProductRecord = {
  name: 'passwords',
  enabled: (config) => config.products.includes('passwords'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  tabs: () => ['email'],
  emailTab: { rank: 3, invalidEmail: 'validation.emailInvalid' },
  urlToken: { type: TOKEN_TYPES.resetPassword, use: 'open' },
};
