// cryptoWallets.* of the public API (wire contract 3.9, client spec 5 "Required fields by call" and 7).
import type {
  CryptoWalletAuthenticateRequest,
  CryptoWalletAuthenticateResponse,
  CryptoWalletAuthenticateStartRequest,
  CryptoWalletAuthenticateStartResponse,
} from '../api/index.ts';
import { CRYPTO_WALLET_PATHS } from '../api/crypto-wallets.ts';
import type { Http } from './http.ts';
import { validate } from './schema.ts';
import type { SessionStore } from './session.ts';
import { withoutUser } from './sessions.ts';
import type { BootstrapApi, CryptoWalletsApi } from './types.ts';

/** The chain whose challenge can be a Sign-In with Ethereum message (wire contract 3.9). */
const SIWE_WALLET_TYPE = 'ethereum';

export function createCryptoWalletsApi(http: Http, store: SessionStore, bootstrap: BootstrapApi): CryptoWalletsApi {
  return {
    async authenticateStart(options) {
      validate({ ...options }, { crypto_wallet_address: 'string', crypto_wallet_type: 'string' });
      const body: CryptoWalletAuthenticateStartRequest = {
        crypto_wallet_address: options.crypto_wallet_address,
        crypto_wallet_type: options.crypto_wallet_type,
      };
      // siwe_params go on the wire only when the project requires SIWE and the wallet is Ethereum-style (wire contract
      // 3.9); the URI then defaults to this page's origin, which the service checks against its allowed origins.
      if (options.crypto_wallet_type === SIWE_WALLET_TYPE && (await bootstrap.get()).siweRequiredForCryptoWallets) {
        body.siwe_params = { ...options.siwe_params, uri: options.siwe_params?.uri ?? location.origin };
      }
      // With a session in local state the wallet is a further factor of that user (`secondary`), else a sign-in.
      const path = store.getSession()
        ? CRYPTO_WALLET_PATHS.authenticateStartSecondary
        : CRYPTO_WALLET_PATHS.authenticateStartPrimary;
      return http.request<CryptoWalletAuthenticateStartResponse>('POST', path, { ...body });
    },

    async authenticate(options) {
      validate(
        { ...options },
        {
          crypto_wallet_address: 'string',
          crypto_wallet_type: 'string',
          signature: 'string',
          session_duration_minutes: 'number',
        },
      );
      const body: CryptoWalletAuthenticateRequest = {
        crypto_wallet_address: options.crypto_wallet_address,
        crypto_wallet_type: options.crypto_wallet_type,
        signature: options.signature,
        session_duration_minutes: options.session_duration_minutes,
      };
      // An R endpoint: the captcha retry applies (wire contract 1.4).
      const response = await http.request<CryptoWalletAuthenticateResponse>(
        'POST',
        CRYPTO_WALLET_PATHS.authenticate,
        { ...body },
        { retriable: true },
      );
      store.applyAuthResponse(response);
      return withoutUser(response);
    },
  };
}
