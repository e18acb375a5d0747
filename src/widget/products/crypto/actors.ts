// The crypto product's calls: the wallet's (over the wallet chunk, wallet.ts, fetched here on first use) and the
// service's (over the client's public API, client.cryptoWallets), and how their failures read (spec section 8).
import { fromPromise } from 'xstate';
import type { AuthClient, CryptoWalletsApi } from '../../../client/types.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { toErrorDescriptor } from '../kit.ts';
import type { WalletOption } from './config.ts';
import type { Wallet } from './wallet.ts';
import './strings.ts';

export type CryptoSignIn = Awaited<ReturnType<CryptoWalletsApi['authenticate']>>;

/** A crypto message of the catalogue, with its English text as the message the error handler gets. */
function cryptoError(messageKey: MessageKey): ErrorDescriptor {
  return { messageKey, message: createTranslator()(messageKey) };
}

/** The wallet refused or failed to give an address (EIP-1193 code 4001 when the visitor said no). */
export const connectError = (_error?: unknown): ErrorDescriptor => cryptoError('crypto.connectFailed');
/** The wallet refused or failed to sign. */
export const signError = (_error?: unknown): ErrorDescriptor => cryptoError('crypto.signFailed');
/** The service refused a call: its own error (error_type and message). */
export const serviceError = (error: unknown): ErrorDescriptor => toErrorDescriptor(error);

/** The chosen wallet, or null when this browser has none of it. Fetches the wallet chunk (once). */
export const findWallet = fromPromise<Wallet | null, { option: WalletOption }>(async ({ input }) =>
  (await import('./wallet.ts')).findWallet(input.option),
);

export const connectWallet = fromPromise<string, { wallet: Wallet }>(({ input }) => input.wallet.connect());

export const signChallenge = fromPromise<string, { wallet: Wallet; address: string; challenge: string }>(({ input }) =>
  input.wallet.sign(input.address, input.challenge),
);

export const authenticateStart = fromPromise<
  Awaited<ReturnType<CryptoWalletsApi['authenticateStart']>>,
  { client: AuthClient; wallet: Wallet; address: string }
>(({ input }) =>
  // No siwe_params: when the bootstrap's siwe_required_for_crypto_wallets is set, the client itself adds them for an
  // Ethereum wallet (with the page's origin as the URI) and the service fills the rest; the widget has nothing to add.
  input.client.cryptoWallets.authenticateStart({
    crypto_wallet_address: input.address,
    crypto_wallet_type: input.wallet.type,
  }),
);

export const authenticate = fromPromise<
  CryptoSignIn,
  { client: AuthClient; wallet: Wallet; address: string; signature: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.cryptoWallets.authenticate({
    crypto_wallet_address: input.address,
    crypto_wallet_type: input.wallet.type,
    signature: input.signature,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);
