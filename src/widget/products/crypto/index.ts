// Crypto wallets: the record Main and the root know; the machine, Main's wallet buttons, the screens and the strings
// are the lazy chunk (chunk.ts), and the code that talks to wallets is a further chunk loaded when one is chosen.
import { SOCIAL_BUTTON_GAP_PX } from '../../ui/constants.ts';
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { cryptoEnabled, socialButtonCount, WALLET_OPTIONS, walletButtons } from './config.ts';

export const crypto: ProductRecord = {
  name: 'crypto',
  enabled: cryptoEnabled,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  shellBlock: () => import('./shell-block.ts'),
  // The wallet buttons plus 'Other wallets' (when some wallets move there): their height is kept free while the chunk
  // loads, so the form below does not jump when they appear.
  mainBlockHeight: (config) => {
    const { shown, other } = walletButtons(socialButtonCount(config), WALLET_OPTIONS.length);
    const count = shown + (other ? 1 : 0);
    return count ? `calc(${count} * ${v('buttonHeight')} + ${(count - 1) * SOCIAL_BUTTON_GAP_PX}px)` : null;
  },
};
