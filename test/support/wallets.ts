// Test wallets for the Chromium suites. Real keys and real signatures (the service verifies them as it would
// a wallet's), injected into the page the way browser extensions inject theirs: an EIP-1193 Ethereum provider
// announced by EIP-6963 (and, if asked, as the legacy `window.ethereum`), and a Phantom-style Solana provider at
// `window.phantom.solana` / `window.solana`. They are the outside boundary of the tests: nothing of ours is mocked.
import { ed25519 } from '@noble/curves/ed25519';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { base58 } from '@scure/base';

/** EIP-1193's and Phantom's code for "the user rejected the request". */
export const USER_REJECTED_CODE = 4001;
const USER_REJECTED_MESSAGE = 'User rejected the request.';

/** Fixed keys, so a test can compute the address it expects (never used outside tests). */
export const TEST_ETHEREUM_PRIVATE_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
/** A second Ethereum key (Anvil / Hardhat account #1, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8): another wallet. */
export const SECOND_ETHEREUM_PRIVATE_KEY = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const TEST_SOLANA_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';

/** Which request of the wallet the (simulated) user turns down. */
export type Rejection = 'none' | 'connect' | 'sign';

class UserRejectedError extends Error {
  readonly code = USER_REJECTED_CODE;
  constructor() {
    super(USER_REJECTED_MESSAGE);
    this.name = 'UserRejectedError';
  }
}

/** EIP-55 mixed-case checksum address of an uncompressed secp256k1 public key. */
export function ethereumAddressOf(privateKeyHex: string): string {
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKeyHex), false);
  const lower = bytesToHex(keccak_256(publicKey.slice(1)).slice(-20));
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let checksummed = '0x';
  for (let i = 0; i < lower.length; i++)
    checksummed += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return checksummed;
}

/**
 * EIP-191 personal_sign: keccak256("\x19Ethereum Signed Message:\n" + length + message), signed; 0x r||s||v (v 27/28).
 */
export function personalSign(privateKeyHex: string, message: Uint8Array): string {
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`);
  const digest = keccak_256(new Uint8Array([...prefix, ...message]));
  const signature = secp256k1.sign(digest, hexToBytes(privateKeyHex));
  return `0x${signature.toCompactHex()}${(27 + signature.recovery).toString(16)}`;
}

export interface EthereumWalletOptions {
  privateKeyHex?: string;
  /** EIP-6963 provider info; rdns names the wallet (io.metamask, com.coinbase.wallet, …). */
  info?: { uuid?: string; name?: string; icon?: string; rdns?: string };
  /** Also set the legacy `window.ethereum` (with `isMetaMask` when the rdns is MetaMask's). */
  legacy?: boolean;
  /** Announce by EIP-6963 (default true). */
  eip6963?: boolean;
  reject?: Rejection;
}

export interface InstalledEthereumWallet {
  address: string;
  provider: { request(args: { method: string; params?: unknown[] }): Promise<unknown>; isMetaMask?: boolean };
  /** The requests the page made, by method, in order. */
  calls: { method: string; params?: unknown[] }[];
  /** Change which request the user turns down from now on. */
  setReject(reject: Rejection): void;
  uninstall(): void;
}

const TINY_ICON = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/%3E';

/** Installs an EIP-1193 Ethereum wallet into this page; `uninstall()` removes it (and stops its announcements). */
export function installEthereumWallet(options: EthereumWalletOptions = {}): InstalledEthereumWallet {
  const privateKeyHex = options.privateKeyHex ?? TEST_ETHEREUM_PRIVATE_KEY;
  const address = ethereumAddressOf(privateKeyHex);
  let reject: Rejection = options.reject ?? 'none';
  const calls: InstalledEthereumWallet['calls'] = [];
  const info = {
    uuid: options.info?.uuid ?? crypto.randomUUID(),
    name: options.info?.name ?? 'MetaMask',
    icon: options.info?.icon ?? TINY_ICON,
    rdns: options.info?.rdns ?? 'io.metamask',
  };
  const provider: InstalledEthereumWallet['provider'] = {
    isMetaMask: info.rdns === 'io.metamask' || undefined,
    async request({ method, params }) {
      calls.push({ method, params });
      switch (method) {
        case 'eth_requestAccounts':
          if (reject === 'connect') throw new UserRejectedError();
          return [address.toLowerCase()];
        case 'eth_accounts':
          return reject === 'connect' ? [] : [address.toLowerCase()];
        case 'personal_sign': {
          if (reject === 'sign') throw new UserRejectedError();
          const [hexMessage, from] = (params ?? []) as [string, string];
          if (typeof from !== 'string' || from.toLowerCase() !== address.toLowerCase()) {
            throw Object.assign(new Error('personal_sign: unknown account'), { code: 4100 });
          }
          return personalSign(privateKeyHex, hexToBytes(hexMessage.replace(/^0x/, '')));
        }
        default:
          throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
      }
    },
  };
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  const announces = options.eip6963 ?? true;
  if (announces) {
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }
  const w = window as unknown as { ethereum?: unknown };
  if (options.legacy) w.ethereum = provider;
  return {
    address,
    provider,
    calls,
    setReject: (next) => (reject = next),
    uninstall() {
      window.removeEventListener('eip6963:requestProvider', announce);
      if (w.ethereum === provider) delete w.ethereum;
    },
  };
}

export interface InstalledSolanaWallet {
  /** base58 public key. */
  address: string;
  provider: {
    isPhantom: true;
    publicKey: { toBase58(): string; toString(): string } | null;
    connect(): Promise<{ publicKey: { toBase58(): string; toString(): string } }>;
    signMessage(message: Uint8Array, display?: 'utf8' | 'hex'): Promise<{ signature: Uint8Array; publicKey: unknown }>;
  };
  calls: { method: string; message?: string }[];
  setReject(reject: Rejection): void;
  uninstall(): void;
}

export interface SolanaWalletOptions {
  seedHex?: string;
  reject?: Rejection;
  /** Also at `window.phantom.solana` (default true); false leaves only `window.solana`, as older Phantoms set it. */
  phantomNamespace?: boolean;
}

/** Installs a Phantom-style Solana wallet at `window.phantom.solana` (unless told not to) and `window.solana`. */
export function installSolanaWallet(options: SolanaWalletOptions = {}): InstalledSolanaWallet {
  const seed = hexToBytes(options.seedHex ?? TEST_SOLANA_SEED);
  const address = base58.encode(ed25519.getPublicKey(seed));
  const publicKey = { toBase58: () => address, toString: () => address };
  let reject: Rejection = options.reject ?? 'none';
  const calls: InstalledSolanaWallet['calls'] = [];
  const provider: InstalledSolanaWallet['provider'] = {
    isPhantom: true,
    publicKey: null,
    async connect() {
      calls.push({ method: 'connect' });
      if (reject === 'connect') throw new UserRejectedError();
      provider.publicKey = publicKey;
      return { publicKey };
    },
    async signMessage(message) {
      calls.push({ method: 'signMessage', message: new TextDecoder().decode(message) });
      if (reject === 'sign') throw new UserRejectedError();
      if (!provider.publicKey) throw Object.assign(new Error('not connected'), { code: 4100 });
      return { signature: ed25519.sign(message, seed), publicKey };
    },
  };
  const w = window as unknown as { phantom?: { solana?: unknown }; solana?: unknown };
  if (options.phantomNamespace ?? true) w.phantom = { solana: provider };
  w.solana = provider;
  return {
    address,
    provider,
    calls,
    setReject: (next) => (reject = next),
    uninstall() {
      if (w.phantom?.solana === provider) delete w.phantom;
      if (w.solana === provider) delete w.solana;
    },
  };
}
