// Everything that talks to a wallet (spec section 7), in its own chunk: imported by actors.ts with `import()` only
// when a wallet is chosen, so a page with the crypto product pays for no wallet code until then.
//
// Discovery: Ethereum-style wallets announce themselves by EIP-6963 (answering 'eip6963:requestProvider' with
// 'eip6963:announceProvider', each with its reverse-DNS id), which lets several coexist; older ones only set
// `window.ethereum` (with a flag naming them). Solana-style wallets set `window.phantom.solana` / `window.solana`.
// Connection: an account request (EIP-1193 `eth_requestAccounts`) or `connect()`; signing: `personal_sign` (EIP-191)
// or `signMessage` with the signature base58-encoded.
import { base58 } from '@scure/base';
import type { CryptoWalletType } from '../../../api/index.ts';
import { WALLET_CHAIN, type WalletOption } from './config.ts';

interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isBinance?: boolean;
}

interface SolanaProvider {
  isPhantom?: boolean;
  connect(): Promise<{ publicKey: { toBase58?(): string; toString(): string } }>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<{ signature: Uint8Array }>;
}

/** A wallet found in the page, ready to be asked for its address and a signature. */
export interface Wallet {
  type: CryptoWalletType;
  /** The address the visitor lets the page use (the wallet asks them). */
  connect(): Promise<string>;
  /** The wallet's signature of `message` by `address`, as the service takes it (0x-hex, or base58). */
  sign(address: string, message: string): Promise<string>;
}

/** EIP-6963 reverse-DNS ids of the named Ethereum-style wallets (as their extensions announce them). */
const RDNS: Partial<Record<WalletOption, string>> = {
  metamask: 'io.metamask',
  coinbase: 'com.coinbase.wallet',
  binance: 'com.binance.wallet',
  vessel: 'com.vessel',
};

/** The legacy `window.ethereum` flag of the named Ethereum-style wallets. */
const LEGACY_FLAG: Partial<Record<WalletOption, keyof Eip1193Provider>> = {
  metamask: 'isMetaMask',
  coinbase: 'isCoinbaseWallet',
  binance: 'isBinance',
};

/**
 * The EIP-6963 announcements answering a request. Wallets answer synchronously inside the dispatch (the standard's
 * event handshake), so the listener has them all once dispatchEvent returns.
 */
function announcedProviders(): { rdns: string; provider: Eip1193Provider }[] {
  const found: { rdns: string; provider: Eip1193Provider }[] = [];
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<{ info?: { rdns?: unknown }; provider?: Eip1193Provider }>).detail;
    if (detail?.provider && typeof detail.provider.request === 'function') {
      found.push({ rdns: String(detail.info?.rdns ?? ''), provider: detail.provider });
    }
  };
  window.addEventListener('eip6963:announceProvider', listener);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  window.removeEventListener('eip6963:announceProvider', listener);
  return found;
}

function ethereumProvider(option: WalletOption): Eip1193Provider | null {
  const announced = announcedProviders();
  const rdns = RDNS[option];
  const legacy = (window as unknown as { ethereum?: Eip1193Provider }).ethereum;
  if (!rdns) return announced[0]?.provider ?? legacy ?? null; // the generic Ethereum wallet: whichever is there
  const match = announced.find((a) => a.rdns === rdns);
  if (match) return match.provider;
  const flag = LEGACY_FLAG[option];
  return flag && legacy?.[flag] ? legacy : null;
}

function solanaProvider(option: WalletOption): SolanaProvider | null {
  const w = window as unknown as { phantom?: { solana?: SolanaProvider }; solana?: SolanaProvider };
  if (option === 'phantom') return w.phantom?.solana ?? (w.solana?.isPhantom ? w.solana : null);
  return w.phantom?.solana ?? w.solana ?? null;
}

/** UTF-8 bytes as 0x-hex, the message form `personal_sign` takes. */
function toHex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The chosen wallet, or null when it is not in this browser (the product then shows Set up wallet). */
export function findWallet(option: WalletOption): Wallet | null {
  if (WALLET_CHAIN[option] === 'solana') {
    const provider = solanaProvider(option);
    if (!provider) return null;
    return {
      type: 'solana',
      async connect() {
        const { publicKey } = await provider.connect();
        return publicKey.toBase58?.() ?? publicKey.toString();
      },
      async sign(_address, message) {
        const { signature } = await provider.signMessage(new TextEncoder().encode(message), 'utf8');
        return base58.encode(signature);
      },
    };
  }
  const provider = ethereumProvider(option);
  if (!provider) return null;
  return {
    type: 'ethereum',
    async connect() {
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as unknown;
      const address = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof address !== 'string') throw new Error('The wallet gave no account.');
      return address;
    },
    async sign(address, message) {
      const signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] });
      if (typeof signature !== 'string') throw new Error('The wallet gave no signature.');
      return signature;
    },
  };
}
