// The wallets Main offers (spec section 3: Metamask, Phantom, Coinbase, Binance, Vessel, generic Ethereum, generic
// Solana) and Main's 6-button limit shared by the social buttons and the wallet buttons (spec section 2). No wallet
// code here: this is part of the product's chunk that Main's block needs; the wallet code loads when one is chosen.
import { MAX_MAIN_BUTTONS, OTHER_WALLET_BUTTONS } from '../../constants.ts';
import type { CryptoWalletType } from '../../../api/index.ts';

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

/**
 * Where to get a wallet (Crypto Setup Wallet): the wallets' own download pages; Vessel and the generic Ethereum
 * wallet point to MetaMask's, the generic Solana wallet to Phantom's (docs/decisions.md, "Crypto wallets: widget").
 */
const INSTALL_LINKS = {
  metamask: 'https://metamask.io/download/',
  phantom: 'https://phantom.app/download',
  coinbase: 'https://www.coinbase.com/wallet/downloads',
  binance: 'https://www.binance.com/en/web3wallet',
} as const satisfies Partial<Record<WalletOption, string>>;

/** The install link for `option`, and the wallet it installs. */
export function installLinkOf(option: WalletOption): { wallet: keyof typeof INSTALL_LINKS; href: string } {
  const wallet: keyof typeof INSTALL_LINKS =
    option in INSTALL_LINKS ? (option as keyof typeof INSTALL_LINKS) : WALLET_CHAIN[option] === 'solana' ? 'phantom' : 'metamask';
  return { wallet, href: INSTALL_LINKS[wallet] };
}
