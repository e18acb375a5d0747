// The crypto part of the config, read by the record (so in the entry: tiny, no wallet code): whether the product is
// on, the wallets it offers (spec section 3: Metamask, Phantom, Coinbase, Binance, Vessel, generic Ethereum, generic
// Solana) and Main's 6-button limit shared by the social buttons and the wallet buttons (spec section 2).
import { isOAuthProvider, type CryptoWalletType } from '../../../api/index.ts';
import type { ResolvedConfig } from '../../config.ts';
import { MAX_MAIN_BUTTONS, OTHER_WALLET_BUTTONS } from './constants.ts';

export function cryptoEnabled(config: ResolvedConfig): boolean {
  return config.products.includes('crypto');
}

/**
 * The social buttons Main shows (counted the way the social block lists them: known provider types, once each, when
 * `oauth` is on). Counted here rather than imported, since a product folder never imports another.
 */
export function socialButtonCount(config: ResolvedConfig): number {
  if (!config.products.includes('oauth')) return 0;
  return new Set((config.oauthOptions?.providers ?? []).map((p) => p.type).filter(isOAuthProvider)).size;
}

/** The wallets, in the order Main lists them; the first is the spec's default `walletOption` (Metamask). */
export const WALLET_OPTIONS = ['metamask', 'phantom', 'coinbase', 'binance', 'vessel', 'ethereum', 'solana'] as const;
export type WalletOption = (typeof WALLET_OPTIONS)[number];
export const DEFAULT_WALLET_OPTION: WalletOption = WALLET_OPTIONS[0];

/** The chain each wallet signs for: Phantom and the generic Solana wallet are Solana-style, the rest Ethereum-style. */
export const WALLET_CHAIN: Record<WalletOption, CryptoWalletType> = {
  metamask: 'ethereum',
  phantom: 'solana',
  coinbase: 'ethereum',
  binance: 'ethereum',
  vessel: 'ethereum',
  ethereum: 'ethereum',
  solana: 'solana',
};

/**
 * How many wallet buttons Main shows next to `socialCount` social buttons: 6 − social − 1 (never below 0); the other
 * wallets move to the Crypto Other Screen.
 */
export function walletButtons(socialCount: number, walletCount: number): { shown: number; other: number } {
  const room = Math.max(0, MAX_MAIN_BUTTONS - socialCount - OTHER_WALLET_BUTTONS);
  const shown = Math.min(walletCount, room);
  return { shown, other: walletCount - shown };
}

/** Main's wallets and the Other screen's, for `socialCount` social buttons. */
export function splitWallets(socialCount: number): { main: WalletOption[]; other: WalletOption[] } {
  const { shown } = walletButtons(socialCount, WALLET_OPTIONS.length);
  return { main: WALLET_OPTIONS.slice(0, shown), other: WALLET_OPTIONS.slice(shown) };
}
