import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import { CRYPTO_WALLET_PATHS } from '../../src/api/crypto-wallets.ts';
import { PATHS } from '../../src/api/paths.ts';
import {
  CRYPTO_WALLET_CHALLENGE_LIFETIME_MS,
  CRYPTO_WALLET_DEFAULT_STATEMENT,
  SIWE_DEFAULT_CHAIN_ID,
} from '../../src/server/constants/crypto-wallets.ts';
import { USER_LOCK_FAILURE_LIMIT } from '../../src/server/constants/rate-limits.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { renderMessage } from '../../src/server/i18n/message.ts';
import {
  parseEthereumAddress,
  parseEthereumSignature,
  parseSolanaSignature,
  personalSignDigest,
  recoverPersonalSignAddress,
  toChecksumAddress,
  verifySolanaSignature,
} from '../../src/server/security/crypto-wallet-signatures.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  get,
  PAGE_ORIGIN,
  post,
  signIn,
  startTestService,
  type TestService,
} from './support.ts';
import { ANVIL_0, EthereumTestWallet, SolanaTestWallet } from './crypto-wallets-keys.ts';
import {
  ethereumAddressOf,
  personalSign as browserWalletPersonalSign,
  TEST_ETHEREUM_PRIVATE_KEY,
} from '../support/wallets.ts';

/**
 * viem's published vector (src/accounts/utils/signMessage.test.ts, hashMessage.test.ts): anvil #0 signs "hello world".
 */
const VIEM_HELLO_WORLD = {
  digest: 'd9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68',
  signature:
    '0xa461f509887bd19e312c0c58467ce8ff8e300d3c1a90b608a760c5b80318eaf15fe57c96f9175d' +
    '6cd4daad4663763baa7e78836e067d0163e9a2ccf2ff753f5b1b',
};
/**
 * web3.js's published vector (docs.web3js.org, web3-eth-accounts `sign` and `recover`): the documentation's key
 * 0x4c0883a6… signs "Some data"; its `hashMessage("Hello World")` example is the second digest.
 */
const WEB3_SOME_DATA = {
  address: '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23',
  digest: '1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655',
  signature:
    '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e03' +
    '7b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c',
  helloWorldDigest: 'a1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2',
};
/** RFC 8032 section 7.1, TEST 1: the empty message. */
const RFC8032_TEST_1 = {
  secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  signature:
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bac' +
    'c61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
};
const FROM_PAGE = { headers: { Origin: PAGE_ORIGIN } };
const CHALLENGE_NOT_FOUND =
  'No crypto wallet challenge is waiting for this wallet: it is unknown, expired or already ' +
  'used. Start the sign-in again.';
const BAD_SIGNATURE = "The signature is not this wallet's signature of the challenge.";
const ISSUED_AT_OUT_OF_RANGE = "siwe_params.issued_at must be at most 5 minutes from the service's time.";
const NOT_BEFORE_AFTER_EXPIRY =
  "siwe_params.not_before must be before the message's Expiration Time, 5 minutes from the service's time.";
/** How many copies of one signed challenge the replay test posts at once. */
const PARALLEL_REPLAYS = 10;
const NONCE_LINE = /^Nonce: ([0-9a-f]{32})$/m;
const ISO_NOW = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Wallet = EthereumTestWallet | SolanaTestWallet;
const typeOf = (wallet: Wallet) => (wallet instanceof EthereumTestWallet ? 'ethereum' : 'solana');
const sign = (wallet: Wallet, message: string) =>
  wallet instanceof EthereumTestWallet ? wallet.personalSign(message) : wallet.signMessage(message);

interface AuthData {
  user_id: string;
  session_token: string;
  session: { authentication_factors: Record<string, unknown>[] };
  user: { crypto_wallets: Record<string, unknown>[] };
}

describe('wallet signatures (published vectors)', () => {
  it('EIP-191: the personal_sign digest and signature of anvil #0 over "hello world" are viem\'s', () => {
    assert.equal(Buffer.from(personalSignDigest('hello world')).toString('hex'), VIEM_HELLO_WORLD.digest);
    const parsed = parseEthereumSignature(VIEM_HELLO_WORLD.signature);
    assert.ok(parsed);
    assert.equal(recoverPersonalSignAddress('hello world', parsed), ANVIL_0.address);
    assert.equal(new EthereumTestWallet(ANVIL_0.privateKey).personalSign('hello world'), VIEM_HELLO_WORLD.signature);
    assert.notEqual(recoverPersonalSignAddress('hello world!', parsed), ANVIL_0.address);
  });

  it('EIP-191: web3.js\'s "Some data" vector: digest, recovered address, and both test wallets\' personal_sign', () => {
    assert.equal(Buffer.from(personalSignDigest('Some data')).toString('hex'), WEB3_SOME_DATA.digest);
    assert.equal(Buffer.from(personalSignDigest('Hello World')).toString('hex'), WEB3_SOME_DATA.helloWorldDigest);
    const parsed = parseEthereumSignature(WEB3_SOME_DATA.signature);
    assert.ok(parsed);
    assert.equal(recoverPersonalSignAddress('Some data', parsed), WEB3_SOME_DATA.address);
    assert.notEqual(recoverPersonalSignAddress('Some data.', parsed), WEB3_SOME_DATA.address);
    // The documentation's key is the Chromium test wallet's (test/support/wallets.ts): its address and personal_sign,
    // and the service tests' wallet on the same key, give the published values.
    assert.equal(ethereumAddressOf(TEST_ETHEREUM_PRIVATE_KEY), WEB3_SOME_DATA.address);
    assert.equal(
      browserWalletPersonalSign(TEST_ETHEREUM_PRIVATE_KEY, new TextEncoder().encode('Some data')),
      WEB3_SOME_DATA.signature,
    );
    assert.equal(new EthereumTestWallet(TEST_ETHEREUM_PRIVATE_KEY).personalSign('Some data'), WEB3_SOME_DATA.signature);
  });

  it('EIP-191: v as 0/1 recovers the same address; v 29, a high s or a short text is not a signature', () => {
    const rs = VIEM_HELLO_WORLD.signature.slice(0, -2);
    assert.equal(recoverPersonalSignAddress('hello world', parseEthereumSignature(`${rs}00`)!), ANVIL_0.address);
    assert.equal(parseEthereumSignature(`${rs}1d`), null);
    assert.equal(parseEthereumSignature(VIEM_HELLO_WORLD.signature.slice(0, -4)), null);
    // s' = n - s: the malleable twin of the same signature (EIP-2 refuses it).
    const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${rs.slice(66, 130)}`);
    const highS = (n - s).toString(16).padStart(64, '0');
    assert.equal(parseEthereumSignature(`${rs.slice(0, 66)}${highS}1c`), null);
  });

  it('EIP-55: the checksummed address of anvil #0; a wrong mixed case is refused, uniform case accepted', () => {
    assert.equal(toChecksumAddress(ANVIL_0.address.toLowerCase()), ANVIL_0.address);
    assert.deepEqual(parseEthereumAddress(ANVIL_0.address.toUpperCase().replace('0X', '0x')), {
      address: ANVIL_0.address,
    });
    const wrongCase = parseEthereumAddress(ANVIL_0.address.replace('f39F', 'F39f'));
    assert.ok('error' in wrongCase);
    assert.equal(renderMessage(wrongCase.error), 'the mixed-case address does not match its EIP-55 checksum.');
  });

  it('RFC 8032 7.1 TEST 1: the public key, signature and verification of the empty message', () => {
    const wallet = new SolanaTestWallet(RFC8032_TEST_1.secret);
    assert.equal(Buffer.from(wallet.publicKey).toString('hex'), RFC8032_TEST_1.publicKey);
    const signature = Buffer.from(RFC8032_TEST_1.signature, 'hex');
    assert.equal(
      Buffer.from(ed25519.sign(new Uint8Array(), wallet.secretKey)).toString('hex'),
      RFC8032_TEST_1.signature,
    );
    assert.ok(verifySolanaSignature(new Uint8Array(), signature, wallet.publicKey));
    assert.ok(!verifySolanaSignature('x', signature, wallet.publicKey));
    assert.deepEqual(parseSolanaSignature(base58.encode(signature)), new Uint8Array(signature));
    assert.equal(parseSolanaSignature(base58.encode(signature.subarray(1))), null);
  });
});

describe('crypto wallets on the service', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  async function start(wallet: Wallet, extra: Record<string, unknown> = {}, options: { sessionToken?: string } = {}) {
    const path = options.sessionToken
      ? CRYPTO_WALLET_PATHS.authenticateStartSecondary
      : CRYPTO_WALLET_PATHS.authenticateStartPrimary;
    const data = await dataOf<{ challenge: string }>(
      await post(
        t,
        path,
        { crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet), ...extra },
        {
          ...FROM_PAGE,
          ...options,
        },
      ),
    );
    return data.challenge;
  }

  function finish(wallet: Wallet, signature: string, options: { sessionToken?: string; address?: string } = {}) {
    return post(
      t,
      CRYPTO_WALLET_PATHS.authenticate,
      {
        crypto_wallet_address: options.address ?? wallet.address,
        crypto_wallet_type: typeOf(wallet),
        signature,
        session_duration_minutes: 30,
      },
      { ...FROM_PAGE, ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}) },
    );
  }

  async function signInWith(wallet: Wallet): Promise<AuthData> {
    const challenge = await start(wallet);
    return dataOf<AuthData>(await finish(wallet, sign(wallet, challenge)));
  }

  function factorOf(data: AuthData, wallet: Wallet) {
    const [row] = data.user.crypto_wallets;
    return {
      type: 'crypto_wallet',
      delivery_method: 'crypto_wallet',
      last_authenticated_at: data.session.authentication_factors[0]!.last_authenticated_at,
      crypto_wallet_factor: {
        crypto_wallet_id: row!.crypto_wallet_id,
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: typeOf(wallet),
      },
    };
  }

  it(
    'Ethereum without SIWE: a plain challenge naming the page (domain and URI), the wallet and ' +
      'a nonce; signing it signs in a new user',
    async () => {
      const wallet = new EthereumTestWallet();
      const challenge = await start(wallet);
      const nonce = NONCE_LINE.exec(challenge)?.[1];
      assert.ok(nonce, challenge);
      const issuedAt = /^Issued At: (.+)$/m.exec(challenge)![1]!;
      assert.match(issuedAt, ISO_NOW);
      assert.equal(
        challenge,
        `localhost:5173 wants you to sign in with your Ethereum ` +
          `account:\n${wallet.address}\n\n${CRYPTO_WALLET_DEFAULT_STATEMENT}\n\nURI: ` +
          `${PAGE_ORIGIN}\nNonce: ${nonce}\nIssued At: ${issuedAt}`,
      );
      const data = await dataOf<AuthData>(await finish(wallet, wallet.personalSign(challenge)));
      assert.deepEqual(data.user.crypto_wallets, [
        {
          crypto_wallet_id: data.user.crypto_wallets[0]!.crypto_wallet_id,
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
          verified: true,
        },
      ]);
      assert.deepEqual(data.session.authentication_factors, [factorOf(data, wallet)]);
      // The wallet is the user's: a second sign-in (any case of the address) is the same user.
      const again = await dataOf<AuthData>(
        await finish(
          wallet,
          wallet.personalSign(await start(wallet, { crypto_wallet_address: wallet.address.toLowerCase() })),
          {
            address: wallet.address.toLowerCase(),
          },
        ),
      );
      assert.equal(again.user_id, data.user_id);
      // users/me lists it.
      const me = await dataOf<{ crypto_wallets: unknown[] }>(
        await get(t, PATHS.usersMe, { sessionToken: data.session_token }),
      );
      assert.deepEqual(me.crypto_wallets, data.user.crypto_wallets);
    },
  );

  it(
    'Solana: the base58 ed25519 signature over the exact challenge bytes signs in; the factor ' + 'names the wallet',
    async () => {
      const wallet = new SolanaTestWallet();
      const challenge = await start(wallet);
      assert.match(challenge, /^localhost:5173 wants you to sign in with your Solana account:\n/);
      assert.ok(challenge.includes(`\n${wallet.address}\n`));
      assert.ok(challenge.includes(`\nURI: ${PAGE_ORIGIN}\n`), challenge);
      const data = await dataOf<AuthData>(await finish(wallet, wallet.signMessage(challenge)));
      assert.equal(data.user.crypto_wallets[0]!.crypto_wallet_address, wallet.address);
      assert.deepEqual(data.session.authentication_factors, [factorOf(data, wallet)]);
    },
  );

  it('SIWE round trip: siwe_params give the exact EIP-4361 message bound to the page, which signs in', async () => {
    const wallet = new EthereumTestWallet();
    const siwe_params = {
      uri: `${PAGE_ORIGIN}/student-portal`,
      chain_id: '137',
      statement: 'Sign in to the Westlight student portal.',
      not_before: '2026-01-01T00:00:00Z',
      message_request_id: 'request-42',
      resources: [
        'https://westlight.test/terms',
        'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
      ],
    };
    const before = t.now();
    const challenge = await start(wallet, { siwe_params });
    const nonce = NONCE_LINE.exec(challenge)![1]!;
    const issuedAt = /^Issued At: (.+)$/m.exec(challenge)![1]!;
    const expires = /^Expiration Time: (.+)$/m.exec(challenge)![1]!;
    assert.ok(Date.parse(issuedAt) >= before - 1);
    assert.equal(Date.parse(expires) - Date.parse(issuedAt), CRYPTO_WALLET_CHALLENGE_LIFETIME_MS);
    assert.equal(
      challenge,
      [
        'localhost:5173 wants you to sign in with your Ethereum account:',
        wallet.address,
        '',
        'Sign in to the Westlight student portal.',
        '',
        'URI: http://localhost:5173/student-portal',
        'Version: 1',
        'Chain ID: 137',
        `Nonce: ${nonce}`,
        `Issued At: ${issuedAt}`,
        `Expiration Time: ${expires}`,
        'Not Before: 2026-01-01T00:00:00Z',
        'Request ID: request-42',
        'Resources:',
        '- https://westlight.test/terms',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
      ].join('\n'),
    );
    await dataOf(await finish(wallet, wallet.personalSign(challenge)));
  });

  it(
    'SIWE: a uri on another origin is 400; a page origin that is not allowed is 403; ' +
      'siwe_params for Solana are 400',
    async () => {
      const wallet = new EthereumTestWallet();
      const body = { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' };
      await expectError(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          { ...body, siwe_params: { uri: 'https://evil.test/login' } },
          FROM_PAGE,
        ),
        400,
        'invalid_request',
        `siwe_params.uri must be on the calling page's origin ${PAGE_ORIGIN}.`,
      );
      await expectError(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          { ...body, siwe_params: {} },
          { headers: { Origin: 'https://evil.test' } },
        ),
        403,
        'origin_not_allowed',
      );
      const solana = new SolanaTestWallet();
      await expectError(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          { crypto_wallet_address: solana.address, crypto_wallet_type: 'solana', siwe_params: {} },
          FROM_PAGE,
        ),
        400,
        'invalid_request',
        'siwe_params apply to Ethereum wallets only.',
      );
    },
  );

  it('a replayed signature finds its challenge used: 404 crypto_wallet_challenge_not_found', async () => {
    const wallet = new EthereumTestWallet();
    const signature = wallet.personalSign(await start(wallet));
    await dataOf(await finish(wallet, signature));
    await expectError(await finish(wallet, signature), 404, 'crypto_wallet_challenge_not_found', CHALLENGE_NOT_FOUND);
  });

  it(
    'a signature by another key (another address) is 401 invalid_crypto_wallet_signature; the ' +
      'challenge stays usable',
    async () => {
      for (const [wallet, other] of [
        [new EthereumTestWallet(), new EthereumTestWallet()],
        [new SolanaTestWallet(), new SolanaTestWallet()],
      ] as const) {
        const challenge = await start(wallet);
        await expectError(
          await finish(wallet, sign(other, challenge)),
          401,
          'invalid_crypto_wallet_signature',
          BAD_SIGNATURE,
        );
        // Signed over another text: refused too.
        await expectError(
          await finish(wallet, sign(wallet, `${challenge}.`)),
          401,
          'invalid_crypto_wallet_signature',
          BAD_SIGNATURE,
        );
        await dataOf(await finish(wallet, sign(wallet, challenge)));
      }
    },
  );

  it(
    `the same signed challenge posted ${PARALLEL_REPLAYS} times at once: exactly one 200, ` +
      `the rest 404 crypto_wallet_challenge_not_found`,
    async () => {
      const wallet = new EthereumTestWallet();
      const signature = wallet.personalSign(await start(wallet));
      const answers = await Promise.all(Array.from({ length: PARALLEL_REPLAYS }, () => finish(wallet, signature)));
      assert.deepEqual(answers.map((res) => res.status).sort(), [
        200,
        ...Array<number>(PARALLEL_REPLAYS - 1).fill(404),
      ]);
      const [signedIn] = answers.filter((res) => res.status === 200);
      assert.equal((await dataOf<AuthData>(signedIn!)).user.crypto_wallets[0]!.crypto_wallet_address, wallet.address);
      for (const replay of answers.filter((res) => res.status !== 200)) {
        await expectError(replay, 404, 'crypto_wallet_challenge_not_found', CHALLENGE_NOT_FOUND);
      }
    },
  );

  it(
    'SIWE Not Before: the right signature before it is 400 ' +
      'crypto_wallet_challenge_not_yet_valid; from it, it signs in',
    async () => {
      const wallet = new EthereumTestWallet();
      const notBefore = new Date(t.now() + 60_000).toISOString();
      const challenge = await start(wallet, { siwe_params: { not_before: notBefore } });
      assert.ok(challenge.endsWith(`\nNot Before: ${notBefore}`), challenge);
      const signature = wallet.personalSign(challenge);
      await expectError(
        await finish(wallet, signature),
        400,
        'crypto_wallet_challenge_not_yet_valid',
        `The signed message is not valid before ${notBefore} (its Not Before time). Send ` +
          `the signature again from that time.`,
      );
      // The refusal left the challenge in place: the same signature works once the service's clock reaches Not Before.
      t.advance(60_000);
      const data = await dataOf<AuthData>(await finish(wallet, signature));
      assert.equal(data.user.crypto_wallets[0]!.crypto_wallet_address, wallet.address);
      // A Not Before at or after the Expiration Time would make a message nobody can use: refused at start.
      await expectError(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          {
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
            siwe_params: { not_before: new Date(t.now() + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS + 60_000).toISOString() },
          },
          FROM_PAGE,
        ),
        400,
        'invalid_request',
        NOT_BEFORE_AFTER_EXPIRY,
      );
    },
  );

  it(
    "SIWE issued_at: the page's value is written as given, Expiration Time is the service's " +
      'now + 5 minutes; further than 5 minutes from that now is 400',
    async () => {
      const wallet = new EthereumTestWallet();
      const issuedAt = new Date(t.now() - 4 * 60_000).toISOString();
      const before = t.now();
      const challenge = await start(wallet, { siwe_params: { issued_at: issuedAt } });
      const after = t.now();
      assert.equal(/^Issued At: (.+)$/m.exec(challenge)![1], issuedAt);
      const expires = Date.parse(/^Expiration Time: (.+)$/m.exec(challenge)![1]!);
      assert.ok(
        expires >= before + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS &&
          expires <= after + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS,
        `Expiration Time ${new Date(expires).toISOString()} is the service's now + 5 ` +
          `minutes, not Issued At + 5 minutes`,
      );
      await dataOf(await finish(wallet, wallet.personalSign(challenge)));
      const startWith = (issued_at: string) =>
        post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', siwe_params: { issued_at } },
          FROM_PAGE,
        );
      const minute = 60_000;
      for (const far of [
        t.now() + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS + minute,
        t.now() - CRYPTO_WALLET_CHALLENGE_LIFETIME_MS - minute,
      ]) {
        await expectError(await startWith(new Date(far).toISOString()), 400, 'invalid_request', ISSUED_AT_OUT_OF_RANGE);
      }
      // An RFC 3339 time with an offset counts by the instant it names: the service's now, written in UTC+02:00, is
      // near.
      const nearWithOffset = new Date(t.now() + 2 * 60 * minute).toISOString().replace(/\.\d{3}Z$/, '+02:00');
      await dataOf(await startWith(nearWithOffset));
      await expectError(
        await startWith(nearWithOffset.replace('T', ' ')),
        400,
        'invalid_request',
        'siwe_params.issued_at must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z.',
      );
    },
  );

  it('an expired challenge (5 minutes on the service clock) is 404; a wallet that never started is 404', async () => {
    const wallet = new SolanaTestWallet();
    const challenge = await start(wallet);
    t.advance(CRYPTO_WALLET_CHALLENGE_LIFETIME_MS);
    await expectError(
      await finish(wallet, wallet.signMessage(challenge)),
      404,
      'crypto_wallet_challenge_not_found',
      CHALLENGE_NOT_FOUND,
    );
    const never = new EthereumTestWallet();
    await expectError(
      await finish(never, never.personalSign('anything')),
      404,
      'crypto_wallet_challenge_not_found',
      CHALLENGE_NOT_FOUND,
    );
  });

  it('wrong signatures for a known wallet count against its user lock', async () => {
    const wallet = new EthereumTestWallet();
    await signInWith(wallet);
    const stranger = new EthereumTestWallet();
    const challenge = await start(wallet);
    for (let i = 1; i < USER_LOCK_FAILURE_LIMIT; i++) {
      await expectError(await finish(wallet, stranger.personalSign(challenge)), 401, 'invalid_crypto_wallet_signature');
    }
    await expectError(
      await finish(wallet, stranger.personalSign(challenge)),
      429,
      'user_lock_limit_reached',
      'Too many failed authentication attempts. Please try again later.',
    );
    await expectError(await finish(wallet, wallet.personalSign(challenge)), 429, 'user_lock_limit_reached');
  });

  it('secondary: a signed-in student adds the wallet; the session keeps its token and gains the factor', async () => {
    const student = await signIn(t);
    const wallet = new SolanaTestWallet();
    const challenge = await start(wallet, {}, { sessionToken: student.sessionToken });
    const data = await dataOf<AuthData>(
      await finish(wallet, wallet.signMessage(challenge), { sessionToken: student.sessionToken }),
    );
    assert.equal(data.user_id, student.userId);
    assert.equal(data.session_token, student.sessionToken);
    assert.deepEqual(
      data.session.authentication_factors.map((f) => f.delivery_method),
      ['email', 'crypto_wallet'],
    );
    // Another student cannot take that wallet.
    const other = await signIn(t);
    const taken = await start(wallet, {}, { sessionToken: other.sessionToken });
    await expectError(
      await finish(wallet, wallet.signMessage(taken), { sessionToken: other.sessionToken }),
      400,
      'invalid_crypto_wallet_address',
      'The crypto wallet address is invalid: this wallet already belongs to another user.',
    );
    // /secondary needs a session.
    await expectError(
      await post(
        t,
        CRYPTO_WALLET_PATHS.authenticateStartSecondary,
        { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
        FROM_PAGE,
      ),
      401,
      'user_unauthenticated',
    );
  });

  it('DELETE /users/crypto_wallets/{id} removes the wallet; the next sign-in with it is a new user', async () => {
    const wallet = new EthereumTestWallet();
    const data = await signInWith(wallet);
    const id = String(data.user.crypto_wallets[0]!.crypto_wallet_id);
    const res = await t.service.app.request(`/sdk/v1/users/crypto_wallets/${id}`, {
      method: 'DELETE',
      headers: { Authorization: basicAuth(data.session_token, DEFAULT_PUBLIC_TOKEN) },
    });
    const deleted = await dataOf<{ __user: { crypto_wallets: unknown[] } }>(res);
    assert.deepEqual(deleted.__user.crypto_wallets, []);
    const again = await signInWith(wallet);
    assert.notEqual(again.user_id, data.user_id);
  });

  it('malformed input is a 4xx with error_type for every field, never a 5xx', async () => {
    const eth = new EthereumTestWallet();
    const sol = new SolanaTestWallet();
    await start(eth);
    await start(sol);
    const startCases: [Record<string, unknown>, number, string, string][] = [
      [{ crypto_wallet_type: 'ethereum' }, 400, 'invalid_request', 'crypto_wallet_address is required.'],
      [{ crypto_wallet_address: eth.address }, 400, 'invalid_request', 'crypto_wallet_type is required.'],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: ['ethereum'] },
        400,
        'invalid_request',
        'crypto_wallet_type must be a string',
      ],
      [
        { crypto_wallet_address: 7, crypto_wallet_type: 'ethereum' },
        400,
        'invalid_request',
        'crypto_wallet_address must be a string',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'bitcoin' },
        400,
        'invalid_crypto_wallet_type',
        'crypto_wallet_type must be one of: ethereum, solana.',
      ],
      [
        { crypto_wallet_address: eth.address.slice(0, 40), crypto_wallet_type: 'ethereum' },
        400,
        'invalid_crypto_wallet_address',
        'The crypto wallet address is invalid: an Ethereum address is 0x followed by 40 hexadecimal digits.',
      ],
      [
        { crypto_wallet_address: sol.address, crypto_wallet_type: 'ethereum' },
        400,
        'invalid_crypto_wallet_address',
        'The crypto wallet address is invalid: an Ethereum address is 0x followed by 40 hexadecimal digits.',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'solana' },
        400,
        'invalid_crypto_wallet_address',
        'The crypto wallet address is invalid: a Solana address is the base58 text of a 32-byte public key.',
      ],
      [
        { crypto_wallet_address: `${sol.address}0`, crypto_wallet_type: 'solana' },
        400,
        'invalid_crypto_wallet_address',
        'The crypto wallet address is invalid: a Solana address is the base58 text of a 32-byte public key.',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum', siwe_params: 'yes' },
        400,
        'invalid_request',
        'siwe_params must be an object',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum', siwe_params: { chain_id: 1 } },
        400,
        'invalid_request',
        'chain_id must be a string',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum', siwe_params: { chain_id: '0x1' } },
        400,
        'invalid_request',
        'siwe_params.chain_id must be a decimal EIP-155 chain id such as "1".',
      ],
      [
        {
          crypto_wallet_address: eth.address,
          crypto_wallet_type: 'ethereum',
          siwe_params: { statement: 'a\nURI: https://evil.test' },
        },
        400,
        'invalid_request',
        'siwe_params.statement must not contain line breaks.',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum', siwe_params: { issued_at: 'yesterday' } },
        400,
        'invalid_request',
        'siwe_params.issued_at must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z.',
      ],
      [
        {
          crypto_wallet_address: eth.address,
          crypto_wallet_type: 'ethereum',
          siwe_params: { resources: ['not a uri'] },
        },
        400,
        'invalid_request',
        'siwe_params.resources must be absolute URIs, one line each.',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum', siwe_params: { resources: 'x' } },
        400,
        'invalid_request',
        'siwe_params.resources must be an array of strings',
      ],
      [
        { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum', captcha_token: 5 },
        400,
        'invalid_request',
        'captcha_token must be a string',
      ],
    ];
    for (const [body, status, type, message] of startCases) {
      await expectError(
        await post(t, CRYPTO_WALLET_PATHS.authenticateStartPrimary, body, FROM_PAGE),
        status,
        type,
        message,
      );
    }
    const good = {
      crypto_wallet_address: eth.address,
      crypto_wallet_type: 'ethereum',
      signature: eth.personalSign('x'),
      session_duration_minutes: 30,
    };
    const solGood = {
      ...good,
      crypto_wallet_address: sol.address,
      crypto_wallet_type: 'solana',
      signature: sol.signMessage('x'),
    };
    const authCases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ ...good, signature: undefined }, 400, 'invalid_request', 'signature is required.'],
      [{ ...good, signature: 65 }, 400, 'invalid_request', 'signature must be a string'],
      [
        { ...good, signature: '0x1234' },
        400,
        'invalid_request',
        'signature must be a 0x-prefixed 65-byte hex personal_sign signature (r, s, v) with a low s.',
      ],
      [
        { ...good, signature: `${good.signature.slice(0, -2)}1d` },
        400,
        'invalid_request',
        /^signature must be a 0x-prefixed/,
      ],
      [
        { ...solGood, signature: 'not-base58-0OIl' },
        400,
        'invalid_request',
        'signature must be the base58 text of a 64-byte ed25519 signature.',
      ],
      [
        { ...solGood, signature: base58.encode(new Uint8Array(63)) },
        400,
        'invalid_request',
        'signature must be the base58 text of a 64-byte ed25519 signature.',
      ],
      [
        { ...good, session_duration_minutes: undefined },
        400,
        'invalid_request',
        'session_duration_minutes is required.',
      ],
      [
        { ...good, session_duration_minutes: '30' },
        400,
        'invalid_request',
        'session_duration_minutes must be a number',
      ],
      [{ ...good, session_duration_minutes: 0 }, 400, 'invalid_request', /^session_duration_minutes must be/],
      [
        { ...good, crypto_wallet_type: 'dogecoin' },
        400,
        'invalid_crypto_wallet_type',
        'crypto_wallet_type must be one of: ethereum, solana.',
      ],
      [
        { ...good, crypto_wallet_address: '0xnothex' },
        400,
        'invalid_crypto_wallet_address',
        /^The crypto wallet address is invalid/,
      ],
      [{ ...good, dfp_telemetry_id: [] }, 400, 'invalid_request', 'dfp_telemetry_id must be a string'],
    ];
    for (const [body, status, type, message] of authCases) {
      await expectError(await post(t, CRYPTO_WALLET_PATHS.authenticate, body, FROM_PAGE), status, type, message);
    }
    // A Solana "signature" that decodes to 64 bytes but is not a curve signature is simply wrong: 401, not 500.
    await expectError(
      await post(
        t,
        CRYPTO_WALLET_PATHS.authenticate,
        { ...solGood, signature: base58.encode(new Uint8Array(64).fill(255)) },
        FROM_PAGE,
      ),
      401,
      'invalid_crypto_wallet_signature',
    );
  });
});

/**
 * Characters that end a line somewhere (a wallet, a log viewer, a SIWE parser): each would let a value forge the
 * message lines after it. The SIWE fields refuse them as line breaks.
 */
const LINE_BREAK_CHARACTERS: [string, string][] = [
  ['LF', '\n'],
  ['CR', '\r'],
  ['vertical tab', '\v'],
  ['form feed', '\f'],
  ['file separator U+001C', '\x1c'],
  ['group separator U+001D', '\x1d'],
  ['record separator U+001E', '\x1e'],
  ['next line U+0085', '\u0085'],
  ['line separator U+2028', '\u2028'],
  ['paragraph separator U+2029', '\u2029'],
];
/** Control (Cc), format (Cf) and lone surrogate (Cs) characters: invisible, or reordering what the wallet shows. */
const CONTROL_CHARACTERS: [string, string][] = [
  ['NUL', '\0'],
  ['tab', '\t'],
  ['escape', '\x1b'],
  ['delete', '\x7f'],
  ['C1 CSI U+009B', '\u009b'],
  ['soft hyphen U+00AD', '\u00ad'],
  ['Arabic letter mark U+061C', '\u061c'],
  ['zero width space U+200B', '\u200b'],
  ['left-to-right mark U+200E', '\u200e'],
  ['right-to-left override U+202E', '\u202e'],
  ['left-to-right isolate U+2066', '\u2066'],
  ['byte order mark U+FEFF', '\ufeff'],
  ['lone surrogate U+D800', '\ud800'],
];

describe('SIWE fields are one line each: separators and control characters are 400, never 500', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  /** Each field of siwe_params with the character put inside an otherwise good value. */
  const fieldsWith = (ch: string): [string, Record<string, unknown>][] => [
    ['statement', { statement: `Sign in${ch}URI: https://evil.test` }],
    ['message_request_id', { message_request_id: `request${ch}42` }],
    ['uri', { uri: `${PAGE_ORIGIN}/portal${ch}x` }],
    ['chain_id', { chain_id: `1${ch}` }],
    ['issued_at', { issued_at: `${new Date(t.now()).toISOString()}${ch}` }],
    ['not_before', { not_before: `${new Date(t.now()).toISOString()}${ch}` }],
    ['resources', { resources: ['https://westlight.test/terms', `https://westlight.test/${ch}privacy`] }],
  ];

  for (const [kind, characters, wording] of [
    ['line breaks', LINE_BREAK_CHARACTERS, 'must not contain line breaks.'],
    ['control and format characters', CONTROL_CHARACTERS, 'must not contain control characters.'],
  ] as const) {
    it(`${kind}: every field refuses each one with 400 invalid_request and the field's name`, async () => {
      const wallet = new EthereumTestWallet();
      for (const [name, ch] of characters) {
        for (const [field, siwe_params] of fieldsWith(ch)) {
          const res = await post(
            t,
            CRYPTO_WALLET_PATHS.authenticateStartPrimary,
            { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', siwe_params },
            FROM_PAGE,
          );
          const body = (await res.clone().json()) as { error_message?: string };
          assert.equal(res.status, 400, `${name} in siwe_params.${field}: ${JSON.stringify(body)}`);
          // NUL is refused earlier, by the string check every request schema shares (http/fields.ts), in its own words.
          const expected =
            ch === '\0'
              ? new RegExp(`^(siwe_params\\.)?${field} must not contain (NUL|control) characters`)
              : `siwe_params.${field} ${wording}`;
          await expectError(res, 400, 'invalid_request', expected);
        }
      }
    });
  }

  it(
    'the same fields without those characters make a message (the cases above differ only by ' + 'the character)',
    async () => {
      const wallet = new EthereumTestWallet();
      const { challenge } = await dataOf<{ challenge: string }>(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          {
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
            siwe_params: {
              statement: 'Sign in URI: https://evil.test',
              message_request_id: 'request42',
              uri: `${PAGE_ORIGIN}/portalx`,
              chain_id: '1',
              issued_at: new Date(t.now()).toISOString(),
              not_before: new Date(t.now()).toISOString(),
              resources: ['https://westlight.test/terms', 'https://westlight.test/privacy'],
            },
          },
          FROM_PAGE,
        ),
      );
      // Still exactly the EIP-4361 lines: the statement's look-alike "URI:" stays inside its own line.
      assert.deepEqual(
        challenge.split('\n').map((line) => line.split(':')[0]),
        [
          'localhost',
          wallet.address,
          '',
          'Sign in URI',
          '',
          'URI',
          'Version',
          'Chain ID',
          'Nonce',
          'Issued At',
          'Expiration Time',
          'Not Before',
          'Request ID',
          'Resources',
          '- https',
          '- https',
        ],
      );
    },
  );
});

describe('the plain (non-SIWE) challenge names the site it is for', () => {
  const OTHER_PAGE_ORIGIN = 'https://alumni.westlight.test';
  let t: TestService;
  before(async () => {
    t = await startTestService({ allowedOrigins: [PAGE_ORIGIN, OTHER_PAGE_ORIGIN] });
  });
  after(() => t.close());

  const startFrom = async (wallet: EthereumTestWallet | SolanaTestWallet, headers: Record<string, string>) =>
    (
      await dataOf<{ challenge: string }>(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticateStartPrimary,
          { crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet) },
          { headers },
        ),
      )
    ).challenge;

  it(
    'each page gets a message naming its own domain and URI, so a signature made on one site ' + 'names that site',
    async () => {
      for (const wallet of [new EthereumTestWallet(), new SolanaTestWallet()]) {
        const chain = typeOf(wallet) === 'ethereum' ? 'Ethereum' : 'Solana';
        const here = (await startFrom(wallet, { Origin: PAGE_ORIGIN })).split('\n');
        const there = (await startFrom(wallet, { Origin: OTHER_PAGE_ORIGIN })).split('\n');
        assert.equal(here[0], `localhost:5173 wants you to sign in with your ${chain} account:`);
        assert.equal(here[5], `URI: ${PAGE_ORIGIN}`);
        assert.equal(there[0], `alumni.westlight.test wants you to sign in with your ${chain} account:`);
        assert.equal(there[5], `URI: ${OTHER_PAGE_ORIGIN}`);
        // The newest challenge (the other site's) is the one its signature works for.
        await dataOf(
          await post(
            t,
            CRYPTO_WALLET_PATHS.authenticate,
            {
              crypto_wallet_address: wallet.address,
              crypto_wallet_type: typeOf(wallet),
              signature: sign(wallet, there.join('\n')),
              session_duration_minutes: 30,
            },
            { headers: { Origin: OTHER_PAGE_ORIGIN } },
          ),
        );
      }
    },
  );

  it('a caller that is no page (no Origin header) gets a message naming the service itself', async () => {
    const wallet = new EthereumTestWallet();
    const lines = (await startFrom(wallet, {})).split('\n');
    // In-process requests reach the service at http://localhost (no PUBLIC_URL in development).
    assert.equal(lines[0], 'localhost wants you to sign in with your Ethereum account:');
    assert.equal(lines[5], 'URI: http://localhost');
  });
});

describe('crypto wallets with SIWE required by the project', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ siweRequiredForCryptoWallets: true });
  });
  after(() => t.close());

  it(
    'the bootstrap says so; an Ethereum start without siwe_params is a SIWE message for the ' +
      'page (chain 1, its origin)',
    async () => {
      const bootstrap = await dataOf<{ siwe_required_for_crypto_wallets: boolean }>(
        await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)),
      );
      assert.equal(bootstrap.siwe_required_for_crypto_wallets, true);
      const wallet = new EthereumTestWallet();
      const res = await post(
        t,
        CRYPTO_WALLET_PATHS.authenticateStartPrimary,
        { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
        FROM_PAGE,
      );
      const { challenge } = await dataOf<{ challenge: string }>(res);
      const lines = challenge.split('\n');
      assert.deepEqual(lines.slice(0, 9), [
        'localhost:5173 wants you to sign in with your Ethereum account:',
        wallet.address,
        '',
        CRYPTO_WALLET_DEFAULT_STATEMENT,
        '',
        `URI: ${PAGE_ORIGIN}`,
        'Version: 1',
        `Chain ID: ${SIWE_DEFAULT_CHAIN_ID}`,
        lines[8],
      ]);
      assert.match(lines[8]!, NONCE_LINE);
      assert.equal(lines.length, 11);
      // Without the page (no Origin) there is nothing to bind the message to.
      await expectError(
        await post(t, CRYPTO_WALLET_PATHS.authenticateStartPrimary, {
          crypto_wallet_address: wallet.address,
          crypto_wallet_type: 'ethereum',
        }),
        400,
        'invalid_request',
        'Sign-In with Ethereum needs the calling page: the Origin header is missing.',
      );
      const data = await dataOf<AuthData>(
        await post(
          t,
          CRYPTO_WALLET_PATHS.authenticate,
          {
            crypto_wallet_address: wallet.address,
            crypto_wallet_type: 'ethereum',
            signature: wallet.personalSign(challenge),
            session_duration_minutes: 30,
          },
          FROM_PAGE,
        ),
      );
      assert.equal(data.user.crypto_wallets[0]!.crypto_wallet_address, wallet.address);
    },
  );
});
