// The proof rule (services/proof.ts) across service processes: with TEST_DATABASE_URL, two processes of main.ts on one
// PostgreSQL database, each request of a burst to the other instance than the one before; without it, one process on
// a PGlite folder. The attacker keeps using what they made while the owner proves the address: nothing they made
// outlives the proof.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PATHS } from '../../src/api/paths.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { basicAuth, uniqueEmail } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import {
  assertNo5xx,
  assertNoOrphans,
  call,
  dataOf,
  inParallel,
  strongPassword,
  tally,
  withDeployment,
  type Answer,
  type Deployment,
} from './deployment.ts';
import { requestTo, type ServiceProcess } from './service-process.ts';

/** How many requests the attacker sends while the owner proves the address. */
const ATTACKER_REQUESTS = 30;
const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';

/** POST /sdk/v1<path> with a session, to instance `i` mod the number of instances. */
async function callWithSession(
  d: Deployment,
  i: number,
  path: string,
  body: unknown,
  sessionToken: string,
): Promise<Answer> {
  const instance = i % d.instances.length;
  const res = await requestTo(d.instances[instance]!, `${SDK_BASE_PATH}${path}`, {
    method: 'POST',
    headers: { Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, instance };
}

/** The newest message's link token or six-digit code to `to`, from the dev inbox of `proc`. */
async function delivered(proc: ServiceProcess, to: string): Promise<{ token: string | null; code: string | null }> {
  const res = await requestTo(proc, `/dev/inbox.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { text: string; links: string[] }[] };
  const [newest] = messages;
  assert.ok(newest, `a message to ${to}`);
  const link = newest.links[0];
  return {
    token: link ? new URL(link).searchParams.get('token') : null,
    code: /\b(\d{6})\b/.exec(newest.text)?.[1] ?? null,
  };
}

async function attackerSignsUp(
  d: Deployment,
  email: string,
  password: string,
): Promise<{ userId: string; sessionToken: string }> {
  const data = dataOf(await call(d, 0, PATHS.passwords, { email, password, session_duration_minutes: 60 }));
  return { userId: data.user_id as string, sessionToken: data.session_token as string };
}

/**
 * While the owner's proof runs on one instance, the attacker signs in with the password and adds authenticator apps
 * from their session on both. Every answer is a 200 or a refusal, never a 5xx.
 */
async function attackDuringProof(
  d: Deployment,
  victim: string,
  password: string,
  sessionToken: string,
  prove: () => Promise<Answer>,
) {
  const [proof, ...attacks] = await Promise.all([
    prove(),
    ...Array.from({ length: ATTACKER_REQUESTS }, (_, i) =>
      i % 2
        ? call(d, i, PATHS.passwordsAuthenticate, { email: victim, password, session_duration_minutes: 60 })
        : callWithSession(d, i, '/totps', { expiration_minutes: 5 }, sessionToken),
    ),
  ]);
  assertNo5xx([proof!, ...attacks]);
  return { proof: dataOf(proof!), attacks };
}

/** After the proof: the password answers reset_password, and no session or factor of the attacker is left. */
async function assertNothingLeft(
  d: Deployment,
  victim: string,
  password: string,
  userId: string,
  ownerSession: string,
  attacks: Answer[],
) {
  const attackerSessions = attacks.filter((a) => a.status === 200 && typeof dataOf(a).session_token === 'string');
  for (const [i, answer] of [...attackerSessions].entries()) {
    const token = dataOf(answer).session_token as string;
    const check = await callWithSession(d, i, PATHS.sessionsAuthenticate, {}, token);
    assert.equal(check.status, 404, `a password session from the race was ended: ${JSON.stringify(tally([check]))}`);
  }
  const login = await call(d, 1, PATHS.passwordsAuthenticate, {
    email: victim,
    password,
    session_duration_minutes: 60,
  });
  assert.deepEqual(tally([login]), { '400 reset_password': 1 });
  const owner = await callWithSession(d, 0, PATHS.sessionsAuthenticate, {}, ownerSession);
  assert.equal(dataOf(owner).user_id, userId);
  const db = await d.inspect();
  const [totps] = await db.query<{ n: number }>('select count(*)::int as n from totps where user_id = $1', [userId]);
  assert.equal(totps?.n, 0, 'no authenticator app the attacker added outlives the proof');
  const emails = await db.query<{ user_id: string; verified: boolean }>(
    'select user_id, verified from user_emails where email = $1',
    [victim],
  );
  assert.deepEqual(emails, [{ user_id: userId, verified: true }]);
  await assertNoOrphans(db);
}

/** A sign-in through the dev identity provider (which vouches for the address) on `proc`: the oauth token. */
async function devProviderToken(proc: ServiceProcess, email: string): Promise<string> {
  const start = await requestTo(
    proc,
    `/v1/public/oauth/google/start?${new URLSearchParams({ public_token: DEFAULT_PUBLIC_TOKEN })}`,
  );
  assert.equal(start.status, 302, await start.clone().text());
  const state = new URL(start.headers.get('Location') ?? '', proc.url).searchParams.get('state') ?? '';
  const back = await requestTo(proc, '/dev/oauth/authorize', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, email, name: 'Ada Lovelace' }).toString(),
  });
  assert.equal(back.status, 302, await back.clone().text());
  const token = new URL(back.headers.get('Location') ?? '', proc.url).searchParams.get('token');
  assert.ok(token);
  return token;
}

describe(`the proof rule, ${where}`, () => {
  it(
    'route 1: the owner’s magic link during the attacker’s sign-ins and additions leaves the ' + 'attacker nothing',
    async () => {
      await withDeployment(async (d) => {
        const victim = uniqueEmail('victim');
        const password = strongPassword();
        const attacker = await attackerSignsUp(d, victim, password);
        dataOf(await call(d, 1, PATHS.magicLinksEmailLoginOrCreate, { email: victim }));
        const { token } = await delivered(d.instances[1 % d.instances.length]!, victim);
        const { proof, attacks } = await attackDuringProof(d, victim, password, attacker.sessionToken, () =>
          call(d, 1, PATHS.magicLinksAuthenticate, { token, session_duration_minutes: 60 }),
        );
        assert.equal(proof.user_id, attacker.userId);
        await assertNothingLeft(d, victim, password, attacker.userId, proof.session_token as string, attacks);
      });
    },
  );

  it('route 1 by passcode: the same with the owner’s email passcode', async () => {
    await withDeployment(async (d) => {
      const victim = uniqueEmail('victim');
      const password = strongPassword();
      const attacker = await attackerSignsUp(d, victim, password);
      const sent = dataOf(await call(d, 1, PATHS.otpsLoginOrCreate('email'), { email: victim }));
      const { code } = await delivered(d.instances[0]!, victim);
      const { proof, attacks } = await attackDuringProof(d, victim, password, attacker.sessionToken, () =>
        call(d, 1, PATHS.otpsAuthenticate, { token: code, method_id: sent.method_id, session_duration_minutes: 60 }),
      );
      assert.equal(proof.user_id, attacker.userId);
      await assertNothingLeft(d, victim, password, attacker.userId, proof.session_token as string, attacks);
    });
  });

  it(
    'route 3: a provider’s verified address during the attacker’s sign-ins and additions ' +
      'leaves the attacker nothing',
    async () => {
      await withDeployment(async (d) => {
        const victim = uniqueEmail('victim');
        const password = strongPassword();
        const attacker = await attackerSignsUp(d, victim, password);
        // The provider's callback is the proof: the race runs around the whole sign-in.
        const { proof, attacks } = await attackDuringProof(d, victim, password, attacker.sessionToken, async () => {
          const token = await devProviderToken(d.instances[1 % d.instances.length]!, victim);
          return call(d, 0, PATHS.oauthAuthenticate, { token, session_duration_minutes: 60 });
        });
        assert.equal(proof.user_id, attacker.userId);
        await assertNothingLeft(d, victim, password, attacker.userId, proof.session_token as string, attacks);
      });
    },
  );

  it(
    'route 2: parallel secondary sends of the victim’s address from the attacker attach ' +
      'nothing; the owner gets it',
    async () => {
      await withDeployment(async (d) => {
        const attackerEmail = uniqueEmail('attacker');
        const attacker = await attackerSignsUp(d, attackerEmail, strongPassword());
        const victim = uniqueEmail('victim');
        const sends = await inParallel(4, (i) =>
          callWithSession(
            d,
            i,
            i % 2 ? PATHS.otpsSendSecondary('email') : PATHS.magicLinksEmailSendSecondary,
            { email: victim },
            attacker.sessionToken,
          ),
        );
        assertNo5xx(sends);
        const sent = dataOf(await call(d, 0, PATHS.otpsLoginOrCreate('email'), { email: victim }));
        const { code } = await delivered(d.instances[0]!, victim);
        const owner = dataOf(
          await call(d, 1, PATHS.otpsAuthenticate, {
            token: code,
            method_id: sent.method_id,
            session_duration_minutes: 60,
          }),
        );
        assert.notEqual(owner.user_id, attacker.userId);
        const db = await d.inspect();
        const emails = await db.query<{ user_id: string; verified: boolean }>(
          'select user_id, verified from user_emails where email = $1',
          [victim],
        );
        assert.deepEqual(emails, [{ user_id: owner.user_id, verified: true }]);
        await assertNoOrphans(db);
      });
    },
  );
});
