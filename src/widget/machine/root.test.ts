/// <reference types="mocha" />
// The root statechart without React: a real client against the real service. Start, Main, a redirect token opening
// the product whose record answers it, success, error, CONFIG_CHANGED; each product's own flow is tested in its folder.
import { expect } from 'chai';
import { waitFor } from 'xstate';
import { resolveConfig } from '../config.ts';
import type { RootEmitted } from './types.ts';
import { startPoint } from './start-point.ts';
import { latestMagicLinkToken, testEnv, uniqueEmail } from '../../../test/support/env.ts';
import { rootFixture, screenOf, type RootActor } from '../../../test/support/machine.ts';

describe('root statechart (no React)', () => {
  const fixture = rootFixture();
  const logged = () => fixture.logged;

  const start = (url = `${testEnv.pageOrigin}/`, config = {}): RootActor => fixture.start(config, { url });

  it('starts on main (screen Main) and logs render_login_screen with the resolved options', () => {
    const a = start(undefined, { emailMagicLinksOptions: { loginRedirectURL: '/student-portal' } });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(screenOf(a)).to.equal('Main');
    expect(logged()).to.have.length(1);
    expect(logged()[0]!.name).to.equal('render_login_screen');
    expect(logged()[0]!.details).to.deep.equal({
      options: {
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: {
          loginRedirectURL: `${testEnv.pageOrigin}/student-portal`,
          loginExpirationMinutes: 30,
          signupExpirationMinutes: 30,
          createUserAsPending: false,
        },
        sessionOptions: { sessionDurationMinutes: 30 },
        enableShadowDOM: true,
      },
    });
  });

  it("keeps an invalid email on main with the Email tab's product message and starts nothing", () => {
    const a = start();
    a.send({ type: 'EMAIL_CHANGED', email: 'student@localhost' });
    a.send({ type: 'SUBMIT_EMAIL' });
    // Decided synchronously on Main: no product started, so no request can follow.
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(a.getSnapshot().context.active).to.equal(null);
    expect(a.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'validation.emailInvalid' });
    expect(fixture.rec.to('/magic_links/email/login_or_create')).to.have.length(0);
    a.send({ type: 'EMAIL_CHANGED', email: 'student@localhost.edu' });
    expect(a.getSnapshot().context.errorDescriptor).to.equal(null);
  });

  it(
    'opens the product that answers the magic-link token of the page URL: opening → product → success, ' +
      'emitting the two events',
    async () => {
      const email = uniqueEmail();
      await fixture.client.magicLinks.email.loginOrCreate(email);
      const token = await latestMagicLinkToken(email);
      const a = start(`${testEnv.pageOrigin}/student-portal?stytch_token_type=magic_links&token=${token}`);
      const emitted: string[] = [];
      a.on('widget.event', (e) => emitted.push(e.detail.type));
      expect(a.getSnapshot().value).to.equal('opening');
      expect(a.getSnapshot().context.active).to.deep.equal({
        product: 'emailMagicLinks',
        params: { token, use: 'authenticate' },
      });
      expect(screenOf(a)).to.equal('Loading');
      const done = await waitFor(a, (s) => s.matches('success'), { timeout: 10_000 });
      expect(screenOf(a)).to.equal('Success');
      expect(done.context.urlToken).to.equal(null);
      expect(emitted).to.deep.equal(['MAGIC_LINK_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
      expect(fixture.client.session.getSync()?.user_id).to.be.a('string');
    },
  );

  it('shows a refused URL token on the Error screen with its error, and BACK returns to Main', async () => {
    const a = start(`${testEnv.pageOrigin}/?stytch_token_type=magic_links&token=not-a-real-token`);
    const errors: RootEmitted[] = [];
    a.on('widget.error', (e) => errors.push(e));
    const failed = await waitFor(a, (s) => s.matches('error'), { timeout: 10_000 });
    expect(screenOf(a)).to.equal('Error');
    expect(failed.context.errorDescriptor?.errorType).to.equal('unable_to_auth_magic_link');
    expect(errors).to.have.length(1);
    a.send({ type: 'BACK' });
    expect(screenOf(a)).to.equal('Main');
    expect(a.getSnapshot().context.errorDescriptor).to.equal(null);
  });

  it('leaves the success screen for main when the session ends outside the widget (the page logs out)', async () => {
    const email = uniqueEmail();
    await fixture.client.magicLinks.email.loginOrCreate(email);
    const token = await latestMagicLinkToken(email);
    const a = start(`${testEnv.pageOrigin}/student-portal?stytch_token_type=magic_links&token=${token}`);
    await waitFor(a, (s) => s.matches('success'), { timeout: 10_000 });
    await fixture.client.session.revoke();
    await waitFor(a, (s) => s.matches('main'), { timeout: 5_000 });
    expect(screenOf(a)).to.equal('Main');
  });

  it("reads a redirect URL's token for the product whose record answers its type, and nothing else", () => {
    const tokenOf = (url: string) => startPoint(undefined, url).urlToken;
    expect(tokenOf('https://a.example/?stytch_token_type=magic_links&token=abc')).to.deep.equal({
      product: 'emailMagicLinks',
      token: 'abc',
      use: 'authenticate',
    });
    expect(tokenOf('https://a.example/?stytch_token_type=oauth&token=abc')).to.deep.equal({
      product: 'oauth',
      token: 'abc',
      use: 'authenticate',
    });
    expect(tokenOf('https://a.example/?stytch_token_type=reset_password&token=abc')).to.deep.equal({
      product: 'passwords',
      token: 'abc',
      use: 'open',
    });
    expect(tokenOf('https://a.example/?stytch_token_type=login&token=abc')).to.equal(null);
    expect(tokenOf('https://a.example/?stytch_token_type=magic_links&token=')).to.equal(null);
    expect(tokenOf('https://a.example/?token=abc')).to.equal(null);
    expect(tokenOf('not a url')).to.equal(null);
  });

  it('takes a new configuration with CONFIG_CHANGED', () => {
    const a = start();
    a.send({ type: 'CONFIG_CHANGED', config: resolveConfig({ sessionOptions: { sessionDurationMinutes: 60 } }) });
    expect(a.getSnapshot().context.config.sessionOptions.sessionDurationMinutes).to.equal(60);
  });

  it("keeps Main's form edits in context, and a new config's tabs apply at once", () => {
    const a = start(undefined, { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } });
    a.send({ type: 'EMAIL_CHANGED', email: 'ada@' });
    a.send({ type: 'TAB_SELECTED', tab: 'sms' });
    a.send({ type: 'COUNTRY_CHANGED', country: 'GB', callingCode: '44' });
    a.send({ type: 'PHONE_CHANGED', phone: '7700' });
    expect(a.getSnapshot().context.formState).to.deep.equal({
      email: 'ada@',
      phone: '7700',
      country: 'GB',
      callingCode: '44',
      tab: 'sms',
    });
    a.send({ type: 'CONFIG_CHANGED', config: resolveConfig({ products: ['emailMagicLinks'] }, testEnv.pageOrigin) });
    expect(a.getSnapshot().context.config.products).to.deep.equal(['emailMagicLinks']);
    expect(screenOf(a)).to.equal('Main');
  });
});
