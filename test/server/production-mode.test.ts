// Production mode in-process: the mode is the single switch that removes every dev tool (even when an option asks for
// one), no social provider falls back to a stand-in, and the operational parts (health probes, the request log, the
// client IP behind proxies) behave as documented. The compiled server and its shutdown: compiled-server.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import { resolveConfig } from '../../src/server/config.ts';
import { HEALTH_PATH, READY_PATH, SERVICE_PROCESS_HEADER } from '../../src/server/constants/deployment.ts';
import { startServer } from '../../src/server/listen.ts';
import { insertUser } from '../../src/server/store/users.ts';
import { startSmtpServer, type TestSmtpServer } from './delivery-servers.ts';
import {
  dataOf,
  expectError,
  post,
  startTestService,
  TEST_SECRET_KEY,
  uniqueEmail,
  type TestService,
} from './support.ts';

const STRONG = 'correct horse battery staple';

let t: TestService;
let smtp: TestSmtpServer;
const logLines: string[] = [];

before(async () => {
  // Production has no dev inbox: mail goes to a real (local) SMTP server or the send fails.
  smtp = await startSmtpServer();
  t = await startTestService({
    mode: 'production',
    smtp: { url: smtp.url },
    // Each of these asks for a dev tool; production must ignore all of them.
    devInbox: true,
    devIdentityProvider: true,
    devCaptcha: true,
    requestLog: (line) => logLines.push(line),
  });
});

after(async () => {
  await t.close();
  await smtp.close();
});

function logged(): Record<string, unknown>[] {
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('production mode: no dev tool exists', () => {
  it('forces devInbox, devIdentityProvider and devCaptcha off in the resolved config', () => {
    const { config } = t.service;
    assert.deepEqual(
      [config.mode, config.devInbox, config.devIdentityProvider, config.devCaptcha],
      ['production', false, false, false],
    );
  });

  it('answers 404 on every /dev route (inbox, events, grants, impersonation, dev IdP, dev One Tap)', async () => {
    const routes: [string, string][] = [
      ['GET', '/dev/inbox'],
      ['GET', '/dev/inbox.json'],
      ['GET', '/dev/events'],
      ['GET', '/dev/events.json'],
      ['POST', '/dev/connected-app-grants'],
      ['POST', '/dev/impersonation-tokens'],
      ['GET', '/dev/oauth/authorize?state=x'],
      ['POST', '/dev/oauth/authorize'],
      ['GET', '/dev/google-one-tap/client.js'],
      ['POST', '/dev/google-one-tap/id-token'],
    ];
    for (const [method, path] of routes) {
      const res = await t.service.app.request(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'POST' ? '{}' : null,
      });
      await expectError(res, 404, 'not_found', `${method} ${path.split('?')[0]} was not found.`);
    }
  });

  it(
    'announces no captcha in the bootstrap and lets a retriable endpoint through without a ' + 'captcha token',
    async () => {
      const boot = await dataOf<{ captcha_settings: { enabled: boolean }; dfp_protected_auth_enabled: boolean }>(
        await t.service.app.request(`/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`),
      );
      assert.deepEqual(boot.captcha_settings, { enabled: false });
      assert.equal(boot.dfp_protected_auth_enabled, false);
      const email = uniqueEmail();
      const res = await post(t, '/magic_links/email/login_or_create', { email });
      const data = await dataOf<{ user_created: boolean }>(res);
      assert.equal(data.user_created, true);
    },
  );

  it('refuses a social start without credentials with oauth_config_not_found, as JSON and as a page', async () => {
    const url = `/v1/public/oauth/github/start?public_token=${DEFAULT_PUBLIC_TOKEN}`;
    await expectError(
      await t.service.app.request(url),
      404,
      'oauth_config_not_found',
      'Sign-in with github is not configured for this project.',
    );
    const page = await t.service.app.request(url, { headers: { Accept: 'text/html' } });
    assert.equal(page.status, 404);
    assert.match(await page.text(), /<code id="error-type">oauth_config_not_found<\/code>/);
    assert.equal(await t.service.db.query('select 1 from oauth_states').then((rows) => rows.length), 0);
  });

  it('turns One Tap off without GOOGLE_ONE_TAP_CLIENT_ID: an empty client id and Google’s own script URL', async () => {
    const res = await t.service.app.request(
      `/v1/public/oauth/google/onetap/start?public_token=${DEFAULT_PUBLIC_TOKEN}`,
    );
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, string>;
    assert.equal(body.google_client_id, '');
    assert.equal(body.oauth_callback_id, '');
    assert.doesNotMatch(body.google_script_url ?? '', /\/dev\//);
  });

  it('uses a configured One Tap client id and real provider credentials, never the dev stand-in', async () => {
    const configured = await startTestService({
      mode: 'production',
      publicUrl: 'https://id.westlight.example',
      googleOneTapClientId: 'one-tap.apps.googleusercontent.com',
      oauthProviders: {
        github: {
          clientId: 'gh-client',
          clientSecret: 'gh-secret',
          authorizationEndpoint: 'https://github.example/login/oauth/authorize',
          tokenEndpoint: 'https://github.example/login/oauth/access_token',
          userinfoEndpoint: 'https://github.example/user',
        },
      },
      requestLog: null,
    });
    try {
      const oneTap = (await (
        await configured.service.app.request(
          `/v1/public/oauth/google/onetap/start?public_token=${DEFAULT_PUBLIC_TOKEN}`,
        )
      ).json()) as Record<string, string>;
      assert.equal(oneTap.google_client_id, 'one-tap.apps.googleusercontent.com');
      assert.equal(oneTap.google_script_url, 'https://accounts.google.com/gsi/client');
      // The redirect URI sent to the provider is built on PUBLIC_URL, whatever Host the request carried.
      const start = await configured.service.app.request(
        `http://attacker.example/v1/public/oauth/github/start?public_token=${DEFAULT_PUBLIC_TOKEN}`,
        { headers: { Host: 'attacker.example' } },
      );
      assert.equal(start.status, 302);
      const location = new URL(start.headers.get('location') ?? '');
      assert.equal(location.origin, 'https://github.example');
      assert.equal(
        location.searchParams.get('redirect_uri'),
        'https://id.westlight.example/v1/public/oauth/github/callback',
      );
    } finally {
      await configured.close();
    }
  });
});

describe('ids name the environment: live in production, test in development', () => {
  interface Created {
    user_id: string;
    request_id: string;
    email_id: string;
    session: { session_id: string };
  }
  const signUp = (service: TestService) =>
    post(service, '/passwords', { email: uniqueEmail(), password: STRONG, session_duration_minutes: 30 }).then(
      (res) => res.json() as Promise<{ data: Created }>,
    );

  it(
    'a production service’s user, address, session and request ids say live, as the hosted ' +
      'provider’s live ones do',
    async () => {
      const { data } = await signUp(t);
      assert.match(data.user_id, /^user-live-[0-9a-f-]{36}$/);
      assert.match(data.email_id, /^email-live-[0-9a-f-]{36}$/);
      assert.match(data.session.session_id, /^session-live-[0-9a-f-]{36}$/);
      assert.match(data.request_id, /^request-id-live-[0-9a-f-]{36}$/);
      // A magic link's send (sent over SMTP) and an error body too.
      const sent = (await (await post(t, '/magic_links/email/login_or_create', { email: uniqueEmail() })).json()) as {
        data: Created;
      };
      assert.match(sent.data.user_id, /^user-live-/);
      assert.match(sent.data.request_id, /^request-id-live-/);
      const error = (await (await t.service.app.request('/sdk/v1/no-such-route')).json()) as { request_id: string };
      assert.match(error.request_id, /^request-id-live-/);
    },
  );

  it('a development service in the same process still says test, even with requests of both interleaved', async () => {
    const dev = await startTestService({});
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(i % 2 ? dev : t)));
      answers.forEach(({ data }, i) => {
        const environment = i % 2 ? 'test' : 'live';
        assert.match(data.user_id, new RegExp(`^user-${environment}-`), `answer ${i}`);
        assert.match(data.session.session_id, new RegExp(`^session-${environment}-`), `answer ${i}`);
        assert.match(data.request_id, new RegExp(`^request-id-${environment}-`), `answer ${i}`);
      });
    } finally {
      await dev.close();
    }
  });

  it('the production database makes live ids, inside a transaction too (a store names its db’s)', async () => {
    const { db } = t.service;
    assert.equal(db.idEnvironment, 'live');
    assert.match(await insertUser(db, Date.now()), /^user-live-[0-9a-f-]{36}$/);
    assert.match(await db.transaction((tx) => insertUser(tx, Date.now())), /^user-live-[0-9a-f-]{36}$/);
  });
});

describe('absolute URLs come from PUBLIC_URL, never from Host', () => {
  it('resolves a relative redirect URL of a call without Origin against PUBLIC_URL, not the Host header', async () => {
    const service = await startTestService({
      mode: 'production',
      publicUrl: 'https://id.westlight.example',
      redirectUrls: ['https://id.westlight.example/student-portal'],
      smtp: { url: smtp.url },
      requestLog: null,
    });
    try {
      const send = (host: string) =>
        service.service.app.request(`http://${host}/sdk/v1/magic_links/email/login_or_create`, {
          method: 'POST',
          headers: {
            Host: host,
            Authorization: `Basic ${Buffer.from(`${DEFAULT_PUBLIC_TOKEN}:${DEFAULT_PUBLIC_TOKEN}`).toString('base64')}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({
            email: uniqueEmail(),
            login_magic_link_url: '/student-portal',
            signup_magic_link_url: '/student-portal',
          }),
        });
      const sentBefore = smtp.mails.length;
      await dataOf(await send('attacker.example'));
      await dataOf(await send('10.0.0.5:8787'));
      const links = smtp.mails
        .slice(sentBefore)
        .map((mail) => String(mail.parsed.text).match(/https?:\/\/\S+/)?.[0] ?? '');
      assert.equal(links.length, 2);
      for (const link of links) assert.ok(link.startsWith('https://id.westlight.example/student-portal?'), link);
    } finally {
      await service.close();
    }
  });
});

describe('startServer in production', () => {
  it('refuses to listen without a public URL: its own origin must not come from the listening address', async () => {
    await assert.rejects(
      startServer({ mode: 'production', secretKey: TEST_SECRET_KEY, database: { kind: 'memory' } }),
      {
        message: 'Production mode needs publicUrl (PUBLIC_URL).',
      },
    );
  });

  it(
    'allows PUBLIC_URL’s origin (CORS) and its portal and authorize page (redirects), not the ' + 'listening address',
    async () => {
      const siteRedirectPaths = ['/student-portal', '/', '/oauth/authorize', '/csp/student-portal'];
      const server = await startServer({
        mode: 'production',
        secretKey: TEST_SECRET_KEY,
        publicUrl: 'https://id.westlight.example/ignored-path',
        siteRedirectPaths,
        database: { kind: 'memory' },
        requestLog: null,
      });
      try {
        const { config } = server.service;
        assert.deepEqual(config.allowedOrigins, ['https://id.westlight.example']);
        assert.deepEqual(config.redirectUrls, [
          'https://id.westlight.example/student-portal',
          'https://id.westlight.example/',
          'https://id.westlight.example/oauth/authorize',
          'https://id.westlight.example/csp/student-portal',
        ]);
        assert.equal(config.publicUrl, 'https://id.westlight.example');
        assert.match(server.url, /^http:\/\/localhost:\d+$/);
        assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      } finally {
        await server.close();
      }
    },
  );

  it(
    'allows no page of its own origin unless the site names it: the demo site’s pages are its ' + 'configuration',
    async () => {
      const server = await startServer({
        mode: 'production',
        secretKey: TEST_SECRET_KEY,
        publicUrl: 'https://id.westlight.example',
        database: { kind: 'memory' },
        requestLog: null,
      });
      try {
        assert.deepEqual(server.service.config.redirectUrls, []);
      } finally {
        await server.close();
      }
    },
  );
});

describe('health probes', () => {
  it('/healthz answers 200 {"status":"ok"} and /readyz 200 when every migration is applied', async () => {
    const health = await t.service.app.request(HEALTH_PATH);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok' });
    // Which process answered is a development aid (the cluster test); production does not disclose its pids
    assert.equal(health.headers.get(SERVICE_PROCESS_HEADER), null);
    const ready = await t.service.app.request(READY_PATH);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok' });
  });

  it('/readyz answers 503 naming a migration that is not applied, and 503 when the database is gone', async () => {
    const probe = await startTestService({ mode: 'production', requestLog: null });
    let closed = false;
    try {
      const [last] = await probe.service.db.query<{ version: string }>(
        'select version from schema_migrations order by version desc limit 1',
      );
      assert.ok(last);
      await probe.service.db.query('delete from schema_migrations where version = $1', [last.version]);
      const pending = await probe.service.app.request(READY_PATH);
      assert.equal(pending.status, 503);
      assert.deepEqual(await pending.json(), {
        status: 'unavailable',
        reason: `Migrations not applied: ${last.version}.`,
      });
      assert.equal((await probe.service.app.request(HEALTH_PATH)).status, 200);

      await probe.close();
      closed = true;
      const gone = await probe.service.app.request(READY_PATH);
      assert.equal(gone.status, 503);
      assert.deepEqual(await gone.json(), { status: 'unavailable', reason: 'The database is not reachable.' });
    } finally {
      if (!closed) await probe.close();
    }
  });

  it('exist in development mode too', async () => {
    const dev = await startTestService({});
    try {
      assert.equal((await dev.service.app.request(HEALTH_PATH)).status, 200);
      assert.equal((await dev.service.app.request(READY_PATH)).status, 200);
    } finally {
      await dev.close();
    }
  });
});

describe('request log', () => {
  it(
    'writes one JSON line per request with method, path, status, duration, request id and ip, ' + 'and no secret',
    async () => {
      logLines.length = 0;
      const secretQuery = 'token=magic-link-secret-123';
      await t.service.app.request(`/sdk/v1/magic_links/authenticate?${secretQuery}`, {
        method: 'POST',
        headers: { Authorization: 'Basic c2VjcmV0LXVzZXI6c2VjcmV0LXBhc3N3b3Jk', 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: 'body-secret-456' }),
      });
      await t.service.app.request(`/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`);
      await t.service.app.request('/v1/oauth/callback/one-tap-callback-secret', { method: 'POST' });
      const lines = logged();
      assert.equal(lines.length, 3);
      const [auth, boot, callback] = lines;
      assert.deepEqual(Object.keys(auth ?? {}).sort(), [
        'duration_ms',
        'ip',
        'method',
        'path',
        'request_id',
        'status',
        'time',
      ]);
      assert.equal(auth?.method, 'POST');
      assert.equal(auth?.path, '/sdk/v1/magic_links/authenticate');
      assert.equal(auth?.status, 401);
      assert.match(String(auth?.request_id), /^request-id-live-/);
      assert.equal(typeof auth?.duration_ms, 'number');
      assert.equal(boot?.path, '/sdk/v1/projects/bootstrap/:public_token');
      assert.equal(boot?.status, 200);
      assert.equal(callback?.path, '/v1/oauth/callback/:oauth_callback_id');
      const all = logLines.join('\n');
      for (const secret of [
        'magic-link-secret-123',
        'body-secret-456',
        'c2VjcmV0',
        DEFAULT_PUBLIC_TOKEN,
        'one-tap-callback-secret',
      ]) {
        assert.ok(!all.includes(secret), `the log must not contain ${secret}`);
      }
    },
  );

  it('logs the request id the response carried', async () => {
    logLines.length = 0;
    const res = await t.service.app.request('/sdk/v1/no-such-route');
    const body = (await res.json()) as { request_id: string };
    assert.equal(logged()[0]?.request_id, body.request_id);
    assert.equal(logged()[0]?.status, 404);
  });

  it('goes to stdout by default in production and nowhere by default in development', () => {
    assert.equal(typeof resolveConfig({ mode: 'production', secretKey: TEST_SECRET_KEY }).requestLog, 'function');
    assert.equal(resolveConfig({}).requestLog, null);
  });
});

describe('client IP behind proxies (trustProxy)', () => {
  const services = new Map<number, { service: TestService; lines: string[] }>();
  before(async () => {
    for (const trustProxy of [0, 1, 2]) {
      const lines: string[] = [];
      services.set(trustProxy, {
        service: await startTestService({ trustProxy, requestLog: (line) => lines.push(line) }),
        lines,
      });
    }
  });
  after(async () => {
    for (const { service } of services.values()) await service.close();
  });

  async function loggedIp(trustProxy: number, forwardedFor: string): Promise<unknown> {
    const entry = services.get(trustProxy);
    assert.ok(entry);
    entry.lines.length = 0;
    await entry.service.service.app.request(HEALTH_PATH, { headers: { 'X-Forwarded-For': forwardedFor } });
    return (JSON.parse(entry.lines[0] ?? '{}') as Record<string, unknown>).ip;
  }

  it('ignores X-Forwarded-For without a configured proxy (any client can write it)', async () => {
    assert.equal(await loggedIp(0, '203.0.113.7'), '');
  });

  it('takes the Nth address from the right behind N proxies, so a client-written prefix is ignored', async () => {
    assert.equal(await loggedIp(1, '198.51.100.1, 203.0.113.7'), '203.0.113.7');
    assert.equal(await loggedIp(2, '198.51.100.1, 203.0.113.7, 10.0.0.2'), '203.0.113.7');
  });

  it('falls back to the TCP peer when the header has fewer entries than proxies', async () => {
    assert.equal(await loggedIp(2, '203.0.113.7'), '');
  });

  it('records the forwarded address on the session a sign-in creates', async () => {
    const entry = services.get(1);
    assert.ok(entry);
    const data = await dataOf<{ session: { attributes: { ip_address: string } } }>(
      await post(
        entry.service,
        '/passwords',
        { email: uniqueEmail(), password: STRONG, session_duration_minutes: 30 },
        {
          headers: { 'X-Forwarded-For': '192.0.2.99, 203.0.113.50' },
        },
      ),
    );
    assert.equal(data.session.attributes.ip_address, '203.0.113.50');
  });
});
