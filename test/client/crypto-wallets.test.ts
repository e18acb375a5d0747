/// <reference types="mocha" />
// cryptoWallets.* of the headless client in Chromium against the real service, with test wallets whose keys the test
// holds (test/server/crypto-wallets-keys.ts): the required-field checks and their messages (nothing is sent), full
// Ethereum (personal_sign) and Solana (ed25519, base58) sign-ins with the stored session and its factor, /secondary
// with a session, the service's errors as APIError, and the captcha retry of the R endpoint.
import { expect } from 'chai';
import { APIError, SDKUsageError, type AuthClient } from '../../src/client/index.ts';
import { CRYPTO_WALLET_FACTOR_DELIVERY_METHOD, CRYPTO_WALLET_PATHS } from '../../src/api/crypto-wallets.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import { EthereumTestWallet, SolanaTestWallet } from '../server/crypto-wallets-keys.ts';
import { freshClientState, makeClient, signIn } from '../support/client.ts';
import { testEnv } from '../support/env.ts';

const START = `/sdk/v1${CRYPTO_WALLET_PATHS.authenticateStartPrimary}`;
const START_SECONDARY = `/sdk/v1${CRYPTO_WALLET_PATHS.authenticateStartSecondary}`;
const AUTHENTICATE = `/sdk/v1${CRYPTO_WALLET_PATHS.authenticate}`;

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (e: unknown) => e,
  );
}

function walletFactor(client: AuthClient) {
  return client.session
    .getSync()
    ?.authentication_factors.find((f) => f.delivery_method === CRYPTO_WALLET_FACTOR_DELIVERY_METHOD);
}

describe('client cryptoWallets', () => {
  const fresh = freshClientState();

  it('authenticateStart checks crypto_wallet_address and crypto_wallet_type are strings before sending', async () => {
    const client = makeClient();
    const cases: [Record<string, unknown>, string][] = [
      [{ crypto_wallet_type: 'ethereum' }, 'crypto_wallet_address must be a string'],
      [{ crypto_wallet_address: 42, crypto_wallet_type: 'ethereum' }, 'crypto_wallet_address must be a string'],
      [{ crypto_wallet_address: '0xabc' }, 'crypto_wallet_type must be a string'],
    ];
    for (const [request, message] of cases) {
      const error = await rejectionOf(client.cryptoWallets.authenticateStart(request as never));
      expect(error).to.be.instanceOf(SDKUsageError);
      expect((error as Error).message).to.equal(message);
    }
    expect(fresh.rec.to('/crypto_wallets/')).to.have.length(0);
  });

  it('authenticate checks the same fields plus signature and session_duration_minutes', async () => {
    const client = makeClient();
    const good = {
      crypto_wallet_address: '0xabc',
      crypto_wallet_type: 'ethereum',
      signature: '0x00',
      session_duration_minutes: 30,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, crypto_wallet_address: undefined }, 'crypto_wallet_address must be a string'],
      [{ ...good, crypto_wallet_type: null }, 'crypto_wallet_type must be a string'],
      [{ ...good, signature: undefined }, 'signature must be a string'],
      [{ ...good, signature: 7 }, 'signature must be a string'],
      [{ ...good, session_duration_minutes: undefined }, 'session_duration_minutes must be a number'],
      [{ ...good, session_duration_minutes: '30' }, 'session_duration_minutes must be a number'],
    ];
    for (const [request, message] of cases) {
      const error = await rejectionOf(client.cryptoWallets.authenticate(request as never));
      expect(error).to.be.instanceOf(SDKUsageError);
      expect((error as Error).message).to.equal(message);
    }
    expect(fresh.rec.to('/crypto_wallets/')).to.have.length(0);
  });

  it(
    'Ethereum: start (primary, no siwe_params without the project setting), personal_sign, ' +
      'authenticate; session stored',
    async () => {
      const client = makeClient();
      const wallet = new EthereumTestWallet();
      const { challenge } = await client.cryptoWallets.authenticateStart({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        // The project does not require SIWE, so these stay off the wire (wire contract 3.9).
        siwe_params: { statement: 'ignored' },
      });
      expect(JSON.parse(fresh.rec.to(START)[0]!.body!)).to.deep.equal({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
      });
      expect(challenge).to.match(/wants you to sign in with your Ethereum account:\n/);
      expect(challenge).to.include(wallet.address);

      const response = await client.cryptoWallets.authenticate({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        signature: wallet.personalSign(challenge),
        session_duration_minutes: 30,
      });
      expect(response).to.not.have.property('__user');
      expect(JSON.parse(fresh.rec.to(AUTHENTICATE)[0]!.body!)).to.deep.equal({
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        signature: wallet.personalSign(challenge),
        session_duration_minutes: 30,
      });
      expect(client.session.getSync()?.user_id).to.equal(response.user_id);
      const [row] = response.user.crypto_wallets;
      expect(row).to.deep.equal({
        crypto_wallet_id: row!.crypto_wallet_id,
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        verified: true,
      });
      expect(walletFactor(client)).to.deep.include({
        type: 'crypto_wallet',
        crypto_wallet_factor: {
          crypto_wallet_id: row!.crypto_wallet_id,
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
        },
      });
    },
  );

  it(
    'Solana: ed25519 over the exact challenge, base58 signature; a wrong signature is APIError ' +
      'invalid_crypto_wallet_signature',
    async () => {
      const client = makeClient();
      const wallet = new SolanaTestWallet();
      const start = () =>
        client.cryptoWallets.authenticateStart({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' });
      const request = (signature: string) =>
        client.cryptoWallets.authenticate({
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'solana',
          signature,
          session_duration_minutes: 30,
        });

      const { challenge } = await start();
      const wrong = await rejectionOf(request(new SolanaTestWallet().signMessage(challenge)));
      expect(wrong).to.be.instanceOf(APIError);
      expect(wrong).to.include({ status_code: 401, error_type: 'invalid_crypto_wallet_signature' });
      expect(client.session.getSync()).to.equal(null);

      const response = await request(wallet.signMessage(challenge));
      expect(client.session.getSync()?.user_id).to.equal(response.user_id);
      expect(walletFactor(client)).to.deep.include({
        crypto_wallet_factor: {
          crypto_wallet_id: response.user.crypto_wallets[0]!.crypto_wallet_id,
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'solana',
        },
      });
      // The challenge was used: the same signature again is the service's 404.
      const replay = await rejectionOf(request(wallet.signMessage(challenge)));
      expect(replay).to.include({ status_code: 404, error_type: 'crypto_wallet_challenge_not_found' });
    },
  );

  it('with a session in local state, start goes to /secondary and the wallet joins the signed-in user', async () => {
    const client = makeClient();
    const { response: signedIn } = await signIn(client);
    const wallet = new EthereumTestWallet();
    const { challenge } = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
    });
    expect(fresh.rec.to(START_SECONDARY)).to.have.length(1);
    expect(fresh.rec.to(START)).to.have.length(0);
    const response = await client.cryptoWallets.authenticate({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: wallet.personalSign(challenge),
      session_duration_minutes: 30,
    });
    expect(response.user_id).to.equal(signedIn.user_id);
    expect(client.session.getSync()?.authentication_factors.map((f) => f.delivery_method)).to.deep.equal([
      'email',
      'crypto_wallet',
    ]);
  });

  it('authenticate is an R endpoint: on Captcha required it retries once with the captcha token', async () => {
    // The first request carries a token already (captcha up front); the service refuses this one, so it retries.
    const tokens = ['not-the-pass-token', DEV_CAPTCHA_PASS_TOKEN];
    const client = makeClient({ baseUrl: testEnv.captchaBaseUrl, captcha: async () => tokens.shift()! });
    const wallet = new SolanaTestWallet();
    const { challenge } = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'solana',
    });
    await client.cryptoWallets.authenticate({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'solana',
      signature: wallet.signMessage(challenge),
      session_duration_minutes: 30,
    });
    const sent = fresh.rec.to(AUTHENTICATE);
    expect(sent).to.have.length(2);
    expect(JSON.parse(sent[0]!.body!)).to.include({ captcha_token: 'not-the-pass-token' });
    expect(JSON.parse(sent[1]!.body!)).to.include({ captcha_token: DEV_CAPTCHA_PASS_TOKEN });
    expect(walletFactor(client)).to.not.equal(undefined);
  });
});
