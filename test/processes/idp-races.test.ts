// Sign in with Westlight across service processes: with TEST_DATABASE_URL, two processes of main.ts share one
// PostgreSQL database (one PGlite folder process otherwise). Every request carries the same Host, as behind a load
// balancer, so both instances are one issuer (in development the issuer is the origin the service is reached at).
// Consents submitted in parallel to both end as one grant, and a code minted by one instance is redeemed at the other.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IDP_PATHS, OIDC_PATHS } from '../../src/api/idp.ts';
import { PATHS } from '../../src/api/paths.ts';
import { uniqueEmail } from '../server/support.ts';
import { testDatabaseUrl } from '../server/test-database.ts';
import { CALLBACK, CONNECTED_APPS, THIRD_PARTY } from '../server/idp-fixtures.ts';
import {
  assertNo5xx,
  assertNoOrphans,
  dataOf,
  deploy,
  inParallel,
  strongPassword,
  tally,
  type Deployment,
} from './deployment.ts';
import { requestTo, type ServiceProcess } from './service-process.ts';
import { SDK_BASE_PATH } from '../../src/api/telemetry.ts';
import { basicAuth } from '../server/support.ts';

/** Parallel consents of one user to one app, split across the instances. */
const SUBMITS = 20;
const HOST = 'westlight.test';
const ISSUER = `http://${HOST}`;
const where = testDatabaseUrl() ? 'two processes on one PostgreSQL database' : 'one process on a PGlite folder';

async function sdkCall(proc: ServiceProcess, path: string, body: unknown, sessionToken: string) {
  const res = await requestTo(proc, `${SDK_BASE_PATH}${path}`, {
    method: 'POST',
    headers: { Host: HOST, Authorization: basicAuth(sessionToken), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, instance: 0 };
}

async function signedIn(d: Deployment): Promise<{ userId: string; sessionToken: string }> {
  const created = await requestTo(d.instances[0]!, `${SDK_BASE_PATH}${PATHS.passwords}`, {
    method: 'POST',
    headers: { Authorization: basicAuth(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('reader'), password: strongPassword(), session_duration_minutes: 30 }),
  });
  const data = ((await created.json()) as { data: { user_id: string; session_token: string } }).data;
  assert.equal(created.status, 200);
  return { userId: data.user_id, sessionToken: data.session_token };
}

function submitBody(scopes: string[]) {
  return {
    client_id: THIRD_PARTY.client_id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scopes,
    consent_granted: true,
    nonce: 'n',
  };
}

describe(`Sign in with Westlight, ${where}`, () => {
  it(
    `${SUBMITS} parallel consents leave one live grant; a code minted by one instance is ` + `redeemed at another`,
    async () => {
      const d = await deploy({ CONNECTED_APPS: JSON.stringify(CONNECTED_APPS) });
      try {
        const user = await signedIn(d);
        const scopeSets = [['openid'], ['openid', 'email'], ['profile'], ['phone']];
        const answers = await inParallel(SUBMITS, (i) =>
          sdkCall(
            d.instances[i % d.instances.length]!,
            IDP_PATHS.authorizeSubmit,
            submitBody(scopeSets[i % scopeSets.length]!),
            user.sessionToken,
          ),
        );
        assertNo5xx(answers);
        assert.deepEqual(tally(answers), { '200': SUBMITS });

        const minted = dataOf(
          await sdkCall(d.instances[0]!, IDP_PATHS.authorizeSubmit, submitBody(['openid', 'email']), user.sessionToken),
        );
        const redirect = new URL(String(minted.redirect_uri));
        assert.equal(redirect.searchParams.get('iss'), ISSUER);
        const redeemer = d.instances[d.instances.length - 1]!;
        const token = await requestTo(redeemer, OIDC_PATHS.token, {
          method: 'POST',
          headers: {
            Host: HOST,
            Authorization: basicAuth(THIRD_PARTY.client_secret, THIRD_PARTY.client_id),
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: String(minted.authorization_code),
            redirect_uri: CALLBACK,
          }).toString(),
        });
        const tokens = (await token.json()) as { access_token?: string; id_token?: string; scope?: string };
        assert.equal(token.status, 200, JSON.stringify(tokens));
        assert.equal(tokens.scope, 'openid email');
        const claims = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString()) as {
          iss: string;
          sub: string;
          nonce: string;
        };
        assert.deepEqual([claims.iss, claims.sub, claims.nonce], [ISSUER, user.userId, 'n']);
        const info = await requestTo(d.instances[0]!, OIDC_PATHS.userinfo, {
          headers: { Host: HOST, Authorization: `Bearer ${tokens.access_token}` },
        });
        assert.equal(info.status, 200);

        const db = await d.inspect();
        const rows = await db.query<{ scopes: string }>(
          'select scopes from idp_grants where user_id = $1 and client_id = $2 and revoked_at is null',
          [user.userId, THIRD_PARTY.client_id],
        );
        assert.deepEqual(rows, [{ scopes: 'email openid phone profile' }]);
        await assertNoOrphans(db);
      } finally {
        await d.close();
      }
    },
  );
});
