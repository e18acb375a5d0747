// Organization races across service processes: with TEST_DATABASE_URL, two processes of main.ts share one fresh
// PostgreSQL database and every burst is split across both; without it, one process on a PGlite folder takes the same
// bursts. Both instances seed the demo organizations at start, at the same time, and each exists once. One
// authenticator-app code sent with several sign-ins at once works for exactly one of them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { MFA_PATHS } from '../../src/api/mfa.ts';
import { B2B_PATHS } from '../../src/api/organizations.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { MAGIC_LINK_SEND_LIMIT } from '../../src/server/constants/magic-links.ts';
import type { Db } from '../../src/server/db/db.ts';
import { AURORA_THEATRE, SEED_ORGANIZATIONS } from '../../src/server/dev/organization-seeds.ts';
import type { InboxMessage } from '../../src/server/dev/inbox-store.ts';
import { base32Decode, totpAt } from '../../src/server/security/totp.ts';
import { b2bAuth } from '../server/organizations-support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { assertNo5xx, dataOf, inParallel, tally, withDeployment, type Answer, type Deployment } from './deployment.ts';
import { clientIp, requestTo } from './service-process.ts';

/** Parallel exchanges of one intermediate session token, split across the instances. */
const EXCHANGES = 10;
/** Parallel creates of one slug, each by its own proven address. */
const CREATES = 10;
/** RFC 6238's default step, what the service uses. */
const STEP_MS = 30_000;
const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';

/** POST to the B2B API of instance i mod the number of instances, from client i (as a member, given its session). */
async function b2bCall(d: Deployment, i: number, path: string, body: unknown, sessionToken?: string): Promise<Answer> {
  const instance = i % d.instances.length;
  const res = await requestTo(d.instances[instance]!, `${SDK_BASE_PATH}${path}`, {
    method: 'POST',
    headers: { Authorization: b2bAuth(sessionToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    clientIp: clientIp(i),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, instance };
}

/** A discovery link sent to `email` and authenticated (on instance i): its intermediate session token. */
async function discover(d: Deployment, i: number, email: string): Promise<string> {
  // No redirect URL: the instance's default, a demo site page on its own origin.
  dataOf(await b2bCall(d, i, B2B_PATHS.magicLinksEmailDiscoverySend, { email_address: email }));
  const inbox = await requestTo(
    d.instances[i % d.instances.length]!,
    `/dev/inbox.json?to=${encodeURIComponent(email)}`,
  );
  const [message] = ((await inbox.json()) as { messages: InboxMessage[] }).messages;
  const token = new URL(message?.links[0] ?? 'http://x/').searchParams.get('token');
  assert.ok(token, `a discovery link to ${email}`);
  const found = dataOf(
    await b2bCall(d, i, B2B_PATHS.magicLinksDiscoveryAuthenticate, { discovery_magic_links_token: token }),
  );
  return String(found.intermediate_session_token);
}

async function count(db: Db, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(sql, params);
  return row?.n ?? -1;
}

function exchange(d: Deployment, i: number, token: string, organizationId: string): Promise<Answer> {
  return b2bCall(d, i, B2B_PATHS.discoveryIntermediateSessionsExchange, {
    intermediate_session_token: token,
    organization_id: organizationId,
    session_duration_minutes: 30,
  });
}

describe(`organization races, ${where}`, () => {
  it(`${EXCHANGES} parallel exchanges of one intermediate session: exactly one member session`, async () => {
    await withDeployment(async (d) => {
      const email = `exchange-${randomUUID().slice(0, 8)}@auroratheatre.localhost`;
      const token = await discover(d, 0, email);
      const answers = await inParallel(EXCHANGES, (i) => exchange(d, i, token, AURORA_THEATRE.id));
      assertNo5xx(answers);
      assert.deepEqual(tally(answers), { '200': 1, '404 intermediate_session_not_found': EXCHANGES - 1 });
      const db = await d.inspect();
      assert.equal(
        await count(
          db,
          'select count(*)::int as n from member_sessions s join members m on m.id = s.member_id where m.email = $1',
          [email],
        ),
        1,
      );
      assert.equal(await count(db, 'select count(*)::int as n from members where email = $1', [email]), 1);
      // Both instances seeded the demo organizations at start, at the same time: each exists once.
      for (const seed of SEED_ORGANIZATIONS) {
        assert.equal(await count(db, 'select count(*)::int as n from organizations where slug = $1', [seed.slug]), 1);
      }
    });
  });

  it('parallel just-in-time sign-ins of one address into one organization: one member for all', async () => {
    await withDeployment(async (d) => {
      const email = `jit-${randomUUID().slice(0, 8)}@auroratheatre.localhost`;
      // As many proofs as one address may be sent in a window, each on its own instance in turn.
      const tokens: string[] = [];
      for (let i = 0; i < MAGIC_LINK_SEND_LIMIT; i++) tokens.push(await discover(d, i, email));
      const answers = await inParallel(tokens.length, (i) => exchange(d, i, tokens[i]!, AURORA_THEATRE.id));
      assertNo5xx(answers);
      assert.deepEqual(tally(answers), { '200': tokens.length });
      const memberIds = new Set(answers.map((answer) => dataOf(answer).member_id));
      assert.equal(memberIds.size, 1, `one member: ${JSON.stringify([...memberIds])}`);
      const db = await d.inspect();
      assert.equal(await count(db, 'select count(*)::int as n from members where email = $1', [email]), 1);
      assert.equal(
        await count(db, 'select count(*)::int as n from member_sessions where member_id = $1', [[...memberIds][0]]),
        tokens.length,
      );
    });
  });

  it(`${CREATES} parallel creates of one slug: one organization, one member, the rest refused`, async () => {
    await withDeployment(async (d) => {
      const slug = `race-${randomUUID().slice(0, 8)}`;
      const tokens: string[] = [];
      for (let i = 0; i < CREATES; i++)
        tokens.push(await discover(d, i, `creator-${i}-${randomUUID().slice(0, 8)}@example.com`));
      const answers = await inParallel(CREATES, (i) =>
        b2bCall(d, i, B2B_PATHS.discoveryOrganizationsCreate, {
          intermediate_session_token: tokens[i],
          organization_slug: slug,
          session_duration_minutes: 30,
        }),
      );
      assertNo5xx(answers);
      assert.deepEqual(tally(answers), { '200': 1, '409 organization_slug_already_used': CREATES - 1 });
      const db = await d.inspect();
      assert.equal(await count(db, 'select count(*)::int as n from organizations where slug = $1', [slug]), 1);
      assert.equal(
        await count(
          db,
          'select count(*)::int as n from members m join organizations o on o.id = m.organization_id where o.slug = $1',
          [slug],
        ),
        1,
      );
      // The losers' tokens were not used up: their transactions rolled back whole.
      assert.equal(
        await count(
          db,
          'select count(*)::int as n from intermediate_sessions where email like $1 and used_at is null',
          ['creator-%'],
        ),
        CREATES - 1,
      );
    });
  });

  it(
    'one authenticator-app code sent with parallel sign-ins: ' + 'exactly one member session, the rest refused',
    async () => {
      await withDeployment(async (d) => {
        const email = `totp-${randomUUID().slice(0, 8)}@auroratheatre.localhost`;
        // Aurora Theatre leaves MFA to its members: the first sign-in is a session, from which the member enrolls.
        const joined = dataOf(await exchange(d, 0, await discover(d, 0, email), AURORA_THEATRE.id));
        const sessionToken = String(joined.session_token);
        const target = { organization_id: AURORA_THEATRE.id, member_id: String(joined.member_id) };
        const created = dataOf(await b2bCall(d, 0, MFA_PATHS.totp, target, sessionToken));
        const seed = base32Decode(String(created.secret));
        const enrolled = dataOf(
          await b2bCall(
            d,
            1,
            MFA_PATHS.totpAuthenticate,
            { ...target, code: totpAt(seed, Date.now()), set_mfa_enrollment: 'enroll', session_duration_minutes: 30 },
            sessionToken,
          ),
        );
        assert.equal((enrolled.member as { mfa_enrolled: boolean }).mfa_enrolled, true);

        // Every later sign-in asks for the app: as many first factors as the address may still be sent links for.
        const sessions: string[] = [];
        for (let i = 1; i < MAGIC_LINK_SEND_LIMIT; i++) {
          const signedIn = dataOf(await exchange(d, i, await discover(d, i, email), AURORA_THEATRE.id));
          assert.equal(signedIn.member_authenticated, false);
          sessions.push(String(signedIn.intermediate_session_token));
        }
        // The next step's code: accepted (one step either side of now) and never the step enrolling spent.
        const code = totpAt(seed, Date.now() + STEP_MS);
        const answers = await inParallel(sessions.length, (i) =>
          b2bCall(d, i, MFA_PATHS.totpAuthenticate, {
            ...target,
            intermediate_session_token: sessions[i],
            code,
            session_duration_minutes: 30,
          }),
        );
        assertNo5xx(answers);
        assert.deepEqual(tally(answers), {
          '200': 1,
          '401 totp_code_already_authenticated': sessions.length - 1,
        });
        assert.deepEqual(new Set(answers.map((answer) => answer.instance)).size, d.instances.length);
        const db = await d.inspect();
        // The first sign-in's session and the one the code gave.
        assert.equal(
          await count(db, 'select count(*)::int as n from member_sessions where member_id = $1', [target.member_id]),
          2,
        );
        // The refused sign-ins' intermediate sessions were not used up.
        assert.equal(
          await count(db, 'select count(*)::int as n from intermediate_sessions where email = $1 and used_at is null', [
            email,
          ]),
          sessions.length - 1,
        );
      });
    },
  );
});
