// How tools open email magic links (ProductFixtures): the size bench's page, the accessibility gate's screens, and the
// cold page's journeys (a link's sign-in held, an address being sent its link and sent it) and a real link's token.
import type { AuthLoginConfig } from '../../config.ts';
import type { ProductFixtures } from '../types.ts';

const MAGIC_LINKS: AuthLoginConfig = { products: ['emailMagicLinks'] };

export const fixtures: ProductFixtures = {
  // The default configuration: the size budgets are set on this page (bench/size.mjs).
  pages: [{ name: 'emailMagicLinks', config: { products: ['emailMagicLinks'] }, usable: 'input[type="email"]' }],
  accessibility: {
    config: { products: ['emailMagicLinks'] },
    params: { tab: 'email' },
    variants: async () => [{ email: 'ada.lovelace@westlight.edu' }],
  },
  coldPage: {
    journeys: {
      'magicLinks.authenticating': { kind: 'urlToken', hold: '/magic_links/authenticate' },
      'magicLinks.sending': { kind: 'email', config: MAGIC_LINKS, hold: '/magic_links/email/login_or_create' },
      'magicLinks.sent': { kind: 'email', config: MAGIC_LINKS },
    },
    seed: { config: MAGIC_LINKS, params: { tab: 'email' } },
    // The token of the link the service emails to a new address.
    urlToken: async ({ client, inbox, uniqueEmail }) => {
      const email = uniqueEmail('cold-page-link');
      await client().magicLinks.email.loginOrCreate(email);
      const [message] = await inbox(email);
      const link = message?.links.find((l) => l.includes('token='));
      const token = link && new URL(link).searchParams.get('token');
      if (!token) throw new Error(`no link with a token in the message to ${email}`);
      return token;
    },
  },
};
