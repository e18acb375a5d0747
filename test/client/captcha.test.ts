/// <reference types="mocha" />
import { expect } from 'chai';
import { CAPTCHA_REQUIRED_TEXT, DEFAULT_BOOTSTRAP, HEADERS } from '../../src/api/index.ts';
import { captchaRetryBody } from '../../src/client/captcha.ts';
import { MSG_CAPTCHA_UNAVAILABLE } from '../../src/client/constants/http.ts';
import { DEV_CAPTCHA_SITE_KEY } from '../../src/server/constants/dev-mode.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import { freshClientState, makeClient } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { rejection } from '../support/accounts.ts';

const telemetryOf = (headers: Headers) => JSON.parse(atob(headers.get(HEADERS.sdkClient)!)) as { event_id: string };

describe('client captcha retry (against the service with the dev captcha on)', () => {
  const fresh = freshClientState();

  it('on Captcha required, retries once with a fresh telemetry id, a captcha token and a DFP id', async () => {
    const siteKeys: string[] = [];
    const client = makeClient({
      baseUrl: testEnv.captchaBaseUrl,
      captcha: async (siteKey) => {
        siteKeys.push(siteKey);
        return DEV_CAPTCHA_PASS_TOKEN;
      },
      dfp: async () => 'dfp-telemetry-id-test',
    });
    const email = uniqueEmail();
    const sent = await client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
    expect(sent.method_id).to.be.a('string');
    const attempts = fresh.rec.to('/sdk/v1/otps/email/login_or_create');
    expect(attempts).to.have.length(2);
    expect(JSON.parse(attempts[0]!.body!)).to.deep.equal({ expiration_minutes: 5, email });
    expect(JSON.parse(attempts[1]!.body!)).to.deep.equal({
      expiration_minutes: 5,
      email,
      dfp_telemetry_id: 'dfp-telemetry-id-test',
      captcha_token: DEV_CAPTCHA_PASS_TOKEN,
    });
    expect(telemetryOf(attempts[1]!.headers).event_id).to.not.equal(telemetryOf(attempts[0]!.headers).event_id);
    expect(siteKeys).to.deep.equal([DEV_CAPTCHA_SITE_KEY]);
  });

  it('retries only once: a second Captcha required reaches the caller', async () => {
    const client = makeClient({ baseUrl: testEnv.captchaBaseUrl, captcha: async () => 'not-the-pass-token' });
    const error = await rejection(client.otps.sms.loginOrCreate('+14155550123'));
    expect(error.message).to.equal(CAPTCHA_REQUIRED_TEXT);
    expect(fresh.rec.to('/sdk/v1/otps/sms/login_or_create')).to.have.length(2);
  });

  it('endpoints that are not retriable are not retried', async () => {
    const client = makeClient({ baseUrl: testEnv.captchaBaseUrl, captcha: async () => DEV_CAPTCHA_PASS_TOKEN });
    // /users/me is not an R endpoint; the dev captcha does not gate it, and nothing retries (one request).
    await rejection(client.user.get());
    expect(fresh.rec.to('/sdk/v1/users/me')).to.have.length(1);
  });

  it(
    "without DFP protection, or with nothing to send, the retry throws 'Unable to query " +
      "captcha and/or dfp telemetry ID'",
    async () => {
      expect(MSG_CAPTCHA_UNAVAILABLE).to.equal('Unable to query captcha and/or dfp telemetry ID');
      const off = await rejection(captchaRetryBody({ a: 1 }, DEFAULT_BOOTSTRAP, { captcha: async () => 'x' }));
      expect(off.message).to.equal(MSG_CAPTCHA_UNAVAILABLE);
      const decisioning = {
        ...DEFAULT_BOOTSTRAP,
        runDFPProtectedAuth: true,
        dfpProtectedAuthMode: 'DECISIONING' as const,
      };
      const nothing = await rejection(captchaRetryBody({}, decisioning, { captcha: async () => 'x' }));
      expect(nothing.message).to.equal(MSG_CAPTCHA_UNAVAILABLE);
      // DECISIONING sends the DFP id only; OBSERVATION (the default) both.
      expect(
        await captchaRetryBody({ a: 1 }, decisioning, { captcha: async () => 'c', dfp: async () => 'd' }),
      ).to.deep.equal({
        a: 1,
        dfp_telemetry_id: 'd',
        captcha_token: undefined,
      });
      const observation = {
        ...decisioning,
        dfpProtectedAuthMode: 'OBSERVATION' as const,
        captchaSettings: { enabled: true as const, siteKey: 'k' },
      };
      expect(await captchaRetryBody({}, observation, { captcha: async () => 'c', dfp: async () => 'd' })).to.deep.equal(
        {
          dfp_telemetry_id: 'd',
          captcha_token: 'c',
        },
      );
      expect(DEFAULT_BOOTSTRAP.dfpProtectedAuthMode).to.equal('OBSERVATION');
    },
  );
});
