/// <reference types="mocha" />
// <auth-login> on a project with captcha on when the captcha script cannot load (a page of its own: the client loads
// the script once per page, and another test's load would be reused).
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { DEV_CAPTCHA_SCRIPT_PATH } from '../../src/server/constants/dev-mode.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../support/client.ts';
import { testEnv, uniqueEmail } from '../support/env.ts';
import { findText, mount, submitEmail, unmountAll } from '../support/widget.ts';

describe('<auth-login> when the captcha script cannot load', () => {
  let rec: FetchRecorder;
  const url = `${testEnv.captchaBaseUrl}${DEV_CAPTCHA_SCRIPT_PATH}?render=*`;
  beforeEach(async () => {
    resetBrowserState();
    rec = recordFetch();
    await executeServerCommand('abort-requests', { url });
  });
  afterEach(async () => {
    await executeServerCommand('abort-requests', { url, stop: true });
    rec.restore();
    unmountAll();
  });

  it("shows 'Unable to query captcha and/or dfp telemetry ID', sends nothing, works once it loads", async () => {
    const el = mount({ baseUrl: testEnv.captchaBaseUrl });
    await submitEmail(el, uniqueEmail());
    await findText(el, '[part~="error"]', 'Unable to query captcha and/or dfp telemetry ID');
    expect(rec.to('/sdk/v1/magic_links/email/login_or_create')).to.have.length(0);
    // The failed load is forgotten: once the script can load, the next press gets a token and sends.
    await executeServerCommand('abort-requests', { url, stop: true });
    await submitEmail(el, uniqueEmail());
    await findText(el, '[part~="title"]', 'Check your email');
    expect(rec.to('/sdk/v1/magic_links/email/login_or_create')).to.have.length(1);
  });
});
