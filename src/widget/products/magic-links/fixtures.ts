// How tools open email magic links (ProductFixtures): the size bench's page, and the accessibility gate's screens.
import type { ProductFixtures } from '../types.ts';

export const fixtures: ProductFixtures = {
  // The default configuration: the size budgets are set on this page (bench/size.mjs).
  pages: [{ name: 'emailMagicLinks', config: { products: ['emailMagicLinks'] }, usable: 'input[type="email"]' }],
  accessibility: {
    config: { products: ['emailMagicLinks'] },
    params: { tab: 'email' },
    variants: async () => [{ email: 'ada.lovelace@westlight.edu' }],
  },
};
