/// <reference types="mocha" />
// The watermark under Main (spec section 9): shown when the project's bootstrap has displayWatermark (the service's
// `disableSdkWatermark: false`), absent otherwise. Both against real services: the suite's second project turns it on.
import { expect } from 'chai';
import { testEnv } from '../../../test/support/env.ts';
import { until } from '../../../test/support/poll.ts';
import { $, $$, findText, freshWidgetState, track, type AuthLoginElement } from '../../../test/support/widget.ts';

function mountOn(baseUrl: string): AuthLoginElement {
  const el = track(document.createElement('auth-login') as AuthLoginElement);
  Object.assign(el, { baseUrl, publicToken: testEnv.publicToken });
  document.body.append(el);
  return el;
}

describe('watermark', () => {
  const fresh = freshWidgetState();

  it("shows 'Powered by auth-login' under Main's form when the bootstrap's displayWatermark is true", async () => {
    const el = mountOn(testEnv.settingsBaseUrl);
    const mark = await until(() => $(el, '[part~="watermark"]'), 'the watermark');
    expect(mark.textContent).to.equal('Powered by auth-login');
    expect((await el.client!.bootstrap.get()).displayWatermark).to.equal(true);
    // Last on Main, after the login form.
    const form = $(el, '[part~="form"]')!;
    expect(form.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
  });

  it('shows no watermark when the project disables it (the default service: disable_sdk_watermark true)', async () => {
    const el = mountOn(testEnv.baseUrl);
    await findText(el, '[part~="title"]', 'Sign up or log in');
    const bootstrap = await until(
      () => fresh.rec.requests.find((r) => r.path.includes('/projects/bootstrap/')),
      'the bootstrap request',
    );
    await bootstrap.answered;
    expect((await el.client!.bootstrap.get()).displayWatermark).to.equal(false);
    expect($$(el, '[part~="watermark"]')).to.deep.equal([]);
  });
});
