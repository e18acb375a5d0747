// Email magic links: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts). A link
// in the page URL (`?stytch_token_type=magic_links&token=…`) opens the product, which signs in with it.
import { TOKEN_TYPES } from '../../../api/index.ts';
import type { ProductRecord } from '../types.ts';

export const magicLinks: ProductRecord = {
  name: 'emailMagicLinks',
  enabled: (config) => config.products.includes('emailMagicLinks'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  tabs: () => ['email'],
  emailTab: { rank: 1, invalidEmail: 'validation.emailInvalid' },
  urlToken: { type: TOKEN_TYPES.magicLinks, use: 'authenticate' },
};
