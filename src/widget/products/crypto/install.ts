// Where to get a wallet, for Crypto Setup Wallet (spec section 2: 'Set up a new crypto wallet').
import { WALLET_CHAIN, type WalletOption } from './config.ts';

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
    option in INSTALL_LINKS
      ? (option as keyof typeof INSTALL_LINKS)
      : WALLET_CHAIN[option] === 'solana'
        ? 'phantom'
        : 'metamask';
  return { wallet, href: INSTALL_LINKS[wallet] };
}
