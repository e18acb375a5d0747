// Enterprise SSO races across service processes: with TEST_DATABASE_URL, two processes of main.ts share one fresh
// PostgreSQL database and every burst is split across both; without it, one process on a PGlite folder takes the same
// bursts. Each process runs its own SAML stand-in with its own key (the seeded connection trusts both).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SSO_PATHS, SSO_START_PATH } from '../../src/api/sso.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { DEV_SAML_CONNECTION_ID } from '../../src/server/dev/constants.ts';
import { LUMEN_STAGE } from '../../src/server/dev/organization-seeds.ts';
import { b2bAuth } from '../server/organizations-support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { assertNo5xx, inParallel, tally, withDeployment, type Answer, type Deployment } from './deployment.ts';
import { clientIp, requestTo, type ServiceProcess } from './service-process.ts';

/** Parallel first sign-ins of one address, each through its own SAML sign-in. */
const SIGN_INS = 6;
/** Parallel posts of one signed Response. */
const REPLAYS = 8;
const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

function instance(d: Deployment, i: number): ServiceProcess {
  return d.instances[i % d.instances.length]!;
}

function location(res: Response): URL {
  const value = res.headers.get('Location');
  assert.ok(value, `a redirect (status ${res.status})`);
  return new URL(value);
}

/**
 * A SAML sign-in on instance i up to the IdP's answer: the start, the stand-in's sign-in page, its signed Response.
 * Answers the form the IdP's page would post to the ACS.
 */
async function samlAnswer(d: Deployment, i: number, email: string): Promise<URLSearchParams> {
  const proc = instance(d, i);
  const host = { Host: new URL(instance(d, 0).url).host };
  const query = new URLSearchParams({
    public_token: DEFAULT_B2B_PUBLIC_TOKEN,
    connection_id: DEV_SAML_CONNECTION_ID,
    login_redirect_url: `${proc.url}/`,
  });
  const idp = location(
    await requestTo(proc, `${SSO_START_PATH}?${query}`, { headers: { ...host, Accept: 'text/html' } }),
  );
  const signIn = new URLSearchParams({ ...Object.fromEntries(idp.searchParams), email, name: 'Race Runner' });
  const page = await (
    await requestTo(proc, idp.pathname, { method: 'POST', headers: { ...host, ...FORM }, body: signIn.toString() })
  ).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
  return new URLSearchParams({ SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') });
}

/**
 * The IdP's page posting to the ACS, through instance i. Every post names the first instance's host, as a browser
 * behind a load balancer names the one address it knows: the ACS URL, audience and Destination a Response names are on
 * that origin whichever instance answers (in development, without PUBLIC_URL, the origin is the request's).
 */
function postAcs(d: Deployment, i: number, answer: URLSearchParams): Promise<Response> {
  return requestTo(instance(d, i), `/v1/b2b/sso/callback/${DEV_SAML_CONNECTION_ID}`, {
    method: 'POST',
    headers: { ...FORM, Host: new URL(instance(d, 0).url).host },
    body: answer.toString(),
    clientIp: clientIp(i),
  });
}

async function authenticate(d: Deployment, i: number, token: string): Promise<Answer> {
  const res = await requestTo(instance(d, i), `${SDK_BASE_PATH}${SSO_PATHS.authenticate}`, {
    method: 'POST',
    headers: { Authorization: b2bAuth(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ sso_token: token, session_duration_minutes: 30 }),
    clientIp: clientIp(i),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, instance: i % d.instances.length };
}

describe(`SSO races, ${where}`, () => {
  it(`${SIGN_INS} parallel first SAML sign-ins of one address: one member`, async () => {
    await withDeployment(async (d) => {
      const email = `race-${randomUUID().slice(0, 8)}@lumenstage.localhost`;
      const tokens: string[] = [];
      for (let i = 0; i < SIGN_INS; i++) {
        tokens.push(location(await postAcs(d, i, await samlAnswer(d, i, email))).searchParams.get('token') ?? '');
      }
      const answers = await inParallel(SIGN_INS, (i) => authenticate(d, i + 1, tokens[i]!));
      assertNo5xx(answers);
      assert.deepEqual(tally(answers), { '200': SIGN_INS });
      const data = answers.map((answer) => answer.body.data as Record<string, unknown>);
      assert.equal(new Set(data.map((item) => item.member_id)).size, 1);
      // Lumen Stage Systems requires MFA: every sign-in waits for it, none is a session yet.
      assert.ok(data.every((item) => item.member_authenticated === false && item.intermediate_session_token));
      const db = await d.inspect();
      const [row] = await db.query<{ n: number }>(
        'select count(*)::int as n from members where organization_id = $1 and email = $2',
        [LUMEN_STAGE.id, email],
      );
      assert.equal(row?.n, 1);
    });
  });

  it(`${REPLAYS} parallel posts of one signed Response, split across instances: exactly one is accepted`, async () => {
    await withDeployment(async (d) => {
      const answer = await samlAnswer(d, 0, `replay-${randomUUID().slice(0, 8)}@lumenstage.localhost`);
      const results = await inParallel(REPLAYS, (i) => postAcs(d, i, answer));
      assert.deepEqual(results.map((res) => res.status).sort(), [302, ...Array<number>(REPLAYS - 1).fill(400)]);
      for (const res of results.filter((res) => res.status === 400)) {
        assert.match(await res.text(), /<code id="error-type">duplicate_saml_response<\/code>/);
      }
    });
  });
});
