/// <reference types="mocha" />
// The stand-in that paints Main while the statechart's code downloads, and its hand-over to the real statechart.
import { expect } from 'chai';
import { createActor } from 'xstate';
import { createAuthClient, type AuthClient } from '../../src/client/index.ts';
import { resolveConfig } from '../../src/widget/config.ts';
import { DEFAULT_COUNTRY } from '../../src/widget/constants.ts';
import { loginMachine } from '../../src/widget/machine/login.ts';
import { createPendingActor } from '../../src/widget/machine/pending.ts';
import { resetBrowserState } from '../support/client.ts';
import { testEnv } from '../support/env.ts';

describe('statechart stand-in (machine/pending.ts)', () => {
  let client: AuthClient;

  beforeEach(() => {
    resetBrowserState();
    client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
  });
  afterEach(() => client.destroy());

  const config = () => resolveConfig({}, testEnv.pageOrigin);

  it('shows Main, idle, with an empty form and the default country', () => {
    const pending = createPendingActor({ client, config: config(), url: `${testEnv.pageOrigin}/` });
    const snapshot = pending.getSnapshot();
    expect(snapshot.context.screen).to.equal('Main');
    expect(snapshot.matches({ main: 'idle' })).to.equal(true);
    expect(snapshot.matches({ main: 'sendingMagicLink' })).to.equal(false);
    expect(snapshot.context.formState).to.deep.include({ email: '', country: DEFAULT_COUNTRY, tab: null });
  });

  it('shows Loading when the page URL carries a redirect token', () => {
    const url = `${testEnv.pageOrigin}/?stytch_token_type=magic_links&token=abc`;
    const pending = createPendingActor({ client, config: config(), url });
    expect(pending.getSnapshot().context.screen).to.equal('Loading');
    expect(pending.getSnapshot().matches({ main: 'idle' })).to.equal(false);
  });

  it('applies a configuration change at once and tells its subscribers', () => {
    const pending = createPendingActor({ client, config: config(), url: `${testEnv.pageOrigin}/` });
    let calls = 0;
    const sub = pending.subscribe({ next: () => (calls += 1) });
    const otp = resolveConfig({ products: ['otp'], otpOptions: { methods: ['sms', 'email'] } }, testEnv.pageOrigin);
    pending.send({ type: 'CONFIG_CHANGED', config: otp });
    expect(calls).to.equal(1);
    expect(pending.getSnapshot().context.config.products).to.deep.equal(['otp']);
    sub.unsubscribe();
  });

  it('keeps what the visitor types in the form while the code loads, and tells its subscribers', () => {
    const pending = createPendingActor({ client, config: config(), url: `${testEnv.pageOrigin}/` });
    let calls = 0;
    const sub = pending.subscribe({ next: () => (calls += 1) });
    pending.send({ type: 'EMAIL_CHANGED', email: 'ada@' });
    pending.send({ type: 'TAB_SELECTED', tab: 'sms' });
    pending.send({ type: 'COUNTRY_CHANGED', country: 'GB', callingCode: '44' });
    pending.send({ type: 'PHONE_CHANGED', phone: '7700' });
    expect(calls).to.equal(4);
    expect(pending.getSnapshot().context.formState).to.deep.equal({
      email: 'ada@',
      tab: 'sms',
      country: 'GB',
      callingCode: '44',
      phone: '7700',
    });
    expect(pending.getSnapshot().matches({ main: 'idle' })).to.equal(true);
    sub.unsubscribe();
  });

  it('replays the events sent meanwhile into the statechart, in order', () => {
    const pending = createPendingActor({ client, config: config(), url: `${testEnv.pageOrigin}/` });
    pending.send({ type: 'EMAIL_CHANGED', email: 'a' });
    pending.send({ type: 'EMAIL_CHANGED', email: 'ada@example.com' });
    expect(pending.getSnapshot().context.formState.email).to.equal('ada@example.com');
    const actor = createActor(loginMachine, { input: { client, config: config(), url: `${testEnv.pageOrigin}/` } });
    actor.start();
    pending.handOver(actor);
    expect(actor.getSnapshot().context.formState.email).to.equal('ada@example.com');
    actor.stop();
  });
});
