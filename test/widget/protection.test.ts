/// <reference types="mocha" />
// <auth-login> on projects with captcha or device fingerprinting on, against the real service: captcha up front (no
// refused round trip) and sign-in in OBSERVATION and DECISIONING mode. A captcha script that cannot load is in
// captcha-unavailable.test.ts: a page loads the script once, so that test needs a page of its own.
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { DEV_CAPTCHA_PASS_TOKEN } from '../../src/server/dev/constants.ts';
import type { InboxMessage } from '../../src/server/dev/inbox-store.ts';
import type { RecordedDevice } from '../../src/server/store/dfp.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { until } from '../support/poll.ts';
import { $, findText, mount, submitEmail, typeInto, unmountAll } from '../support/widget.ts';

type Mode = 'OBSERVATION' | 'DECISIONING';
const EMAIL_OTP = { products: ['otp' as const], otpOptions: { methods: ['email' as const] } };
const SEND = '/sdk/v1/otps/email/login_or_create';
const AUTHENTICATE = '/sdk/v1/otps/authenticate';

const myDevice = async (mode: Mode) =>
  ((await executeServerCommand('dev-fingerprints', { mode })) as RecordedDevice[]).find(
    (d) => d.signals.user_agent === navigator.userAgent,
  );
const bodyOf = (request: { body: string | null }) => JSON.parse(request.body!) as Record<string, unknown>;

async function codeSentTo(email: string, dfpMode: Mode): Promise<string> {
  const message = await until(
    async () => ((await executeServerCommand('dev-inbox', { to: email, dfpMode })) as InboxMessage[])[0],
    'the passcode email',
  );
  return /\b(\d{6})\b/.exec(message.text)![1]!;
}

/** Signs in with an email passcode on the service of `mode`, through the widget's screens. */
async function signInWithPasscode(baseUrl: string, mode: Mode): Promise<void> {
  const el = mount({ baseUrl, config: EMAIL_OTP });
  const email = uniqueEmail('protected');
  await submitEmail(el, email);
  const input = (await until(() => $(el, 'input[part~="passcode-input"]'), 'the passcode input')) as HTMLInputElement;
  typeInto(input, await codeSentTo(email, mode));
  await findText(el, '[part~="text"]', 'Your passcode has been successfully verified.');
}

describe('<auth-login> with captcha and device fingerprinting', () => {
  let rec: FetchRecorder;
  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
  });
  afterEach(() => {
    rec.restore();
    unmountAll();
  });

  it('captcha on: the first request carries the token, so no request is refused', async () => {
    const el = mount({ baseUrl: testEnv.captchaBaseUrl });
    await submitEmail(el, uniqueEmail());
    await findText(el, '[part~="title"]', 'Check your email');
    const sends = rec.to('/sdk/v1/magic_links/email/login_or_create');
    expect(sends, 'one request, none refused').to.have.length(1);
    expect(bodyOf(sends[0]!).captcha_token).to.equal(DEV_CAPTCHA_PASS_TOKEN);
  });

  it('OBSERVATION: sign-in works; each protected call carries an id the service recorded on this device', async () => {
    const before = await myDevice('OBSERVATION');
    await signInWithPasscode(testEnv.dfpObservationBaseUrl, 'OBSERVATION');
    const calls = [...rec.to(SEND), ...rec.to(AUTHENTICATE)];
    expect(calls).to.have.length(2);
    for (const call of calls) expect(bodyOf(call).dfp_telemetry_id).to.match(/^[A-Za-z0-9_-]{43}$/);
    const after = await myDevice('OBSERVATION');
    expect(after!.protected_calls).to.equal((before?.protected_calls ?? 0) + 2);
    expect(after!.flagged_calls).to.equal(0);
  });

  it('DECISIONING: the flagged device meets the captcha on each call, solves the stand-in and signs in', async () => {
    const before = await myDevice('DECISIONING');
    await signInWithPasscode(testEnv.dfpDecisioningBaseUrl, 'DECISIONING');
    for (const path of [SEND, AUTHENTICATE]) {
      const [refused, retried] = rec.to(path).map(bodyOf);
      expect(rec.to(path), path).to.have.length(2);
      expect(refused, path).to.not.have.property('captcha_token');
      expect(retried!.captcha_token, path).to.equal(DEV_CAPTCHA_PASS_TOKEN);
      expect(retried!.dfp_telemetry_id, path).to.be.a('string').and.not.equal(refused!.dfp_telemetry_id);
    }
    const after = await myDevice('DECISIONING');
    expect(after!.flagged_calls).to.equal((before?.flagged_calls ?? 0) + 2);
  });
});
