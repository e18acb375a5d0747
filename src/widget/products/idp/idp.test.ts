/// <reference types="mocha" />
// The consent and logout pages through <auth-login> (spec sections 2, 4, 6 and 8), against the real service: the
// page's query opens them (or the identity-provider mode), the browser's navigations back to the app are recorded.
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { APIError } from '../../../client/index.ts';
import {
  EVENT_TYPES,
  WIDGET_ERROR_EVENT,
  WIDGET_EVENT,
  type WidgetErrorDetail,
  type WidgetEventDetail,
} from '../../index.ts';
import { IDENTITY_PROVIDER_MODE } from './constants.ts';
import { makeClient, resetBrowserState, signIn } from '../../../../test/support/client.ts';
import { TRUSTED_PROFILE, rejection, serviceNow, trustedToken } from '../../../../test/support/accounts.ts';
import { latestOtpCode, uniqueEmail } from '../../../../test/support/env.ts';
import {
  CUSTOM_SCOPE,
  FIRST_PARTY_APP,
  GRADE_READER_EMAIL,
  THIRD_PARTY_APP,
  appLoggedOutUri,
  appRedirectUri,
  authorizeQuery,
  logoutQuery,
} from '../../../../test/support/idp.ts';
import { recordNavigations } from '../../../../test/support/navigation.ts';
import { until } from '../../../../test/support/poll.ts';
import {
  $,
  $$,
  byText,
  findText,
  freshWidgetState,
  mount,
  sentTelemetry,
  submitEmail,
  title,
  typeInto,
  type AuthLoginElement,
} from '../../../../test/support/widget.ts';

/** A password the service's zxcvbn policy accepts. */
const STRONG_PASSWORD = 'violet-harbour-lantern-1987';
const MISSING = (name: string) =>
  `Required parameter is missing: ${name}. Please reach out to the application developer.`;
const NO_SESSION = 'No active session detected. Please log in to continue.';
const CONSENT_TITLE = (project: string) => `${THIRD_PARTY_APP.name} wants to access your ${project} account`;
const LOGOUT_TITLE = (project: string) => `Are you sure you want to log out of your ${project} account?`;

/** The page's address: the site's authorize or logout page with the app's query. */
const openPage = (query: string) => history.replaceState(null, '', `/${query}`);

const texts = (el: HTMLElement, selector: string) => $$(el, selector).map((node) => node.textContent?.trim());

describe('<auth-login> identity provider: consent and logout', () => {
  const fresh = freshWidgetState();
  let navigations: ReturnType<typeof recordNavigations>;
  let events: WidgetEventDetail[];
  let errors: WidgetErrorDetail[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const onError = (e: Event) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail);
  beforeEach(() => {
    navigations = recordNavigations();
    events = [];
    errors = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    document.addEventListener(WIDGET_ERROR_EVENT, onError);
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    document.removeEventListener(WIDGET_ERROR_EVENT, onError);
    navigations.restore();
  });

  /** The project's name as the service's bootstrap gives it. */
  async function projectName(el: AuthLoginElement): Promise<string> {
    return (await el.client!.bootstrap.get()).projectName;
  }

  /** The one address the page navigated to, parsed. */
  async function navigatedTo(): Promise<URL> {
    await until(() => navigations.visited.length > 0, 'a navigation to the app');
    expect(navigations.visited).to.have.length(1);
    return new URL(navigations.visited[0]!);
  }

  const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

  describe('a link without a required parameter shows the spec message on the error screen', () => {
    const cases: [string, string, string][] = [
      ['authorize without client_id', authorizeQuery({}), 'client_id'],
      ['authorize without redirect_uri', `?client_id=${THIRD_PARTY_APP.clientId}`, 'redirect_uri'],
      ['logout without client_id', logoutQuery({}), 'client_id'],
      [
        'logout without post_logout_redirect_uri',
        `?client_id=${THIRD_PARTY_APP.clientId}&post_logout_redirect_uri=`,
        'post_logout_redirect_uri',
      ],
    ];
    for (const [name, query, missing] of cases) {
      it(`${name}: '${MISSING(missing)}'`, async () => {
        openPage(query);
        const el = mount();
        el.mode = IDENTITY_PROVIDER_MODE;
        const message = await findText(el, '[role="alert"]', MISSING(missing));
        expect(message.getAttribute('part')).to.equal('text');
        expect(title(el)).to.equal('Looks like there was an error!');
        expect(errors).to.deep.equal([{ message: MISSING(missing) }]);
        expect(fresh.rec.requests.filter((r) => /\/(idp|oauth\/logout)\//.test(r.path))).to.deep.equal([]);
        expect(navigations.visited).to.deep.equal([]);
      });
    }
  });

  it(
    'authorize signed out: Main with the no-session message; after a sign-in there the consent ' +
      'screen follows, Allow returns a code',
    async () => {
      const email = uniqueEmail('idp-resume');
      const creator = makeClient();
      await creator.passwords.create({ email, password: STRONG_PASSWORD, session_duration_minutes: 30 });
      await creator.session.revoke({ forceClear: true });
      openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId, state: 'st-allow', nonce: 'n-allow' }));
      const el = mount({ config: { products: ['passwords'] } });
      await findText(el, '[part~="error"]', NO_SESSION);
      expect(title(el)).to.equal('Sign up or log in');
      expect(fresh.rec.to('/idp/oauth/authorize/start')).to.have.length(0);

      await submitEmail(el, email);
      await findText(el, '[part~="title"]', 'Log in', 10_000);
      typeInto($(el, 'input[name="password"]') as HTMLInputElement, STRONG_PASSWORD);
      const logIn = await until(
        () => $$(el, 'button').find((b) => b.textContent === 'Continue' && !(b as HTMLButtonElement).disabled),
        'Continue enabled',
      );
      logIn.click();

      await findText(el, '[part~="title"]', CONSENT_TITLE(await projectName(el)), 10_000);
      expect(JSON.parse(fresh.rec.to('/sdk/v1/idp/oauth/authorize/start')[0]!.body!)).to.deep.equal({
        client_id: THIRD_PARTY_APP.clientId,
        redirect_uri: appRedirectUri(),
        response_type: 'code',
        scopes: ['openid', 'email', 'profile'],
      });
      (await findText(el, 'button', 'Allow')).click();

      const back = await navigatedTo();
      expect(withoutQuery(back)).to.equal(appRedirectUri());
      expect(back.searchParams.get('code')).to.be.a('string').and.not.equal('');
      expect(back.searchParams.get('state')).to.equal('st-allow');
      const submit = JSON.parse(fresh.rec.to('/sdk/v1/idp/oauth/authorize/submit')[0]!.body!);
      expect(submit).to.deep.include({ consent_granted: true, state: 'st-allow', nonce: 'n-allow' });
      const idpEvents = events.map((e) => e.type).filter((type) => type.startsWith('OAUTH_AUTHORIZE'));
      expect(idpEvents).to.deep.equal([
        EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_START,
        EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_COMPLETE,
      ]);
      expect(
        (events.find((e) => e.type === EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_COMPLETE)!.data as { redirect_uri: string })
          .redirect_uri,
      ).to.equal(navigations.visited[0]);
    },
  );

  it('a passcode sign-in on Main (which has its own confirmation screen) also resumes the consent screen', async () => {
    openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId }));
    const el = mount({ config: { products: ['otp'] } });
    await findText(el, '[part~="error"]', NO_SESSION);
    const email = uniqueEmail('idp-otp');
    await submitEmail(el, email);
    const input = await until(
      () => $(el, 'input[part~="passcode-input"]') as HTMLInputElement | null,
      'the passcode input',
      10_000,
    );
    typeInto(input, await latestOtpCode(email));
    await findText(el, '[part~="title"]', CONSENT_TITLE(await projectName(el)), 10_000);
    expect(events.map((e) => e.type)).to.include.members([
      EVENT_TYPES.OTP_AUTHENTICATE,
      EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
    ]);
    // The preflight ran again once the passcode signed the visitor in.
    const paths = fresh.rec.requests.map((r) => r.path);
    expect(paths.lastIndexOf('/sdk/v1/idp/oauth/authorize/start')).to.be.greaterThan(
      paths.indexOf('/sdk/v1/otps/authenticate'),
    );
  });

  it(
    'a local session the service no longer accepts: the preflight answers a session error, and ' +
      'Main asks to log in',
    async () => {
      const signer = makeClient();
      await signIn(signer, uniqueEmail('idp-stale'));
      // The cookies go (the session token with them) while this page's memory still holds the session.
      resetBrowserState();
      expect(signer.session.getSync()).to.not.equal(null);
      openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId }));
      const el = mount();
      await findText(el, '[part~="error"]', NO_SESSION, 10_000);
      expect(title(el)).to.equal('Sign up or log in');
      expect(fresh.rec.to('/sdk/v1/idp/oauth/authorize/start')).to.have.length(1);
      expect(navigations.visited).to.deep.equal([]);
    },
  );

  it('consent lists the grantable scopes with their titles, and the ungrantable ones with the spec note', async () => {
    const signer = makeClient();
    await signIn(signer, uniqueEmail('idp-ungrantable'));
    openPage(
      authorizeQuery({ client_id: THIRD_PARTY_APP.clientId, scope: `openid email phone ${CUSTOM_SCOPE.scope}` }),
    );
    const el = mount();
    await findText(el, '[part~="title"]', CONSENT_TITLE(await projectName(el)), 10_000);
    const logo = $(el, 'img') as HTMLImageElement;
    expect(logo.alt).to.equal(`${THIRD_PARTY_APP.name} logo`);
    expect(texts(el, '[part~="text"]')).to.include(`This will allow ${THIRD_PARTY_APP.name} to:`);
    expect(texts(el, '[data-scopes="grantable"] > li')).to.deep.equal([
      'Confirm who you are',
      'View your email address',
      'View your phone number',
    ]);
    expect(texts(el, '[part~="text"]')).to.include(`You cannot grant ${THIRD_PARTY_APP.name}'s request to:`);
    expect(texts(el, '[data-scopes="ungrantable"] > li')).to.deep.equal([
      `Use the permission “${CUSTOM_SCOPE.scope}”${CUSTOM_SCOPE.description}`,
    ]);
    expect(texts(el, '[part~="error"]')).to.deep.equal([
      `You do not have permissions to grant ${THIRD_PARTY_APP.name} access to some of the requested scopes.`,
    ]);
    expect(texts(el, 'button')).to.deep.equal(['Allow', 'Deny']);
    await until(
      () => sentTelemetry(fresh.rec).some((e) => e.event_name === 'render_idp_screen'),
      'render_idp_screen sent',
    );
  });

  it(
    'a user whose role holds the permissions may grant the custom scope: its title and the ' + 'policy description',
    async () => {
      const signer = makeClient();
      await signIn(signer, GRADE_READER_EMAIL);
      openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId, scope: `openid ${CUSTOM_SCOPE.scope}` }));
      const el = mount();
      await findText(el, '[part~="title"]', CONSENT_TITLE(await projectName(el)), 10_000);
      expect(texts(el, '[data-scopes="grantable"] > li')).to.deep.equal([
        'Confirm who you are',
        `Use the permission “${CUSTOM_SCOPE.scope}”${CUSTOM_SCOPE.description}`,
      ]);
      expect($(el, '[data-scopes="ungrantable"]')).to.equal(null);
      expect($(el, '[part~="error"]')).to.equal(null);
    },
  );

  it("Deny: 'Access to the application was denied.' and the app gets error=access_denied", async () => {
    const signer = makeClient();
    await signIn(signer, uniqueEmail('idp-deny'));
    openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId, state: 'st-deny' }));
    const el = mount();
    (await findText(el, 'button', 'Deny', 10_000)).click();
    await findText(el, '[part~="title"]', 'Access to the application was denied.', 10_000);
    const back = await navigatedTo();
    expect(withoutQuery(back)).to.equal(appRedirectUri());
    expect(back.searchParams.get('error')).to.equal('access_denied');
    expect(back.searchParams.get('state')).to.equal('st-deny');
    expect(JSON.parse(fresh.rec.to('/sdk/v1/idp/oauth/authorize/submit')[0]!.body!).consent_granted).to.equal(false);
    expect(events.map((e) => e.type).filter((type) => type.startsWith('OAUTH_AUTHORIZE'))).to.deep.equal([
      EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_START,
      EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED,
    ]);
  });

  it(
    'a first-party app: no consent screen, submitted at once (consent_granted false), back to ' + 'the app with a code',
    async () => {
      const signer = makeClient();
      await signIn(signer, uniqueEmail('idp-first'));
      openPage(authorizeQuery({ client_id: FIRST_PARTY_APP.clientId, state: 'st-first' }));
      const el = mount();
      const back = await navigatedTo();
      expect(withoutQuery(back)).to.equal(appRedirectUri());
      expect(back.searchParams.get('code')).to.be.a('string').and.not.equal('');
      expect(back.searchParams.get('state')).to.equal('st-first');
      expect(JSON.parse(fresh.rec.to('/sdk/v1/idp/oauth/authorize/submit')[0]!.body!).consent_granted).to.equal(false);
      expect($$(el, 'button').map((b) => b.textContent)).to.not.include('Allow');
      expect(events.map((e) => e.type).filter((type) => type.startsWith('OAUTH_AUTHORIZE'))).to.deep.equal([
        EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_START,
        EVENT_TYPES.OAUTH_AUTHORIZE_FLOW_COMPLETE,
      ]);
    },
  );

  it('prompt=consent asks a first-party app’s user too', async () => {
    const signer = makeClient();
    await signIn(signer, uniqueEmail('idp-prompt'));
    openPage(authorizeQuery({ client_id: FIRST_PARTY_APP.clientId, prompt: 'consent' }));
    const el = mount();
    await findText(el, 'button', 'Allow', 10_000);
    expect(title(el)).to.equal(`${FIRST_PARTY_APP.name} wants to access your ${await projectName(el)} account`);
    expect(JSON.parse(fresh.rec.to('/sdk/v1/idp/oauth/authorize/start')[0]!.body!).prompt).to.equal('consent');
    expect(navigations.visited).to.deep.equal([]);

    // By keyboard: Tab reaches Allow (with a visible focus ring), Enter grants.
    const allow = byText(el, 'button', 'Allow')!;
    await until(async () => {
      if (el.shadowRoot!.activeElement === allow) return true;
      await sendKeys({ press: 'Tab' });
      return false;
    }, 'focus on Allow');
    expect(getComputedStyle(allow).outlineStyle).to.equal('solid');
    await sendKeys({ press: 'Enter' });
    const back = await navigatedTo();
    expect(back.searchParams.get('code')).to.be.a('string').and.not.equal('');
  });

  it('a trusted auth token: any session revoked, a 60-minute session attested, then the consent screen', async () => {
    const email = uniqueEmail('idp-trusted');
    const token = await trustedToken({
      iss: TRUSTED_PROFILE.issuer,
      aud: TRUSTED_PROFILE.audience,
      exp: Math.floor((await serviceNow()) / 1000) + 60,
      email,
    });
    const signer = makeClient();
    const { response } = await signIn(signer, uniqueEmail('idp-before-trusted'));
    openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId }));
    const el = mount({
      config: { trustedAuthTokenParams: { trustedAuthToken: token, tokenProfileID: TRUSTED_PROFILE.profileId } },
    });
    await findText(el, 'button', 'Allow', 10_000);
    expect(fresh.rec.to('/sdk/v1/sessions/revoke')).to.have.length(1);
    expect(JSON.parse(fresh.rec.to('/sdk/v1/sessions/attest')[0]!.body!)).to.deep.equal({
      token,
      profile_id: TRUSTED_PROFILE.profileId,
      session_duration_minutes: 60,
    });
    expect(el.client!.session.getSync()!.user_id).to.not.equal(response.user_id);
    expect(el.client!.user.getSync()!.emails[0]!.email).to.equal(email);
  });

  it("a failed preflight (an app the service does not know): the error screen with the service's message", async () => {
    const signer = makeClient();
    await signIn(signer, uniqueEmail('idp-unknown-app'));
    const request = {
      client_id: 'no-such-app',
      redirect_uri: appRedirectUri(),
      response_type: 'code',
      scopes: ['openid'],
    };
    const expected = (await rejection(signer.idp.authorizeStart(request))) as APIError;
    openPage(authorizeQuery({ client_id: 'no-such-app', scope: 'openid' }));
    const el = mount();
    await findText(el, '[role="alert"]', expected.error_message, 10_000);
    expect(title(el)).to.equal('Looks like there was an error!');
    expect(errors).to.deep.equal([{ message: expected.error_message, error_type: expected.error_type }]);
    expect(navigations.visited).to.deep.equal([]);
  });

  it("a trusted token the service refuses: the error screen with the service's message, nobody signed in", async () => {
    const attest = { token: 'not-a-jwt', profile_id: TRUSTED_PROFILE.profileId, session_duration_minutes: 60 };
    const expected = (await rejection(makeClient().session.attest(attest))) as APIError;
    openPage(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId }));
    const el = mount({
      config: { trustedAuthTokenParams: { trustedAuthToken: 'not-a-jwt', tokenProfileID: TRUSTED_PROFILE.profileId } },
    });
    await findText(el, '[role="alert"]', expected.error_message, 10_000);
    expect(errors).to.deep.equal([{ message: expected.error_message, error_type: expected.error_type }]);
    expect(title(el)).to.equal('Looks like there was an error!');
    expect(fresh.rec.to('/sdk/v1/idp/oauth/authorize/start')).to.have.length(0);
    expect(el.client!.session.getSync()).to.equal(null);
  });

  describe('logout', () => {
    it('consent required: the question; Yes revokes the session and returns to the app', async () => {
      const signer = makeClient();
      await signIn(signer, uniqueEmail('idp-logout-yes'));
      openPage(logoutQuery({ client_id: THIRD_PARTY_APP.clientId, state: 'bye' }));
      const el = mount();
      await findText(el, '[part~="title"]', LOGOUT_TITLE(await projectName(el)), 10_000);
      expect(texts(el, 'button')).to.deep.equal(['Yes', 'No']);
      (await findText(el, 'button', 'Yes')).click();
      const back = await navigatedTo();
      expect(withoutQuery(back)).to.equal(appLoggedOutUri());
      expect(back.searchParams.get('state')).to.equal('bye');
      expect(fresh.rec.to('/sdk/v1/sessions/revoke')).to.have.length(1);
      expect(el.client!.session.getSync()).to.equal(null);
    });

    it('no consent required (nobody signed in): no question, straight back to the app', async () => {
      openPage(logoutQuery({ client_id: THIRD_PARTY_APP.clientId, state: 'gone' }));
      const el = mount();
      const back = await navigatedTo();
      expect(withoutQuery(back)).to.equal(appLoggedOutUri());
      expect(back.searchParams.get('state')).to.equal('gone');
      expect(JSON.parse(fresh.rec.to('/sdk/v1/oauth/logout/start')[0]!.body!)).to.deep.equal({
        client_id: THIRD_PARTY_APP.clientId,
        post_logout_redirect_uri: appLoggedOutUri(),
        state: 'gone',
      });
      expect($$(el, 'button')).to.deep.equal([]);
      expect(el.client!.session.getSync()).to.equal(null);
    });

    it("No: 'You have not been logged out. You may close this page.' and the session is kept", async () => {
      const signer = makeClient();
      const { response } = await signIn(signer, uniqueEmail('idp-logout-no'));
      openPage(logoutQuery({ client_id: THIRD_PARTY_APP.clientId }));
      const el = mount();
      (await findText(el, 'button', 'No', 10_000)).click();
      await findText(el, '[part~="title"]', 'You have not been logged out. You may close this page.');
      expect(fresh.rec.to('/sdk/v1/sessions/revoke')).to.have.length(0);
      expect(el.client!.session.getSync()!.session_id).to.equal(response.session!.session_id);
      expect(navigations.visited).to.deep.equal([]);
    });
  });
});
