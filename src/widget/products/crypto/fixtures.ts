// How tools open crypto wallets (ProductFixtures): the size bench's page (usable once a wallet's button is), the
// accessibility gate's screens for an Ethereum-style and a Solana-style wallet, and the cold page's journeys (a wallet
// chosen, the other wallets asked for) and its seed (a signature needs a wallet, so no journey goes further).
import type { AuthLoginConfig } from '../../config.ts';
import type { ProductFixtures } from '../types.ts';
import { CRYPTO_PARTS } from './index.ts';

const CRYPTO: AuthLoginConfig = { products: ['crypto'] };
/** Three social buttons leave room for two wallets on Main: the rest are behind 'Other wallets'. */
const CRYPTO_WITH_SOCIAL: AuthLoginConfig = {
  products: ['crypto', 'oauth'],
  oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'apple' }] },
};

export const fixtures: ProductFixtures = {
  pages: [{ name: 'crypto', config: { products: ['crypto'] }, usable: `button[part~="${CRYPTO_PARTS.cryptoButton}"]` }],
  accessibility: {
    config: { products: ['crypto', 'emailMagicLinks'] },
    params: { wallet: 'metamask' },
    variants: async () => [
      {
        walletOption: 'metamask',
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        walletChallenge: 'Sign in to Westlight University',
      },
      {
        walletOption: 'phantom',
        walletAddress: '5FHwkrdxntdK24hgQU8qgBjn35Y1zwhz1GZwCkP2UJnM',
        walletChallenge: 'Sign in to Westlight University',
      },
    ],
  },
  coldPage: {
    journeys: {
      // No wallet is installed in the cold page: the chosen one leads to Crypto Setup Wallet.
      'crypto.setup': { kind: 'click', config: CRYPTO, selector: 'button[data-wallet]' },
      'crypto.other': {
        kind: 'click',
        config: CRYPTO_WITH_SOCIAL,
        selector: `button[part~="${CRYPTO_PARTS.cryptoButton}"]:not([data-wallet])`,
      },
    },
    seed: {
      config: CRYPTO,
      params: { wallet: 'metamask' },
      context: () => ({
        walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
        walletChallenge: 'A challenge the service gave.',
      }),
    },
    successScreens: ['CryptoConfirmation'],
  },
};
