/// <reference types="mocha" />
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { CAPTCHA_REQUIRED_TEXT, DEFAULT_BOOTSTRAP, HEADERS } from '../../src/api/index.ts';
import { DFP_SCRIPT_PATH, DFP_SUBMIT_PATH } from '../../src/api/dfp.ts';
import { captchaRetryBody, protectedBody, recaptchaToken } from '../../src/client/captcha.ts';
import { MSG_CAPTCHA_UNAVAILABLE } from '../../src/client/constants/http.ts';
import { DEV_CAPTCHA_SCRIPT_PATH, DEV_CAPTCHA_SITE_KEY } from '../../src/server/constants/dev-mode.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import type { RecordedDevice } from '../../src/server/store/dfp.ts';
import { freshClientState, makeClient } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { rejection } from '../support/accounts.ts';

const telemetryOf = (headers: Headers) => JSON.parse(atob(headers.get(HEADERS.sdkClient)!)) as { event_id: string };
const bodyOf = (request: { body: string | null }) => JSON.parse(request.body!) as Record<string, unknown>;
const devices = async (mode: 'OBSERVATION' | 'DECISIONING') =>
  (await executeServerCommand('dev-fingerprints', { mode })) as RecordedDevice[];
const scriptsFrom = (src: string) => [...document.querySelectorAll('script')].filter((s) => s.src.startsWith(src));

describe('client captcha and device fingerprinting (against the service with the dev captcha on)', () => {
  const fresh = freshClientState();

  it('with captcha on, the first request carries a token from the default loader: no refused round trip', async () => {
    const client = makeClient({ baseUrl: testEnv.captchaBaseUrl });
    const email = uniqueEmail();
    const sent = await client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
    expect(sent.method_id).to.be.a('string');
    const attempts = fresh.rec.to('/sdk/v1/otps/email/login_or_create');
    expect(attempts).to.have.length(1);
    const body = bodyOf(attempts[0]!);
    expect(body).to.include({ expiration_minutes: 5, email, captcha_token: DEV_CAPTCHA_PASS_TOKEN });
    // The dev captcha announces DFP protection (OBSERVATION), so the service's telemetry script gave an id too.
    expect(body.dfp_telemetry_id).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh.rec.to(DFP_SUBMIT_PATH)).to.have.length(1);
    // The default loader ran the service's stand-in for reCAPTCHA Enterprise's script.
    expect(
      scriptsFrom(`${testEnv.captchaBaseUrl}${DEV_CAPTCHA_SCRIPT_PATH}?render=${DEV_CAPTCHA_SITE_KEY}`),
    ).to.have.length(1);
  });

  it('the retry remains for when the service asks anyway: a fresh telemetry header, token and DFP id', async () => {
    const tokens = ['not-the-pass-token', DEV_CAPTCHA_PASS_TOKEN];
    const siteKeys: string[] = [];
    let dfpCalls = 0;
    const client = makeClient({
      baseUrl: testEnv.captchaBaseUrl,
      captcha: async (siteKey) => {
        siteKeys.push(siteKey);
        return tokens.shift()!;
      },
      dfp: async () => `dfp-telemetry-id-test-${++dfpCalls}`,
    });
    const email = uniqueEmail();
    await client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
    const attempts = fresh.rec.to('/sdk/v1/otps/email/login_or_create');
    expect(attempts).to.have.length(2);
    expect(bodyOf(attempts[0]!)).to.deep.equal({
      expiration_minutes: 5,
      email,
      dfp_telemetry_id: 'dfp-telemetry-id-test-1',
      captcha_token: 'not-the-pass-token',
    });
    expect(bodyOf(attempts[1]!)).to.deep.equal({
      expiration_minutes: 5,
      email,
      dfp_telemetry_id: 'dfp-telemetry-id-test-2',
      captcha_token: DEV_CAPTCHA_PASS_TOKEN,
    });
    expect(telemetryOf(attempts[1]!.headers).event_id).to.not.equal(telemetryOf(attempts[0]!.headers).event_id);
    expect(siteKeys).to.deep.equal([DEV_CAPTCHA_SITE_KEY, DEV_CAPTCHA_SITE_KEY]);
  });

  it('retries only once: a second Captcha required reaches the caller', async () => {
    const client = makeClient({ baseUrl: testEnv.captchaBaseUrl, captcha: async () => 'not-the-pass-token' });
    const error = await rejection(client.otps.sms.loginOrCreate('+14155550123'));
    expect(error.message).to.equal(CAPTCHA_REQUIRED_TEXT);
    expect(fresh.rec.to('/sdk/v1/otps/sms/login_or_create')).to.have.length(2);
  });

  it('endpoints that are not retriable are not retried, and carry no token', async () => {
    const client = makeClient({ baseUrl: testEnv.captchaBaseUrl, captcha: async () => DEV_CAPTCHA_PASS_TOKEN });
    // /users/me is not an R endpoint; the dev captcha does not gate it, and nothing retries (one request).
    await rejection(client.user.get());
    expect(fresh.rec.to('/sdk/v1/users/me')).to.have.length(1);
    expect(fresh.rec.to('/sdk/v1/users/me')[0]!.body).to.equal(null);
  });

  it('a captcha script that fails to load rejects with the spec text, and the next call loads it again', async () => {
    const prefix = `${DEV_CAPTCHA_SCRIPT_PATH}?render=`;
    for (let i = 0; i < 2; i++) {
      const error = await rejection(recaptchaToken('unknown-site-key', prefix, testEnv.captchaBaseUrl));
      expect(error.message).to.equal(MSG_CAPTCHA_UNAVAILABLE);
    }
    expect(scriptsFrom(`${testEnv.captchaBaseUrl}${prefix}unknown-site-key`)).to.have.length(0);
    expect(await recaptchaToken(DEV_CAPTCHA_SITE_KEY, prefix, testEnv.captchaBaseUrl)).to.equal(DEV_CAPTCHA_PASS_TOKEN);
  });

  it('through the client, a captcha that cannot load fails the call with the spec text, sending nothing', async () => {
    const client = makeClient({
      baseUrl: testEnv.captchaBaseUrl,
      captcha: (siteKey) =>
        recaptchaToken(`${siteKey}-unknown`, `${DEV_CAPTCHA_SCRIPT_PATH}?render=`, testEnv.captchaBaseUrl),
    });
    const error = await rejection(client.magicLinks.email.loginOrCreate(uniqueEmail()));
    expect(error.message).to.equal(MSG_CAPTCHA_UNAVAILABLE);
    expect(fresh.rec.to('/sdk/v1/magic_links/email/login_or_create')).to.have.length(0);
  });

  it('which fields each mode sends first and on the retry, and when the retry cannot be made', async () => {
    expect(MSG_CAPTCHA_UNAVAILABLE).to.equal('Unable to query captcha and/or dfp telemetry ID');
    const providers = { captcha: async () => 'c', dfp: async () => 'd' };
    const off = await rejection(captchaRetryBody({ a: 1 }, DEFAULT_BOOTSTRAP, providers));
    expect(off.message).to.equal(MSG_CAPTCHA_UNAVAILABLE);
    expect(await protectedBody({ a: 1 }, DEFAULT_BOOTSTRAP, providers)).to.deep.equal({ a: 1 });
    const captchaOnly = { ...DEFAULT_BOOTSTRAP, captchaSettings: { enabled: true as const, siteKey: 'k' } };
    expect(await protectedBody({ a: 1 }, captchaOnly, providers)).to.deep.equal({ a: 1, captcha_token: 'c' });
    const decisioning = { ...captchaOnly, runDFPProtectedAuth: true, dfpProtectedAuthMode: 'DECISIONING' as const };
    // DECISIONING sends only the DFP id first; the retry (the service asked for a captcha) sends both.
    expect(await protectedBody({ a: 1 }, decisioning, providers)).to.deep.equal({ a: 1, dfp_telemetry_id: 'd' });
    expect(await captchaRetryBody({ a: 1 }, decisioning, providers)).to.deep.equal({
      a: 1,
      dfp_telemetry_id: 'd',
      captcha_token: 'c',
    });
    const nothing = await rejection(
      captchaRetryBody({}, { ...decisioning, captchaSettings: { enabled: false } }, { captcha: async () => 'x' }),
    );
    expect(nothing.message).to.equal(MSG_CAPTCHA_UNAVAILABLE);
    // OBSERVATION (the default) sends both from the first request; a DFP id that cannot be had is left out.
    const observation = { ...decisioning, dfpProtectedAuthMode: 'OBSERVATION' as const };
    expect(await protectedBody({}, observation, providers)).to.deep.equal({
      dfp_telemetry_id: 'd',
      captcha_token: 'c',
    });
    const failing = { captcha: async () => 'c', dfp: () => Promise.reject(new Error('offline')) };
    expect(await protectedBody({}, observation, failing)).to.deep.equal({ captcha_token: 'c' });
    expect(DEFAULT_BOOTSTRAP.dfpProtectedAuthMode).to.equal('OBSERVATION');
  });
});

describe('client device fingerprinting with the service telemetry script', () => {
  const fresh = freshClientState();

  it('OBSERVATION: the call carries a telemetry id the service issued and recorded, and goes through', async () => {
    const client = makeClient({ baseUrl: testEnv.dfpObservationBaseUrl });
    const email = uniqueEmail();
    await client.magicLinks.email.loginOrCreate(email);
    const attempts = fresh.rec.to('/sdk/v1/magic_links/email/login_or_create');
    expect(attempts).to.have.length(1);
    const body = bodyOf(attempts[0]!);
    expect(body.dfp_telemetry_id).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(body.captcha_token).to.equal(DEV_CAPTCHA_PASS_TOKEN);
    expect(scriptsFrom(`${testEnv.dfpObservationBaseUrl}${DFP_SCRIPT_PATH}`)).to.have.length(1);
    const mine = (await devices('OBSERVATION')).find((d) => d.signals.user_agent === navigator.userAgent);
    expect(mine).to.not.equal(undefined);
    expect(mine!.signals.timezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(mine!.signals.hardware_concurrency).to.equal(String(navigator.hardwareConcurrency));
    expect(mine!.signals.canvas).to.match(/^[0-9a-f]{8}$/);
    expect(mine!.protected_calls).to.be.greaterThan(0);
    expect(mine!.flagged_calls).to.equal(0);
  });

  it('DECISIONING: a flagged device is asked for the captcha, solves the stand-in and gets through', async () => {
    const before = (await devices('DECISIONING')).find((d) => d.signals.user_agent === navigator.userAgent);
    const client = makeClient({ baseUrl: testEnv.dfpDecisioningBaseUrl });
    const email = uniqueEmail();
    const sent = await client.otps.email.loginOrCreate(email);
    expect(sent.method_id).to.be.a('string');
    const attempts = fresh.rec.to('/sdk/v1/otps/email/login_or_create');
    expect(attempts).to.have.length(2);
    const [first, retry] = attempts.map(bodyOf);
    expect(Object.keys(first!).sort()).to.deep.equal(['dfp_telemetry_id', 'email']);
    expect(retry).to.include({ email, captcha_token: DEV_CAPTCHA_PASS_TOKEN });
    expect(retry!.dfp_telemetry_id).to.be.a('string').and.not.equal(first!.dfp_telemetry_id);
    const after = (await devices('DECISIONING')).find((d) => d.signals.user_agent === navigator.userAgent);
    expect(after!.flagged_calls).to.equal((before?.flagged_calls ?? 0) + 1);
    expect(after!.protected_calls).to.equal((before?.protected_calls ?? 0) + 2);
  });
});
