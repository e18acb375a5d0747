// Email magic links: the record Main and the root know; the machine and screens are the lazy chunk (chunk.ts).
import type { ProductRecord } from '../types.ts';

export const magicLinks: ProductRecord = {
  name: 'emailMagicLinks',
  enabled: (config) => config.products.includes('emailMagicLinks'),
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  tabs: () => ['email'],
  emailTab: { rank: 1, invalidEmail: 'validation.emailInvalid' },
};
