// Wallet challenges cannot flood the service: authenticate/start is limited per wallet address and per client IP
// (limits in the database, so every instance shares them: with TEST_DATABASE_URL two services on one PostgreSQL
// database take each burst), an address keeps only its newest few challenges however many parallel starts arrive,
// authenticate checks one challenge (the newest) however many the address has, and expired challenges are swept in
// bounded batches. Rows are seeded straight into the database where the limits would stop the test making them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CRYPTO_WALLET_PATHS } from '../../src/api/crypto-wallets.ts';
import {
  CRYPTO_WALLET_CHALLENGE_LIFETIME_MS,
  CRYPTO_WALLET_CHALLENGE_SWEEP_BATCH,
  CRYPTO_WALLET_LIVE_CHALLENGES_MAX,
  CRYPTO_WALLET_START_LIMIT,
} from '../../src/server/constants/crypto-wallets.ts';
import type { Db } from '../../src/server/db/db.ts';
import { EthereumTestWallet, SolanaTestWallet } from './crypto-wallets-keys.ts';
import { dataOf, expectError, PAGE_ORIGIN, post, startTestService, type TestService } from './support.ts';
import { freshDatabase, testDatabaseUrl } from './test-database.ts';

const FROM_PAGE = { headers: { Origin: PAGE_ORIGIN } };
/** Starts sent at once beyond a limit: enough that a limit counted per instance, or read before written, shows. */
const OVER_THE_LIMIT = 6;
/** The per-IP budget the IP test gives its services (the suites' default is effectively unlimited: support.ts). */
const IP_SENDS = 4;
/** Challenges seeded for one address in the flood test: far beyond the cap, as only direct inserts can make. */
const FLOOD_CHALLENGES = 300;
/** Expired challenges beyond one sweep batch, left for the next start. */
const EXPIRED_BEYOND_BATCH = 20;
const PER_ADDRESS_REFUSAL = 'Too many requests for this identifier. Wait a minute and try again.';
const PER_IP_REFUSAL = 'Too many requests from this network. Try again later.';
const BAD_SIGNATURE = "The signature is not this wallet's signature of the challenge.";

type Wallet = EthereumTestWallet | SolanaTestWallet;
const typeOf = (wallet: Wallet) => (wallet instanceof EthereumTestWallet ? 'ethereum' : 'solana');
const sign = (wallet: Wallet, message: string) =>
  wallet instanceof EthereumTestWallet ? wallet.personalSign(message) : wallet.signMessage(message);
/** The address as the challenges table keys it (lower-case hex for Ethereum, base58 as is for Solana). */
const keyOf = (wallet: Wallet) =>
  wallet instanceof EthereumTestWallet ? wallet.address.toLowerCase() : wallet.address;

function start(t: TestService, wallet: Wallet): Promise<Response> {
  return post(
    t,
    CRYPTO_WALLET_PATHS.authenticateStartPrimary,
    { crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet) },
    FROM_PAGE,
  );
}

function finish(t: TestService, wallet: Wallet, signature: string): Promise<Response> {
  return post(
    t,
    CRYPTO_WALLET_PATHS.authenticate,
    {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: typeOf(wallet),
      signature,
      session_duration_minutes: 30,
    },
    FROM_PAGE,
  );
}

async function challengeOf(res: Response): Promise<string> {
  return (await dataOf<{ challenge: string }>(res)).challenge;
}

async function count(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

const challengesOf = (db: Db, wallet: Wallet) =>
  count(db, 'select count(*)::int as n from crypto_wallet_challenges where normalized_address = $1', [keyOf(wallet)]);

/**
 * Seeds `n` live challenges for the wallet in one statement, each newer than the one before: messages `${prefix}1` ..
 * `${prefix}n` (id_hash only has to be unique: the address and the message). Nobody but the test signs these texts.
 */
async function seedChallenges(db: Db, wallet: Wallet, n: number, prefix: string, now: number): Promise<void> {
  await db.query(
    `insert into crypto_wallet_challenges (id_hash, type, normalized_address, user_id, message, created_at, expires_at)
     select $2 || ' ' || $3 || i, $1, $2, null, $3 || i, $4::timestamptz, $5::timestamptz
     from generate_series(1, $6::int) as i order by i`,
    [
      typeOf(wallet),
      keyOf(wallet),
      prefix,
      new Date(now).toISOString(),
      new Date(now + CRYPTO_WALLET_CHALLENGE_LIFETIME_MS).toISOString(),
      n,
    ],
  );
}

/** Two services on one PostgreSQL database with TEST_DATABASE_URL (a limit must hold across instances), else one. */
async function startInstances(
  options: Parameters<typeof startTestService>[0] = {},
): Promise<{ instances: TestService[]; close(): Promise<void> }> {
  if (!testDatabaseUrl()) {
    const only = await startTestService(options);
    return { instances: [only], close: () => only.close() };
  }
  const database = await freshDatabase();
  const instances: TestService[] = [];
  try {
    for (let i = 0; i < 2; i++) instances.push(await startTestService({ ...options, database: database.options }));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.close()));
    await database.drop();
    throw error;
  }
  return {
    instances,
    async close() {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.drop();
    },
  };
}

/** Status and error_type of every answer, counted: e.g. `{'200': 10, '429 too_many_requests': 6}`. */
async function tally(answers: Response[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const res of answers) {
    const body = (await res.clone().json()) as { error_type?: string };
    const key = res.status === 200 ? '200' : `${res.status} ${body.error_type}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const where = testDatabaseUrl() ? 'two services on one PostgreSQL database' : 'one service';

describe(`authenticate/start is rate-limited per wallet address and per client IP, ${where}`, () => {
  it(
    `${CRYPTO_WALLET_START_LIMIT + OVER_THE_LIMIT} parallel starts for one address: ` +
      `exactly ${CRYPTO_WALLET_START_LIMIT} are issued, the rest are 429 too_many_requests`,
    async () => {
      const { instances, close } = await startInstances();
      try {
        const wallet = new EthereumTestWallet();
        const answers = await Promise.all(
          Array.from({ length: CRYPTO_WALLET_START_LIMIT + OVER_THE_LIMIT }, (_, i) =>
            start(instances[i % instances.length]!, wallet),
          ),
        );
        assert.deepEqual(await tally(answers), {
          '200': CRYPTO_WALLET_START_LIMIT,
          '429 too_many_requests': OVER_THE_LIMIT,
        });
        for (const refused of answers.filter((res) => res.status !== 200)) {
          const body = await expectError(refused, 429, 'too_many_requests', PER_ADDRESS_REFUSAL);
          assert.ok(body.error_message);
          assert.ok(Number(refused.headers.get('Retry-After')) > 0, 'a refusal says when to try again');
        }
        // Another address is not held up by the first one's budget.
        await challengeOf(await start(instances[0]!, new SolanaTestWallet()));
      } finally {
        await close();
      }
    },
  );

  it(
    `${IP_SENDS + OVER_THE_LIMIT} parallel starts from one client for as many addresses: ` +
      `exactly its ${IP_SENDS} sends are issued`,
    async () => {
      const { instances, close } = await startInstances({ ipRateLimits: { sends: IP_SENDS } });
      try {
        const answers = await Promise.all(
          Array.from({ length: IP_SENDS + OVER_THE_LIMIT }, (_, i) =>
            start(instances[i % instances.length]!, new EthereumTestWallet()),
          ),
        );
        assert.deepEqual(await tally(answers), { '200': IP_SENDS, '429 too_many_requests': OVER_THE_LIMIT });
        for (const refused of answers.filter((res) => res.status !== 200)) {
          await expectError(refused, 429, 'too_many_requests', PER_IP_REFUSAL);
        }
        // Challenges and the other sends share the one per-IP budget.
        const db = instances[0]!.service.db;
        assert.equal(await count(db, 'select count(*)::int as n from crypto_wallet_challenges'), IP_SENDS);
      } finally {
        await close();
      }
    },
  );

  it('a malformed start is refused before it spends from either budget', async () => {
    const { instances, close } = await startInstances({ ipRateLimits: { sends: 1 } });
    try {
      const wallet = new EthereumTestWallet();
      for (let i = 0; i < CRYPTO_WALLET_START_LIMIT + 1; i++) {
        await expectError(
          await post(
            instances[0]!,
            CRYPTO_WALLET_PATHS.authenticateStartPrimary,
            { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum', siwe_params: { chain_id: 'one' } },
            FROM_PAGE,
          ),
          400,
          'invalid_request',
        );
      }
      await challengeOf(await start(instances[0]!, wallet));
    } finally {
      await close();
    }
  });
});

describe(`at most ${CRYPTO_WALLET_LIVE_CHALLENGES_MAX} live challenges per address, ${where}`, () => {
  let instances: TestService[];
  let close: () => Promise<void>;
  before(async () => {
    ({ instances, close } = await startInstances());
  });
  after(() => close());

  it(
    `${CRYPTO_WALLET_START_LIMIT} parallel starts for one address leave exactly ` +
      `${CRYPTO_WALLET_LIVE_CHALLENGES_MAX} challenges`,
    async () => {
      const wallet = new EthereumTestWallet();
      const answers = await Promise.all(
        Array.from({ length: CRYPTO_WALLET_START_LIMIT }, (_, i) => start(instances[i % instances.length]!, wallet)),
      );
      assert.deepEqual(await tally(answers), { '200': CRYPTO_WALLET_START_LIMIT });
      assert.equal(await challengesOf(instances[0]!.service.db, wallet), CRYPTO_WALLET_LIVE_CHALLENGES_MAX);
    },
  );

  it(
    'one start after another: the newest are kept, the oldest deleted, and the newest is the ' +
      'one a signature works for',
    async () => {
      const wallet = new SolanaTestWallet();
      const issued: string[] = [];
      for (let i = 0; i < CRYPTO_WALLET_LIVE_CHALLENGES_MAX + 2; i++) {
        issued.push(await challengeOf(await start(instances[i % instances.length]!, wallet)));
      }
      const db = instances[0]!.service.db;
      const kept = await db.query<{ message: string }>(
        'select message from crypto_wallet_challenges where normalized_address = $1',
        [keyOf(wallet)],
      );
      assert.deepEqual(kept.map((row) => row.message).sort(), issued.slice(-CRYPTO_WALLET_LIVE_CHALLENGES_MAX).sort());
      await dataOf(await finish(instances[0]!, wallet, sign(wallet, issued.at(-1)!)));
    },
  );
});

describe('authenticate checks one challenge: the newest live one of the wallet', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  it('a signature over an older live challenge is 401, the newest one signs in', async () => {
    const wallet = new EthereumTestWallet();
    const older = await challengeOf(await start(t, wallet));
    const newest = await challengeOf(await start(t, wallet));
    await expectError(
      await finish(t, wallet, sign(wallet, older)),
      401,
      'invalid_crypto_wallet_signature',
      BAD_SIGNATURE,
    );
    await dataOf(await finish(t, wallet, sign(wallet, newest)));
  });

  it(
    `${FLOOD_CHALLENGES} challenges seeded for one address: the signed one, oldest of ` + `all, is never reached`,
    async () => {
      for (const wallet of [new EthereumTestWallet(), new SolanaTestWallet()]) {
        const db = t.service.db;
        // The one message the wallet signs is the oldest; FLOOD_CHALLENGES newer ones follow it. A service trying each
        // challenge in turn would reach it at the end and sign in; one that checks only the newest refuses at once.
        await seedChallenges(db, wallet, 1, 'signed challenge ', t.now());
        await seedChallenges(db, wallet, FLOOD_CHALLENGES, 'flood challenge ', t.now());
        assert.equal(await challengesOf(db, wallet), FLOOD_CHALLENGES + 1);
        await expectError(
          await finish(t, wallet, sign(wallet, 'signed challenge 1')),
          401,
          'invalid_crypto_wallet_signature',
          BAD_SIGNATURE,
        );
        // A wrong signature does not use up anything either; the newest seeded message signs in.
        await dataOf(await finish(t, wallet, sign(wallet, `flood challenge ${FLOOD_CHALLENGES}`)));
        assert.equal(await challengesOf(db, wallet), FLOOD_CHALLENGES);
      }
    },
  );
});

describe('expired challenges are swept by starts, a bounded batch each', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  const expiredCount = () =>
    count(t.service.db, 'select count(*)::int as n from crypto_wallet_challenges where expires_at <= $1::timestamptz', [
      new Date(t.now()).toISOString(),
    ]);

  it('a challenge left past its 5 minutes is gone after the next start (of any wallet)', async () => {
    const abandoned = new EthereumTestWallet();
    await challengeOf(await start(t, abandoned));
    t.advance(CRYPTO_WALLET_CHALLENGE_LIFETIME_MS);
    assert.equal(await challengesOf(t.service.db, abandoned), 1);
    await challengeOf(await start(t, new SolanaTestWallet()));
    assert.equal(await challengesOf(t.service.db, abandoned), 0);
    assert.equal(await expiredCount(), 0);
  });

  it(
    `after a flood of expired challenges each start deletes at most ` +
      `${CRYPTO_WALLET_CHALLENGE_SWEEP_BATCH}, the longest expired first; live ones stay`,
    async () => {
      const db = t.service.db;
      const live = new SolanaTestWallet();
      await challengeOf(await start(t, live));
      // Expired a minute ago and earlier, one second apart: the first rows expired last.
      const total = CRYPTO_WALLET_CHALLENGE_SWEEP_BATCH + EXPIRED_BEYOND_BATCH;
      const expiredAt = t.now() - 60_000;
      await db.query(
        `insert into crypto_wallet_challenges
         (id_hash, type, normalized_address, user_id, message, created_at, expires_at)
       select 'expired ' || i, 'ethereum', 'expired-' || i, null, 'expired ' || i,
              $1::timestamptz - interval '5 minutes', $1::timestamptz - i * interval '1 second'
       from generate_series(0, $2::int - 1) as i`,
        [new Date(expiredAt).toISOString(), total],
      );
      assert.equal(await expiredCount(), total);
      await challengeOf(await start(t, new EthereumTestWallet()));
      assert.equal(await expiredCount(), EXPIRED_BEYOND_BATCH, 'one start swept one batch');
      const left = await db.query<{ id_hash: string }>(
        'select id_hash from crypto_wallet_challenges where expires_at <= $1::timestamptz order by id_hash',
        [new Date(t.now()).toISOString()],
      );
      assert.deepEqual(
        left.map((row) => row.id_hash),
        Array.from({ length: EXPIRED_BEYOND_BATCH }, (_, i) => `expired ${i}`).sort(),
        'the ones that expired last are left',
      );
      await challengeOf(await start(t, new EthereumTestWallet()));
      assert.equal(await expiredCount(), 0);
      assert.equal(await challengesOf(db, live), 1, 'a live challenge is never swept');
    },
  );
});
