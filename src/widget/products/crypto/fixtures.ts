// How tools open crypto wallets (ProductFixtures): the size bench's page (usable once a wallet's button is), and the
// accessibility gate's screens for an Ethereum-style and a Solana-style wallet.
import type { ProductFixtures } from '../types.ts';
import { CRYPTO_PARTS } from './index.ts';

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
};
