// Device fingerprinting: the telemetry script and its backend, the ids at rest, OBSERVATION and DECISIONING (the
// per-device budget under parallel calls, missing, unknown and expired ids, the captcha path), the bootstrap, the
// dev fingerprints page, production and malformed input.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DFP_SCRIPT_FUNCTION, DFP_SCRIPT_PATH, DFP_SUBMIT_PATH } from '../../src/api/dfp.ts';
import { CAPTCHA_REQUIRED_TEXT } from '../../src/api/errors.ts';
import { PATHS } from '../../src/api/paths.ts';
import { DEV_CAPTCHA_SCRIPT_PATH, DEV_CAPTCHA_SITE_KEY } from '../../src/server/constants/dev-mode.ts';
import {
  DFP_DEFAULT_MAX_CALLS_PER_DEVICE,
  DFP_DEVICE_WINDOW_MS,
  DFP_MAX_SIGNAL_LENGTH,
  DFP_MAX_SIGNALS,
  DFP_TELEMETRY_ID_LIFETIME_MS,
} from '../../src/server/constants/dfp.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import { serviceOptionsFromEnv } from '../../src/server/env-options.ts';
import { hashToken } from '../../src/server/security/tokens.ts';
import type { RecordedDevice } from '../../src/server/store/dfp.ts';
import { visitorIdOf } from '../../src/server/services/dfp.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/app.ts';
import {
  dataOf,
  expectError,
  get,
  PAGE_ORIGIN,
  post,
  startTestService,
  uniqueEmail,
  type TestService,
} from './support.ts';

const SIGNALS = {
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  languages: 'en-GB,en',
  screen: '1920x1080x24',
  timezone: 'Europe/London',
  platform: 'Linux x86_64',
  hardware_concurrency: '8',
  canvas: '1a2b3c4d',
};
const MAX_CALLS = 3;

async function submit(t: TestService, signals: unknown = SIGNALS, publicToken = DEFAULT_PUBLIC_TOKEN) {
  return t.service.app.request(DFP_SUBMIT_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN, 'User-Agent': 'test-agent/1.0' },
    body: JSON.stringify({ public_token: publicToken, signals }),
  });
}

async function telemetryId(t: TestService, signals: Record<string, string> = SIGNALS): Promise<string> {
  return (await dataOf<{ telemetry_id: string }>(await submit(t, signals))).telemetry_id;
}

async function devices(t: TestService): Promise<RecordedDevice[]> {
  const res = await t.service.app.request('/dev/fingerprints.json');
  assert.equal(res.status, 200);
  return ((await res.json()) as { devices: RecordedDevice[] }).devices;
}

const send = (t: TestService, extra: Record<string, unknown>, email = uniqueEmail()) =>
  post(t, PATHS.otpsLoginOrCreate('email'), { email, ...extra });

async function expectCaptchaRequired(res: Response): Promise<void> {
  assert.equal(res.status, 403);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  assert.equal(await res.text(), CAPTCHA_REQUIRED_TEXT);
}

describe('device fingerprinting, OBSERVATION', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ dfpProtectedAuth: { mode: 'OBSERVATION' } });
  });
  after(() => t.close());

  it('announces protection in the bootstrap, with the dev captcha stand-in as its captcha', async () => {
    const data = await dataOf<Record<string, unknown>>(await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)));
    assert.equal(data.dfp_protected_auth_enabled, true);
    assert.equal(data.dfp_protected_auth_mode, 'OBSERVATION');
    assert.deepEqual(data.captcha_settings, {
      enabled: true,
      siteKey: DEV_CAPTCHA_SITE_KEY,
      scriptUrl: `${DEV_CAPTCHA_SCRIPT_PATH}?render=`,
    });
  });

  it('serves the telemetry script, which defines the function the client calls', async () => {
    const res = await t.service.app.request(DFP_SCRIPT_PATH);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/javascript; charset=utf-8');
    const script = await res.text();
    assert.ok(script.includes(`window.${DFP_SCRIPT_FUNCTION} = async ({ publicToken, submitURL })`));
    // Runs as written: a syntax error would only show in a browser.
    assert.doesNotThrow(() => new Function(script));
  });

  it('issues a fresh random id per submit, stores only its digest, and names the device by its signals', async () => {
    const first = await telemetryId(t);
    const second = await telemetryId(t, { ...SIGNALS });
    assert.match(first, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(first, second);
    const stored = await t.service.db.query<{ id_digest: string; visitor_id: string }>(
      'select id_digest, visitor_id from dfp_telemetry_ids where id_digest in ($1, $2) order by created_at',
      [hashToken(first), hashToken(second)],
    );
    assert.equal(stored.length, 2);
    assert.ok(stored.every((row) => row.visitor_id === visitorIdOf(SIGNALS)));
    const raw = await t.service.db.query('select 1 from dfp_telemetry_ids where id_digest = $1', [first]);
    assert.equal(raw.length, 0);
    // The same signals in another order are the same device.
    const reordered = Object.fromEntries(Object.entries(SIGNALS).reverse());
    assert.equal(visitorIdOf(reordered), visitorIdOf(SIGNALS));
  });

  it('records each protected call on its device and lets every call through, with or without an id', async () => {
    const signals = { ...SIGNALS, canvas: 'observation-device' };
    const ids = await Promise.all(Array.from({ length: MAX_CALLS + 2 }, () => telemetryId(t, signals)));
    for (const id of ids) assert.equal((await send(t, { dfp_telemetry_id: id })).status, 200);
    assert.equal((await send(t, {})).status, 200);
    assert.equal((await send(t, { dfp_telemetry_id: 'not-an-issued-id' })).status, 200);
    const device = (await devices(t)).find((d) => d.visitor_id === visitorIdOf(signals));
    assert.ok(device);
    assert.deepEqual(device.signals, signals);
    assert.equal(device.user_agent, 'test-agent/1.0');
    assert.equal(device.ids_issued, MAX_CALLS + 2);
    assert.equal(device.protected_calls, MAX_CALLS + 2);
    assert.equal(device.flagged_calls, 0);
  });

  it('lists the devices on the dev fingerprints page', async () => {
    const res = await t.service.app.request('/dev/fingerprints');
    assert.equal(res.status, 200);
    const page = await res.text();
    assert.ok(page.includes('<h1>Dev fingerprints</h1>'));
    assert.ok(page.includes(visitorIdOf(SIGNALS).slice(0, 16)));
    assert.ok(page.includes('Europe/London'));
  });

  it('refuses malformed submits with a 4xx naming the problem, and an unknown public token', async () => {
    const shape =
      `\`signals\` must be an object of at most ${DFP_MAX_SIGNALS} text values ` +
      `of at most ${DFP_MAX_SIGNAL_LENGTH} characters.`;
    await expectError(await submit(t, 'a string'), 400, 'invalid_request', shape);
    await expectError(await submit(t, { screen: 1920 }), 400, 'invalid_request', shape);
    await expectError(await submit(t, { ua: 'x'.repeat(DFP_MAX_SIGNAL_LENGTH + 1) }), 400, 'invalid_request', shape);
    const tooMany = Object.fromEntries(Array.from({ length: DFP_MAX_SIGNALS + 1 }, (_, i) => [`s${i}`, 'x']));
    await expectError(await submit(t, tooMany), 400, 'invalid_request', shape);
    await expectError(await submit(t, null), 400, 'invalid_request', 'signals is required.');
    await expectError(await submit(t, SIGNALS, 'public-token-test-unknown'), 404, 'invalid_public_token');
    const noToken = await t.service.app.request(DFP_SUBMIT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ signals: SIGNALS }),
    });
    await expectError(noToken, 400, 'invalid_request');
    const notJson = await t.service.app.request(DFP_SUBMIT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    assert.equal(notJson.status, 400);
  });

  it('answers the page origin with CORS, so the script can post from the page', async () => {
    const preflight = await t.service.app.request(DFP_SUBMIT_PATH, {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    assert.equal((await submit(t)).headers.get('access-control-allow-origin'), PAGE_ORIGIN);
  });
});

describe('device fingerprinting, DECISIONING', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService({ dfpProtectedAuth: { mode: 'DECISIONING', maxCallsPerDevice: MAX_CALLS } });
  });
  after(() => t.close());

  it('names the mode in the bootstrap', async () => {
    const data = await dataOf<Record<string, unknown>>(await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)));
    assert.equal(data.dfp_protected_auth_mode, 'DECISIONING');
  });

  it('sends a call without an id, or with an unknown one, to the captcha; a solved captcha passes', async () => {
    await expectCaptchaRequired(await send(t, {}));
    await expectCaptchaRequired(await send(t, { dfp_telemetry_id: 'not-an-issued-id' }));
    await expectCaptchaRequired(await send(t, { captcha_token: 'not-the-pass-token' }));
    assert.equal((await send(t, { captcha_token: DEV_CAPTCHA_PASS_TOKEN })).status, 200);
    // Calls that are not send or login calls are not judged.
    assert.equal((await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN))).status, 200);
  });

  it('lets exactly the budget of parallel calls from one device through, and flags the rest', async () => {
    const signals = { ...SIGNALS, canvas: 'decisioning-parallel' };
    const ids = await Promise.all(Array.from({ length: MAX_CALLS + 5 }, () => telemetryId(t, signals)));
    const answers = await Promise.all(ids.map((id) => send(t, { dfp_telemetry_id: id })));
    const statuses = answers.map((res) => res.status).sort();
    assert.deepEqual(statuses, [...Array(MAX_CALLS).fill(200), ...Array(5).fill(403)]);
    const device = (await devices(t)).find((d) => d.visitor_id === visitorIdOf(signals));
    assert.equal(device?.protected_calls, MAX_CALLS + 5);
    assert.equal(device?.flagged_calls, 5);
    // The flagged device gets through once it solves the captcha, and another device is not affected.
    const id = await telemetryId(t, signals);
    await expectCaptchaRequired(await send(t, { dfp_telemetry_id: id }));
    assert.equal((await send(t, { dfp_telemetry_id: id, captcha_token: DEV_CAPTCHA_PASS_TOKEN })).status, 200);
    const other = await telemetryId(t, { ...SIGNALS, canvas: 'decisioning-other' });
    assert.equal((await send(t, { dfp_telemetry_id: other })).status, 200);
  });

  it('a device is itself again once its day has passed; an expired id meets the captcha', async () => {
    const signals = { ...SIGNALS, canvas: 'decisioning-window' };
    for (let i = 0; i < MAX_CALLS; i++) {
      assert.equal((await send(t, { dfp_telemetry_id: await telemetryId(t, signals) })).status, 200);
    }
    await expectCaptchaRequired(await send(t, { dfp_telemetry_id: await telemetryId(t, signals) }));
    const kept = await telemetryId(t, signals);
    t.advance(DFP_TELEMETRY_ID_LIFETIME_MS);
    await expectCaptchaRequired(await send(t, { dfp_telemetry_id: kept }));
    t.advance(DFP_DEVICE_WINDOW_MS);
    assert.equal((await send(t, { dfp_telemetry_id: await telemetryId(t, signals) })).status, 200);
  });

  it('judges only POSTs to protected paths; a malformed body still reaches its route', async () => {
    const res = await post(t, PATHS.otpsLoginOrCreate('email'), undefined, { raw: '{' });
    await expectCaptchaRequired(res);
    const signedOff = await post(t, PATHS.usersSearch, { email: uniqueEmail() });
    assert.notEqual(signedOff.status, 403);
  });
});

describe('device fingerprinting, configuration', () => {
  it('is off by default: no script, no backend, no dev page, and the bootstrap says so', async () => {
    const t = await startTestService();
    try {
      assert.equal((await t.service.app.request(DFP_SCRIPT_PATH)).status, 404);
      assert.equal((await submit(t)).status, 404);
      assert.equal((await t.service.app.request('/dev/fingerprints')).status, 404);
      assert.equal(
        (await t.service.app.request(`${DEV_CAPTCHA_SCRIPT_PATH}?render=${DEV_CAPTCHA_SITE_KEY}`)).status,
        404,
      );
      const data = await dataOf<Record<string, unknown>>(await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)));
      assert.equal(data.dfp_protected_auth_enabled, false);
      assert.deepEqual(data.captcha_settings, { enabled: false });
      assert.equal((await send(t, {})).status, 200);
    } finally {
      await t.close();
    }
  });

  it('in production: serves the script, refuses flagged calls (nothing solves a captcha), no dev page', async () => {
    const t = await startTestService({
      mode: 'production',
      publicUrl: 'https://id.westlight.example',
      dfpProtectedAuth: { mode: 'DECISIONING' },
    });
    try {
      assert.equal((await t.service.app.request(DFP_SCRIPT_PATH)).status, 200);
      assert.equal((await t.service.app.request('/dev/fingerprints')).status, 404);
      const data = await dataOf<Record<string, unknown>>(await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)));
      assert.equal(data.dfp_protected_auth_enabled, true);
      assert.deepEqual(data.captcha_settings, { enabled: false });
      await expectCaptchaRequired(await send(t, { captcha_token: DEV_CAPTCHA_PASS_TOKEN }));
      assert.equal(t.service.config.dfp?.maxCallsPerDevice, DFP_DEFAULT_MAX_CALLS_PER_DEVICE);
    } finally {
      await t.close();
    }
  });

  it('reads DFP_PROTECTED_AUTH_ENABLED, _MODE and DFP_MAX_CALLS_PER_DEVICE, and refuses bad values', () => {
    const from = (env: Record<string, string>) => serviceOptionsFromEnv(env, '/repo').dfpProtectedAuth;
    assert.equal(from({}), undefined);
    assert.deepEqual(from({ DFP_PROTECTED_AUTH_ENABLED: 'true' }), {});
    assert.deepEqual(
      from({
        DFP_PROTECTED_AUTH_ENABLED: 'true',
        DFP_PROTECTED_AUTH_MODE: 'DECISIONING',
        DFP_MAX_CALLS_PER_DEVICE: '5',
      }),
      { mode: 'DECISIONING', maxCallsPerDevice: 5 },
    );
    assert.throws(
      () => from({ DFP_PROTECTED_AUTH_ENABLED: 'yes' }),
      /DFP_PROTECTED_AUTH_ENABLED must be true or false/,
    );
    assert.throws(
      () => from({ DFP_PROTECTED_AUTH_ENABLED: 'true', DFP_PROTECTED_AUTH_MODE: 'BLOCKING' }),
      /DFP_PROTECTED_AUTH_MODE must be OBSERVATION or DECISIONING, got BLOCKING/,
    );
    assert.throws(
      () => from({ DFP_PROTECTED_AUTH_ENABLED: 'true', DFP_MAX_CALLS_PER_DEVICE: '-1' }),
      /DFP_MAX_CALLS_PER_DEVICE must be a whole number, got -1/,
    );
    assert.throws(() => from({ DFP_PROTECTED_AUTH_MODE: 'DECISIONING' }), /need DFP_PROTECTED_AUTH_ENABLED=true/);
  });
});
