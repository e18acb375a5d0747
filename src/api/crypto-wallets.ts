// Crypto wallets on the wire (wire contract 3.9): a challenge the wallet signs, then the signature.
import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';

export const CRYPTO_WALLET_PATHS = {
  authenticateStartPrimary: '/crypto_wallets/authenticate/start/primary',
  authenticateStartSecondary: '/crypto_wallets/authenticate/start/secondary',
  authenticate: '/crypto_wallets/authenticate',
} as const;

/** The chains a wallet can be on: Ethereum-style (EIP-1193, personal_sign) and Solana-style (ed25519, base58). */
export const CRYPTO_WALLET_TYPES = ['ethereum', 'solana'] as const;
export type CryptoWalletType = (typeof CRYPTO_WALLET_TYPES)[number];

/** The session factor a wallet sign-in adds (wire contract 2.4). */
export const CRYPTO_WALLET_FACTOR_DELIVERY_METHOD = 'crypto_wallet';

/** Sign-In with Ethereum (EIP-4361) fields a page may set; the service fills the rest (domain, address, nonce, …). */
export interface SiweParams {
  uri?: string;
  chain_id?: string;
  issued_at?: string;
  statement?: string;
  not_before?: string;
  message_request_id?: string;
  resources?: string[];
}

export interface CryptoWalletAuthenticateStartRequest {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType;
  siwe_params?: SiweParams;
}

export interface CryptoWalletAuthenticateStartResponse extends ResponseCommon {
  /** The exact message the wallet signs (a SIWE message for Ethereum when SIWE applies, else a plain challenge). */
  challenge: string;
}

export interface CryptoWalletAuthenticateRequest {
  crypto_wallet_address: string;
  crypto_wallet_type: CryptoWalletType;
  /** Ethereum: the 0x-hex 65-byte personal_sign signature; Solana: the base58 64-byte ed25519 signature. */
  signature: string;
  session_duration_minutes: number;
}

export type CryptoWalletAuthenticateResponse = AuthenticateResponse;
