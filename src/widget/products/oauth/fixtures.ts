// How tools open social sign-in (ProductFixtures): the size bench's page (usable once a provider's button is), the
// accessibility gate's screens, and the cold page's journey (the provider's redirect back, its sign-in held) and seed.
import type { ProductFixtures } from '../types.ts';
import { OAUTH_PARTS } from './index.ts';

export const fixtures: ProductFixtures = {
  pages: [
    {
      name: 'oauth',
      config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] } },
      usable: `button[part~="${OAUTH_PARTS.oauthButton}"]`,
    },
  ],
  accessibility: {
    config: {
      products: ['oauth', 'emailMagicLinks'],
      oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }, { type: 'github' }] },
    },
    params: { provider: 'google' },
    variants: async () => [{}],
  },
  coldPage: {
    journeys: { 'oauth.authenticating': { kind: 'urlToken', hold: '/oauth/authenticate' } },
    seed: {
      config: { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } },
      params: { provider: 'google' },
    },
  },
};
