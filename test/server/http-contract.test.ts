// The wire envelope, error bodies, input validation, CORS and the bootstrap document.
import { after, before, describe, it, mock } from 'node:test';
import { Hono } from 'hono';
import assert from 'node:assert/strict';
import { ERROR_URL_BASE } from '../../src/api/envelope.ts';
import { isErrorType } from '../../src/api/errors.ts';
import type { BootstrapResponse } from '../../src/api/bootstrap.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/config.ts';
import { MAX_BODY_BYTES } from '../../src/server/constants/input-limits.ts';
import type { AppEnv } from '../../src/server/context.ts';
import { handleError, handleNotFound } from '../../src/server/middleware/errors.ts';
import { requestContext } from '../../src/server/middleware/request-context.ts';
import {
  basicAuth,
  dataOf,
  expectError,
  get,
  PAGE_ORIGIN,
  post,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

describe('envelope and error body', () => {
  it('wraps success in data with request_id and status_code 200', async () => {
    const res = await post(t, '/magic_links/email/login_or_create', { email: uniqueEmail() });
    assert.equal(res.headers.get('content-type'), 'application/json');
    const data = await dataOf<{ user_id: string; email_id: string; user_created: boolean }>(res);
    assert.match(data.user_id, /^user-test-[0-9a-f-]{36}$/);
    assert.match(data.email_id, /^email-test-[0-9a-f-]{36}$/);
    assert.equal(data.user_created, true);
  });

  it('answers errors unwrapped with exactly the five fields', async () => {
    const res = await post(t, '/magic_links/email/login_or_create', { email: 'not-an-email' });
    const body = await expectError(res, 400, 'invalid_email', 'Email format is invalid.');
    assert.deepEqual(Object.keys(body).sort(), [
      'error_message',
      'error_type',
      'error_url',
      'request_id',
      'status_code',
    ]);
    assert.equal(body.error_url, `${ERROR_URL_BASE}invalid_email`);
    assert.match(body.request_id, /^request-id-test-[0-9a-f-]{36}$/);
    assert.ok(isErrorType(body.error_type));
  });

  it('gives every request its own request_id', async () => {
    const a = await expectError(await post(t, '/magic_links/email/login_or_create', {}), 400, 'invalid_request');
    const b = await expectError(await post(t, '/magic_links/email/login_or_create', {}), 400, 'invalid_request');
    assert.notEqual(a.request_id, b.request_id);
  });

  it('answers an unexpected failure with 500 internal_server_error in the same shape, without details', async () => {
    // The service's own error handler, on an app whose route fails the way a bug would.
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.notFound(handleNotFound);
    app.use('*', requestContext({ mode: 'development', trustProxy: 0, publicUrl: null }));
    app.get('/boom', () => {
      throw new TypeError('secret internals');
    });
    const logged = mock.method(console, 'error', () => {});
    try {
      const body = await expectError(
        await app.request('/boom'),
        500,
        'internal_server_error',
        'Something went wrong on our side.',
      );
      assert.equal(body.error_url, `${ERROR_URL_BASE}internal_server_error`);
      assert.match(body.request_id, /^request-id-test-/);
      assert.equal(logged.mock.callCount(), 1, 'the real error is logged on the server');
    } finally {
      logged.mock.restore();
    }
  });

  it('answers unknown /sdk/v1 paths with 404 not_found', async () => {
    await expectError(await get(t, '/no/such/route'), 404, 'not_found', 'GET /sdk/v1/no/such/route was not found.');
    await expectError(await post(t, '/magic_links/nope', {}), 404, 'not_found');
  });
});

describe('malformed input gets a 4xx with an error_type, never a 500', () => {
  it('malformed JSON → 400 invalid_json', async () => {
    const res = await post(t, '/magic_links/email/login_or_create', undefined, { raw: '{"email": ' });
    await expectError(res, 400, 'invalid_json', 'The request body is not valid JSON.');
  });

  for (const raw of ['[]', 'null', '42', '"text"', 'true']) {
    it(`non-object JSON ${raw} → 400 invalid_request`, async () => {
      const res = await post(t, '/magic_links/email/login_or_create', undefined, { raw });
      await expectError(res, 400, 'invalid_request', 'The request body must be a JSON object.');
    });
  }

  it('email: 123 → 400 invalid_request "email must be a string"', async () => {
    await expectError(
      await post(t, '/magic_links/email/login_or_create', { email: 123 }),
      400,
      'invalid_request',
      'email must be a string',
    );
  });

  it('missing email → 400 invalid_request', async () => {
    await expectError(
      await post(t, '/magic_links/email/login_or_create', {}),
      400,
      'invalid_request',
      'email is required.',
    );
  });

  it('session_duration_minutes: "5" → 400 invalid_request', async () => {
    const res = await post(t, '/magic_links/authenticate', { token: 'x', session_duration_minutes: '5' });
    await expectError(res, 400, 'invalid_request', 'session_duration_minutes must be a number');
  });

  it('token: {} → 400 invalid_request', async () => {
    const res = await post(t, '/magic_links/authenticate', { token: {}, session_duration_minutes: 30 });
    await expectError(res, 400, 'invalid_request', 'token must be a string');
  });

  it('out-of-range durations → 400 invalid_request', async () => {
    for (const minutes of [4, 525_601, 2.5, 1e308]) {
      const res = await post(t, '/magic_links/authenticate', { token: 'x', session_duration_minutes: minutes });
      await expectError(
        res,
        400,
        'invalid_request',
        /session_duration_minutes must be a whole number of minutes from 5 to 525600/,
      );
    }
    for (const minutes of [4, 10_081]) {
      const res = await post(t, '/magic_links/email/login_or_create', {
        email: uniqueEmail(),
        login_expiration_minutes: minutes,
        signup_expiration_minutes: minutes,
      });
      await expectError(
        res,
        400,
        'invalid_request',
        /expiration_minutes must be a whole number of minutes from 5 to 10080/,
      );
    }
  });

  it('NUL characters in strings → 400, not a database error', async () => {
    const res = await post(t, '/magic_links/email/login_or_create', { email: 'a\u0000@example.com' });
    await expectError(res, 400, 'invalid_request', 'email must not contain NUL characters');
  });

  it('deeply nested JSON → 400, not a stack overflow', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    await expectError(
      await post(t, '/magic_links/email/login_or_create', undefined, { raw: `{"email": 1, "x": ${deep}}` }),
      400,
      'invalid_request',
    );
    const res = await t.service.app.request('/sdk/v1/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `[{"event": {"public_token": "${DEFAULT_PUBLIC_TOKEN}", "event_name": "x", "details": ${deep}}}]`,
    });
    await expectError(res, 400, 'invalid_request', 'Events may nest at most 32 levels deep.');
  });

  it('a body that is not labelled JSON → 415 unsupported_media_type', async () => {
    const res = await post(t, '/magic_links/email/login_or_create', undefined, {
      raw: 'email=a@example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    await expectError(res, 415, 'unsupported_media_type');
  });

  it('a body over the limit → 413 payload_too_large', async () => {
    const raw = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await post(t, '/magic_links/email/login_or_create', undefined, { raw });
    await expectError(res, 413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  });

  it('a body just under the limit is read', async () => {
    const base = JSON.stringify({ email: uniqueEmail(), padding: '' });
    const raw = base.replace('"padding":""', `"padding":"${'x'.repeat(MAX_BODY_BYTES - base.length)}"`);
    assert.equal(Buffer.byteLength(raw), MAX_BODY_BYTES);
    await dataOf(await post(t, '/magic_links/email/login_or_create', undefined, { raw }));
  });
});

describe('Basic authentication', () => {
  it('a wrong public token → 401 invalid_public_token', async () => {
    const res = await post(
      t,
      '/magic_links/email/login_or_create',
      { email: uniqueEmail() },
      {
        headers: { Authorization: basicAuth('public-token-test-wrong', 'public-token-test-wrong') },
      },
    );
    await expectError(res, 401, 'invalid_public_token', 'The public token is not valid for this project.');
  });

  it('no Authorization header → 401 invalid_public_token', async () => {
    const res = await t.service.app.request('/sdk/v1/magic_links/email/login_or_create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    await expectError(res, 401, 'invalid_public_token', /Basic/);
  });

  it('a garbage Authorization header → 401 invalid_public_token', async () => {
    const res = await post(
      t,
      '/magic_links/email/login_or_create',
      { email: uniqueEmail() },
      {
        headers: { Authorization: 'Basic !!!not-base64' },
      },
    );
    await expectError(res, 401, 'invalid_public_token');
  });

  it('a stale session token does not block sending a link', async () => {
    const res = await post(
      t,
      '/magic_links/email/login_or_create',
      { email: uniqueEmail() },
      { sessionToken: 'stale-token' },
    );
    await dataOf(res);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with the exact origin, credentials, methods and headers', async () => {
    const res = await t.service.app.request('/sdk/v1/magic_links/email/login_or_create', {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type, x-sdk-client, x-sdk-parent-host',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, POST, PUT, DELETE');
    assert.equal(
      res.headers.get('access-control-allow-headers'),
      'Authorization, Content-Type, X-SDK-Client, X-SDK-Parent-Host',
    );
    assert.match(res.headers.get('vary') ?? '', /Origin/);
  });

  it('gives a disallowed origin no CORS headers at all', async () => {
    const res = await t.service.app.request('/sdk/v1/magic_links/email/login_or_create', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(res.status, 204);
    for (const [name] of res.headers) assert.ok(!name.startsWith('access-control-'), `unexpected ${name}`);
  });

  it('refuses a real request from a disallowed origin with 403 origin_not_allowed, and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await post(
      t,
      '/magic_links/email/login_or_create',
      { email },
      { headers: { Origin: 'https://evil.example' } },
    );
    await expectError(
      res,
      403,
      'origin_not_allowed',
      'The origin https://evil.example is not allowed to call this service.',
    );
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    const inboxRes = await t.service.app.request(`/dev/inbox.json?to=${encodeURIComponent(email)}`);
    assert.deepEqual(((await inboxRes.json()) as { messages: unknown[] }).messages, []);
  });

  it('puts the CORS headers on error responses too, so the page can read error_type', async () => {
    const res = await post(
      t,
      '/magic_links/email/login_or_create',
      { email: 'bad' },
      { headers: { Origin: PAGE_ORIGIN } },
    );
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    await expectError(res, 400, 'invalid_email');
  });
});

describe('bootstrap', () => {
  it('returns every field of the bootstrap document without Authorization', async () => {
    const res = await t.service.app.request(`/sdk/v1/projects/bootstrap/${DEFAULT_PUBLIC_TOKEN}`, {
      headers: { Origin: PAGE_ORIGIN },
    });
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    const data = await dataOf<BootstrapResponse>(res);
    const expected: Omit<BootstrapResponse, 'request_id' | 'status_code'> = {
      project_name: 'Westlight University',
      disable_sdk_watermark: true,
      cname_domain: null,
      email_domains: ['westlight.localhost'],
      captcha_settings: { enabled: false },
      pkce_required_for_email_magic_links: false,
      pkce_required_for_password_resets: false,
      pkce_required_for_oauth: false,
      pkce_required_for_sso: false,
      slug_pattern: null,
      create_organization_enabled: false,
      password_config: null,
      dfp_protected_auth_enabled: false,
      dfp_protected_auth_mode: 'OBSERVATION',
      rbac_policy: { roles: [], resources: [], scopes: [] },
      siwe_required_for_crypto_wallets: false,
      vertical: 'CONSUMER',
    };
    const { request_id: _id, status_code: _status, ...document } = data;
    assert.deepEqual(document, expected);
  });

  it('answers an unknown public token with 404 invalid_public_token', async () => {
    await expectError(
      await t.service.app.request('/sdk/v1/projects/bootstrap/public-token-test-nope'),
      404,
      'invalid_public_token',
      'No project has this public token.',
    );
  });
});

describe('telemetry', () => {
  it('accepts a batch of events without Authorization', async () => {
    const item = {
      telemetry: { event_id: 'event-id-1' },
      event: { public_token: DEFAULT_PUBLIC_TOKEN, event_name: 'render_login_screen', details: { a: '\u0000' } },
    };
    const res = await t.service.app.request('/sdk/v1/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([item]),
    });
    await dataOf(res);
    const rows = await t.service.db.query<{ name: string }>(`select name from events where source = 'sdk'`);
    assert.deepEqual(
      rows.map((r) => r.name),
      ['render_login_screen'],
    );
  });

  it('refuses a batch that is not an array of 1 to 15 events', async () => {
    for (const body of [
      '{}',
      '[]',
      JSON.stringify(Array(16).fill({ event: { public_token: 'p', event_name: 'e' } })),
      '[1]',
    ]) {
      const res = await t.service.app.request('/sdk/v1/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      await expectError(res, 400, 'invalid_request');
    }
  });
});
