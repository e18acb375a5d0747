/// <reference types="mocha" />
// The login statechart without React: a real client against the real service.
import { expect } from 'chai';
import { createActor, waitFor, type Actor } from 'xstate';
import { createAuthClient, type AuthClient } from '../../src/client/index.ts';
import { resolveConfig } from '../../src/widget/config.ts';
import { loginMachine, urlTokenFrom } from '../../src/widget/machine/login.ts';
import type { LoginEmitted } from '../../src/widget/machine/types.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../support/client.ts';
import { devInbox, latestMagicLinkToken, testEnv, uniqueEmail } from '../support/env.ts';

type LoginActor = Actor<typeof loginMachine>;

describe('login statechart (no React)', () => {
  let client: AuthClient;
  let logged: { name: string; details: Record<string, unknown> | undefined }[];
  let rec: FetchRecorder;
  let actor: LoginActor | undefined;

  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
    client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    // Observe telemetry: the real log still runs.
    logged = [];
    const log = client.events.log.bind(client.events);
    client.events.log = (name, details) => {
      logged.push({ name, details });
      log(name, details);
    };
  });
  afterEach(() => {
    actor?.stop();
    actor = undefined;
    client.destroy();
    rec.restore();
  });

  function start(url = `${testEnv.pageOrigin}/`, config = resolveConfig({}, testEnv.pageOrigin)): LoginActor {
    actor = createActor(loginMachine, { input: { client, config, url } });
    actor.start();
    return actor;
  }

  it('starts on main (screen Main) and logs render_login_screen with the resolved options', () => {
    const a = start(undefined, resolveConfig({ emailMagicLinksOptions: { loginRedirectURL: '/student-portal' } }, testEnv.pageOrigin));
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(a.getSnapshot().context.screen).to.equal('Main');
    expect(logged).to.have.length(1);
    expect(logged[0]!.name).to.equal('render_login_screen');
    expect(logged[0]!.details).to.deep.equal({
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

  it("keeps an invalid email on main with 'Email format is invalid.' and sends nothing", async () => {
    const a = start();
    a.send({ type: 'EMAIL_CHANGED', email: 'student@localhost' });
    a.send({ type: 'SUBMIT_EMAIL' });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(a.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'validation.emailInvalid' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rec.to('/magic_links/email/login_or_create')).to.have.length(0);
    a.send({ type: 'EMAIL_CHANGED', email: 'student@localhost.edu' });
    expect(a.getSnapshot().context.errorDescriptor).to.equal(null);
  });

  it('main → sendingMagicLink → emailConfirmation → main on TRY_AGAIN, with the link in the dev inbox', async () => {
    const a = start();
    const emitted: LoginEmitted[] = [];
    a.on('*', (e) => emitted.push(e));
    const email = uniqueEmail();
    a.send({ type: 'EMAIL_CHANGED', email: `  ${email} ` });
    a.send({ type: 'SUBMIT_EMAIL' });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'sendingMagicLink' });
    expect(a.getSnapshot().context.screen).to.equal('Main');

    const confirmed = await waitFor(a, (s) => s.matches('emailConfirmation'), { timeout: 10_000 });
    expect(confirmed.context.screen).to.equal('EmailConfirmation');
    expect(confirmed.context.magicLinkState.email).to.equal(email);
    expect((await devInbox(email)).length).to.equal(1);
    expect(logged.find((l) => l.name === 'email_sent')?.details).to.deep.equal({ email, type: 'login_or_create_eml' });
    expect(emitted).to.have.length(1);
    expect(emitted[0]!.type).to.equal('widget.event');
    expect(emitted[0]!.type === 'widget.event' && emitted[0]!.detail.type).to.equal('MAGIC_LINK_LOGIN_OR_CREATE');

    a.send({ type: 'TRY_AGAIN' });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(a.getSnapshot().context.magicLinkState.email).to.equal('');
    expect(logged.find((l) => l.name === 'email_try_again_clicked')?.details).to.deep.equal({
      email,
      type: 'login_or_create_eml',
    });
    expect(logged.filter((l) => l.name === 'render_login_screen')).to.have.length(2);
  });

  it('puts a service error on main with the error_type and the service message, and emits it', async () => {
    // A redirect URL outside the service's allowlist: invalid_redirect_url, which has no catalogue message.
    const a = start(undefined, resolveConfig({ emailMagicLinksOptions: { loginRedirectURL: 'https://elsewhere.example/' } }));
    const errors: LoginEmitted[] = [];
    a.on('widget.error', (e) => errors.push(e));
    a.send({ type: 'EMAIL_CHANGED', email: uniqueEmail() });
    a.send({ type: 'SUBMIT_EMAIL' });
    const back = await waitFor(a, (s) => s.matches({ main: 'idle' }) && s.context.errorDescriptor !== null, { timeout: 10_000 });
    const descriptor = back.context.errorDescriptor!;
    expect(descriptor.errorType).to.equal('invalid_redirect_url');
    expect(descriptor.messageKey).to.equal(undefined);
    expect(descriptor.message).to.equal(
      "The redirect URL https://elsewhere.example/ is not in the project's list of allowed redirect URLs.",
    );
    expect(errors).to.deep.equal([
      { type: 'widget.error', detail: { message: descriptor.message, error_type: 'invalid_redirect_url' } },
    ]);
  });

  it('authenticates the magic-link token of the page URL: authenticatingToken → success, emitting the two events', async () => {
    const email = uniqueEmail();
    await client.magicLinks.email.loginOrCreate(email);
    const token = await latestMagicLinkToken(email);
    const a = start(`${testEnv.pageOrigin}/student-portal?stytch_token_type=magic_links&token=${token}`);
    const emitted: string[] = [];
    a.on('widget.event', (e) => emitted.push(e.detail.type));
    expect(a.getSnapshot().value).to.equal('authenticatingToken');
    expect(a.getSnapshot().context.screen).to.equal('Loading');
    const done = await waitFor(a, (s) => s.matches('success'), { timeout: 10_000 });
    expect(done.context.screen).to.equal('Success');
    expect(done.context.urlToken).to.equal(null);
    expect(emitted).to.deep.equal(['MAGIC_LINK_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
    expect(client.session.getSync()?.user_id).to.be.a('string');
  });

  it('leaves the success screen for main when the session ends outside the widget (the page logs out)', async () => {
    const email = uniqueEmail();
    await client.magicLinks.email.loginOrCreate(email);
    const token = await latestMagicLinkToken(email);
    const a = start(`${testEnv.pageOrigin}/student-portal?stytch_token_type=magic_links&token=${token}`);
    await waitFor(a, (s) => s.matches('success'), { timeout: 10_000 });
    await client.session.revoke();
    const back = await waitFor(a, (s) => s.matches('main'), { timeout: 5_000 });
    expect(back.context.screen).to.equal('Main');
  });

  it('reads the magic-link or OAuth token of a redirect URL, with its type, and nothing else', () => {
    expect(urlTokenFrom('https://a.example/?stytch_token_type=magic_links&token=abc')).to.deep.equal({ type: 'magic_links', token: 'abc' });
    expect(urlTokenFrom('https://a.example/?stytch_token_type=oauth&token=abc')).to.deep.equal({ type: 'oauth', token: 'abc' });
    expect(urlTokenFrom('https://a.example/?stytch_token_type=reset_password&token=abc')).to.equal(null);
    expect(urlTokenFrom('https://a.example/?stytch_token_type=magic_links&token=')).to.equal(null);
    expect(urlTokenFrom('https://a.example/?token=abc')).to.equal(null);
    expect(urlTokenFrom('not a url')).to.equal(null);
  });

  it('takes a new configuration with CONFIG_CHANGED', () => {
    const a = start();
    a.send({ type: 'CONFIG_CHANGED', config: resolveConfig({ sessionOptions: { sessionDurationMinutes: 60 } }) });
    expect(a.getSnapshot().context.config.sessionOptions.sessionDurationMinutes).to.equal(60);
  });
});
