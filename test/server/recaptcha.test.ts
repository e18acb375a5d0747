// reCAPTCHA Enterprise as DECISIONING's captcha: the assessment request Google gets, what passes (valid, LOGIN, score
// at least the minimum) and what fails closed (invalid, another action, a low score, 5xx, malformed or no answer, no
// connection), the checked settings, and the whole service with it in development and in production (where no dev
// module is loaded). Google is a local HTTP stand-in (delivery-servers.ts) that records what it was sent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CAPTCHA_REQUIRED_TEXT } from '../../src/api/errors.ts';
import { DFP_SUBMIT_PATH } from '../../src/api/dfp.ts';
import { PATHS } from '../../src/api/paths.ts';
import { DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import { resolveConfig, type RecaptchaOptions, type ServiceOptions } from '../../src/server/config.ts';
import { DEV_CAPTCHA_SCRIPT_PATH, DEV_CAPTCHA_SITE_KEY } from '../../src/server/constants/dev-mode.ts';
import {
  RECAPTCHA_API_URL,
  RECAPTCHA_DEFAULT_MIN_SCORE,
  RECAPTCHA_MAX_TOKEN_LENGTH,
  RECAPTCHA_TIMEOUT_MS,
} from '../../src/server/constants/recaptcha.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import type { CaptchaVerifier } from '../../src/server/services/dfp.ts';
import { recaptchaVerifier, type AssessmentRequest } from '../../src/server/services/recaptcha.ts';
import {
  closedPort,
  startSmtpServer,
  startWebhookReceiver,
  type ReceiverAnswer,
  type TestSmtpServer,
  type TestWebhookReceiver,
} from './delivery-servers.ts';
import {
  dataOf,
  get,
  PAGE_ORIGIN,
  post,
  startTestService,
  TEST_SECRET_KEY,
  uniqueEmail,
  type TestService,
} from './support.ts';

const SITE_KEY = '6LdWestlightSiteKey';
const GOOGLE_PROJECT = 'westlight-identity';
const API_KEY = 'AIzaWestlightApiKey';

/** What the stand-in answers each token with, as Google would (an assessment) or as a broken Google would. */
const ANSWERS: Record<string, ReceiverAnswer> = {
  'token-person': assessment({ valid: true, action: 'LOGIN' }, 0.9),
  'token-at-minimum': assessment({ valid: true, action: 'LOGIN' }, RECAPTCHA_DEFAULT_MIN_SCORE),
  'token-expired': assessment({ valid: false, invalidReason: 'EXPIRED' }),
  'token-signup': assessment({ valid: true, action: 'SIGNUP' }, 0.9),
  'token-bot': assessment({ valid: true, action: 'LOGIN' }, 0.1),
  'token-no-score': assessment({ valid: true, action: 'LOGIN' }),
  'token-500': { status: 500, body: '{"error":{"code":500,"status":"INTERNAL"}}' },
  'token-403': { status: 403, body: '{"error":{"code":403,"status":"PERMISSION_DENIED"}}' },
  'token-not-json': { status: 200, body: '<html>Service Unavailable</html>' },
  'token-wrong-shape': { status: 200, body: '{"tokenProperties":"valid"}' },
  'token-hang': 'hang',
};

function assessment(tokenProperties: Record<string, unknown>, score?: number): ReceiverAnswer {
  const body = {
    name: `projects/${GOOGLE_PROJECT}/assessments/1`,
    tokenProperties: { hostname: 'localhost', createTime: '2025-01-01T00:00:00Z', ...tokenProperties },
    ...(score === undefined ? {} : { riskAnalysis: { score, reasons: [] } }),
  };
  return { status: 200, body: JSON.stringify(body) };
}

let google: TestWebhookReceiver;
// Production has no dev inbox: the codes a passed call sends go to a real (local) SMTP server.
let smtp: TestSmtpServer;

before(async () => {
  google = await startWebhookReceiver((_, request) => {
    const { event } = JSON.parse(request.rawBody) as AssessmentRequest;
    return ANSWERS[event.token] ?? assessment({ valid: false, invalidReason: 'MALFORMED' });
  });
  smtp = await startSmtpServer();
});
after(async () => {
  await google.close();
  await smtp.close();
});

/** The service's options in `mode`: DECISIONING with a budget of one call per device, Google's stand-in. */
function protectedService(mode: 'development' | 'production'): ServiceOptions {
  return {
    mode,
    ...(mode === 'production' ? { publicUrl: 'https://id.westlight.example', smtp: { url: smtp.url } } : {}),
    requestLog: null,
    dfpProtectedAuth: { mode: 'DECISIONING', maxCallsPerDevice: 1 },
    recaptcha: { siteKey: SITE_KEY, projectId: GOOGLE_PROJECT, apiKey: API_KEY, apiUrl: new URL(google.url).origin },
  };
}

function settings(overrides: Partial<RecaptchaOptions> = {}): Required<RecaptchaOptions> {
  return {
    siteKey: SITE_KEY,
    projectId: GOOGLE_PROJECT,
    apiKey: API_KEY,
    minScore: RECAPTCHA_DEFAULT_MIN_SCORE,
    apiUrl: new URL(google.url).origin,
    timeoutMs: RECAPTCHA_TIMEOUT_MS,
    ...overrides,
  };
}

/** The tokens Google was asked about since `from`. */
const askedSince = (from: number) =>
  google.requests.slice(from).map((request) => (JSON.parse(request.rawBody) as AssessmentRequest).event.token);

describe('reCAPTCHA Enterprise assessments', () => {
  const logged: string[] = [];
  let verify: CaptchaVerifier;
  before(() => {
    verify = recaptchaVerifier(settings(), (line) => logged.push(line));
  });

  it('creates one assessment with the project, API key, token, site key and the LOGIN action', async () => {
    const from = google.requests.length;
    assert.equal(await verify('token-person'), true);
    const request = google.requests[from]!;
    assert.equal(google.requests.length, from + 1);
    assert.equal(request.url, `/v1/projects/${GOOGLE_PROJECT}/assessments?key=${API_KEY}`);
    assert.equal(request.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(request.rawBody), {
      event: { token: 'token-person', siteKey: SITE_KEY, expectedAction: 'LOGIN' },
    });
  });

  it('passes a valid LOGIN token at or above the minimum score, and no other; a refusal is not logged', async () => {
    logged.length = 0;
    assert.equal(await verify('token-at-minimum'), true);
    assert.equal(await verify('token-expired'), false);
    assert.equal(await verify('token-signup'), false);
    assert.equal(await verify('token-bot'), false);
    assert.equal(await verify('token-unknown'), false);
    assert.equal(await recaptchaVerifier(settings({ minScore: 0.95 }))('token-person'), false);
    assert.deepEqual(logged, []);
  });

  it('fails closed on a broken answer, logging one line each that names neither the token nor the key', async () => {
    const cases: [string, string][] = [
      ['token-500', 'answered 500'],
      ['token-403', 'answered 403'],
      ['token-not-json', 'the answer is not JSON'],
      ['token-wrong-shape', 'the answer is not an assessment'],
      ['token-no-score', 'a valid token without a risk score'],
    ];
    for (const [token, reason] of cases) {
      logged.length = 0;
      assert.equal(await verify(token), false, token);
      assert.deepEqual(logged, [
        `[identity service] reCAPTCHA assessment failed, captcha counted as not solved: ${reason}`,
      ]);
    }
  });

  it('fails closed when Google never answers (the timeout) or cannot be reached', async () => {
    const lines: string[] = [];
    const hasty = recaptchaVerifier(settings({ timeoutMs: 100 }), (line) => lines.push(line));
    assert.equal(await hasty('token-hang'), false);
    const gone = recaptchaVerifier(settings({ apiUrl: `http://127.0.0.1:${await closedPort()}` }), (line) =>
      lines.push(line),
    );
    assert.equal(await gone('token-person'), false);
    const failed = '[identity service] reCAPTCHA assessment failed, captcha counted as not solved:';
    assert.deepEqual(lines, [`${failed} timed out`, `${failed} could not reach Google (ECONNREFUSED)`]);
  });

  it('refuses a token longer than any real one without asking Google', async () => {
    const from = google.requests.length;
    assert.equal(await verify('x'.repeat(RECAPTCHA_MAX_TOKEN_LENGTH + 1)), false);
    assert.equal(google.requests.length, from);
  });
});

describe('reCAPTCHA Enterprise settings', () => {
  const keys = { siteKey: SITE_KEY, projectId: GOOGLE_PROJECT, apiKey: API_KEY };
  const dfpProtectedAuth = { mode: 'DECISIONING' } as const;
  const resolve = (options: ServiceOptions) => resolveConfig({ dfpProtectedAuth, ...options });

  it('fills in the defaults and drops a trailing slash from the API URL', () => {
    assert.deepEqual(resolve({ recaptcha: keys }).recaptcha, {
      ...keys,
      minScore: RECAPTCHA_DEFAULT_MIN_SCORE,
      apiUrl: RECAPTCHA_API_URL,
      timeoutMs: RECAPTCHA_TIMEOUT_MS,
    });
    const proxied = resolve({ recaptcha: { ...keys, apiUrl: 'https://proxy.westlight.example/', minScore: 0 } });
    assert.equal(proxied.recaptcha?.apiUrl, 'https://proxy.westlight.example');
    assert.equal(proxied.recaptcha?.minScore, 0);
    assert.equal(resolve({}).recaptcha, null);
  });

  it('refuses an empty key, a score outside 0..1, a URL that is not http(s), and a zero timeout', () => {
    for (const name of ['siteKey', 'projectId', 'apiKey'] as const) {
      assert.throws(() => resolve({ recaptcha: { ...keys, [name]: ' ' } }), {
        message: `recaptcha.${name} must be a non-empty string.`,
      });
    }
    for (const minScore of [-0.1, 1.01, Number.NaN]) {
      assert.throws(() => resolve({ recaptcha: { ...keys, minScore } }), {
        message: `recaptcha.minScore must be a number from 0 to 1, not ${minScore}.`,
      });
    }
    assert.throws(() => resolve({ recaptcha: { ...keys, apiUrl: 'ftp://google.example' } }), {
      message: 'recaptcha.apiUrl must be an http(s) URL, not ftp://google.example.',
    });
    assert.throws(() => resolve({ recaptcha: { ...keys, timeoutMs: 0 } }), {
      message: 'recaptcha.timeoutMs must be a whole number of at least 1.',
    });
  });

  it('needs device fingerprinting, and refuses the dev captcha beside it (production turns that off)', () => {
    assert.throws(() => resolveConfig({ recaptcha: keys }), {
      message:
        'recaptcha needs dfpProtectedAuth (DFP_PROTECTED_AUTH_ENABLED=true): only DECISIONING asks for a captcha.',
    });
    assert.throws(() => resolve({ recaptcha: keys, devCaptcha: true }), {
      message: 'Set devCaptcha or recaptcha, not both: the dev captcha refuses real tokens.',
    });
    const production = resolve({ mode: 'production', secretKey: TEST_SECRET_KEY, recaptcha: keys, devCaptcha: true });
    assert.equal(production.devCaptcha, false);
    assert.equal(production.recaptcha?.siteKey, SITE_KEY);
  });
});

const send = (t: TestService, extra: Record<string, unknown>) =>
  post(t, PATHS.otpsLoginOrCreate('email'), { email: uniqueEmail(), ...extra });

async function expectCaptchaRequired(res: Response): Promise<void> {
  assert.equal(res.status, 403);
  assert.equal(await res.text(), CAPTCHA_REQUIRED_TEXT);
}

async function telemetryId(t: TestService): Promise<string> {
  const res = await t.service.app.request(DFP_SUBMIT_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN },
    body: JSON.stringify({ public_token: DEFAULT_PUBLIC_TOKEN, signals: { user_agent: 'recaptcha-test' } }),
  });
  return (await dataOf<{ telemetry_id: string }>(res)).telemetry_id;
}

for (const mode of ['development', 'production'] as const) {
  describe(`DECISIONING with reCAPTCHA Enterprise, ${mode}`, () => {
    let t: TestService;
    before(async () => {
      t = await startTestService(protectedService(mode));
    });
    after(() => t.close());

    it('announces the site key without a script URL, so the client loads Google’s enterprise.js', async () => {
      const data = await dataOf<Record<string, unknown>>(await get(t, PATHS.bootstrap(DEFAULT_PUBLIC_TOKEN)));
      assert.deepEqual(data.captcha_settings, { enabled: true, siteKey: SITE_KEY });
      assert.equal(data.dfp_protected_auth_mode, 'DECISIONING');
    });

    it('a call without a telemetry id meets the captcha; with a token Google passes it goes through', async () => {
      const from = google.requests.length;
      await expectCaptchaRequired(await send(t, {}));
      await expectCaptchaRequired(await send(t, { captcha_token: 'token-bot' }));
      await expectCaptchaRequired(await send(t, { captcha_token: DEV_CAPTCHA_PASS_TOKEN }));
      assert.equal((await send(t, { captcha_token: 'token-person' })).status, 200);
      assert.deepEqual(askedSince(from), ['token-bot', DEV_CAPTCHA_PASS_TOKEN, 'token-person']);
    });

    it('asks Google only about calls the rule refuses: a device within its budget costs no assessment', async () => {
      const from = google.requests.length;
      assert.equal((await send(t, { dfp_telemetry_id: await telemetryId(t), captcha_token: 'token-bot' })).status, 200);
      assert.deepEqual(askedSince(from), []);
      // The device is now over its budget of one: the captcha decides.
      await expectCaptchaRequired(
        await send(t, { dfp_telemetry_id: await telemetryId(t), captcha_token: 'token-bot' }),
      );
      const id = await telemetryId(t);
      assert.equal((await send(t, { dfp_telemetry_id: id, captcha_token: 'token-person' })).status, 200);
      assert.deepEqual(askedSince(from), ['token-bot', 'token-person']);
    });

    it('serves no dev captcha script: the real captcha replaces the stand-in', async () => {
      const res = await t.service.app.request(`${DEV_CAPTCHA_SCRIPT_PATH}?render=${DEV_CAPTCHA_SITE_KEY}`);
      assert.equal(res.status, 404);
    });
  });
}

describe('production with reCAPTCHA Enterprise loads no dev module', () => {
  it('judges with the real captcha in a process that records every module it loads', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recaptcha-production-'));
    const loadedFile = path.join(dir, 'loaded-modules.txt');
    const options: ServiceOptions = { ...protectedService('production'), secretKey: TEST_SECRET_KEY };
    const script = `
      const { createService } = await import(${JSON.stringify(path.join(root, 'src/server/app.ts'))});
      const service = await createService(${JSON.stringify(options)});
      const call = (token) => service.app.request('/sdk/v1${PATHS.otpsLoginOrCreate('email')}', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: 'Basic ' + btoa('${DEFAULT_PUBLIC_TOKEN}:${DEFAULT_PUBLIC_TOKEN}'),
        },
        body: JSON.stringify({ email: 'student@westlight.example', captcha_token: token }),
      });
      const statuses = [(await call('token-bot')).status, (await call('token-person')).status];
      await service.close();
      console.log(JSON.stringify(statuses));
    `;
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--import', './test/support/record-loads.mjs', '--input-type=module', '--eval', script],
        { cwd: root, env: { ...process.env, LOADED_MODULES_FILE: loadedFile } },
      );
      assert.deepEqual(JSON.parse(stdout), [403, 200]);
      const loaded = fs.readFileSync(loadedFile, 'utf8').split('\n').filter(Boolean);
      assert.ok(loaded.some((url) => url.endsWith('/src/server/services/recaptcha.ts')));
      assert.deepEqual(
        loaded.filter((url) => url.includes('/src/server/dev/')),
        [],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
