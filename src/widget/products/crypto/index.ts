// Crypto wallets: the record Main and the root know; the machine, Main's wallet buttons, the screens and the strings
// are the lazy chunk (chunk.ts), and the code that talks to wallets is a further chunk loaded when one is chosen.
import { SOCIAL_BUTTON_GAP_PX } from '../../ui/constants.ts';
import { v } from '../../theme/theme.ts';
import type { ProductRecord } from '../types.ts';
import { cryptoEnabled, socialButtonCount, WALLET_OPTIONS, walletButtons } from './config.ts';
import type { enCrypto } from './strings.ts';

/** This product's `::part()` names (PARTS; each described in docs.ts beside it, for custom-elements.json). */
export const CRYPTO_PARTS = {
  /** The column of crypto wallet buttons on Main, and the list of the Crypto Other Screen. */
  cryptoButtons: 'crypto-buttons',
  /** A 'Continue with <Wallet>' button or 'Other wallets' (with `button` and `button-secondary`). */
  cryptoButton: 'crypto-button',
} as const;

/** This product's widget event types (EVENT_TYPES, in `auth-login-event` and `callbacks.onEvent`). */
export const CRYPTO_EVENTS = {
  /**
   * A wallet sign-in's challenge was issued (crypto authenticate start). `data` is the start response (`challenge`).
   */
  CRYPTO_WALLET_AUTHENTICATE_START: 'CRYPTO_WALLET_AUTHENTICATE_START',
  /** A visitor signed in with a crypto wallet's signature. `data` is the authenticate response. */
  CRYPTO_WALLET_AUTHENTICATE: 'CRYPTO_WALLET_AUTHENTICATE',
} as const;

export const crypto: ProductRecord<{
  name: 'crypto';
  strings: typeof enCrypto;
  parts: typeof CRYPTO_PARTS;
  events: typeof CRYPTO_EVENTS;
}> = {
  name: 'crypto',
  folder: 'crypto',
  translations: { es: () => import('./strings.es.ts'), fr: () => import('./strings.fr.ts') },
  parts: CRYPTO_PARTS,
  events: CRYPTO_EVENTS,
  enabled: cryptoEnabled,
  load: () => import('./chunk.ts').then((chunk) => chunk.default),
  blockView: () => import('./block.view.ts'),
  // The wallet buttons plus 'Other wallets' (when some wallets move there): their height is kept free while the chunk
  // loads, so the form below does not jump when they appear.
  mainBlockHeight: (config) => {
    const { shown, other } = walletButtons(socialButtonCount(config), WALLET_OPTIONS.length);
    const count = shown + (other ? 1 : 0);
    return count ? `calc(${count} * ${v('buttonHeight')} + ${(count - 1) * SOCIAL_BUTTON_GAP_PX}px)` : null;
  },
};
