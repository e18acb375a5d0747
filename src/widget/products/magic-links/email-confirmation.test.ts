/// <reference types="mocha" />
// The magic-link journey through <auth-login> against the real identity service: send, Email Confirmation with its
// web-mail links, Try again, and the token from the link authenticated when the page opens with it.
import { expect } from 'chai';
import { createAuthClient } from '../../index.ts';
import { EVENT_TYPES, WIDGET_EVENT } from '../../index.ts';
import type { WidgetEventDetail } from '../../index.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from '../../../../test/support/client.ts';
import { devInbox, latestMagicLinkToken, testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import {
  $,
  $$,
  byText,
  findText,
  mount,
  sentTelemetry,
  serviceEmailDomains,
  submitEmail,
  unmountAll,
} from '../../../../test/support/widget.ts';
import { until } from '../../../../test/support/poll.ts';

const links = (el: HTMLElement) =>
  $$(el, 'a[part~="link"]').map((a) => ({
    text: a.textContent,
    href: a.getAttribute('href'),
    target: a.getAttribute('target'),
    rel: a.getAttribute('rel'),
  }));

async function toEmailConfirmation(el: HTMLElement, email: string): Promise<void> {
  await submitEmail(el, email);
  await findText(el, '[part~="title"]', 'Check your email');
}

describe('<auth-login> magic-link journey', () => {
  let rec: FetchRecorder;
  const pageUrl = location.href;
  beforeEach(() => {
    resetBrowserState();
    rec = recordFetch();
  });
  afterEach(() => {
    rec.restore();
    unmountAll();
    history.replaceState(null, '', pageUrl);
  });

  it("sends a link and shows 'Check your email' with the address; the email is in the dev inbox", async () => {
    const seen: CustomEvent<WidgetEventDetail>[] = [];
    const listener = (e: Event) => seen.push(e as CustomEvent<WidgetEventDetail>);
    document.addEventListener(WIDGET_EVENT, listener);
    try {
      const el = mount({
        config: {
          emailMagicLinksOptions: { loginRedirectURL: '/student-portal', signupRedirectURL: '/student-portal' },
        },
      });
      const email = uniqueEmail();
      await submitEmail(el, email);
      // While the request runs the button shows the spinner and is busy.
      const busy = byText(el, 'button', 'Continue');
      if (busy?.getAttribute('aria-busy') === 'true') expect($(el, '[part~="spinner"]')).to.not.equal(null);
      await findText(el, '[part~="title"]', 'Check your email');
      expect($(el, '[part~="text"]')?.textContent).to.equal(`An email was sent to ${email}`);
      expect($(el, '[part~="text"] strong')?.textContent).to.equal(email);
      expect(byText(el, 'button', 'Try again')).to.not.equal(undefined);
      expect($(el, 'button[part~="back-button"]')?.getAttribute('aria-label')).to.equal('Back');

      const [request] = rec.to('/sdk/v1/magic_links/email/login_or_create');
      expect(JSON.parse(request!.body!)).to.deep.equal({
        email,
        login_magic_link_url: `${testEnv.pageOrigin}/student-portal`,
        signup_magic_link_url: `${testEnv.pageOrigin}/student-portal`,
        login_expiration_minutes: 30,
        signup_expiration_minutes: 30,
      });

      const [message] = await devInbox(email);
      expect(message?.to).to.equal(email);
      expect(
        message?.links.some((l) => l.startsWith(`${testEnv.pageOrigin}/student-portal?`) && l.includes('token=')),
      ).to.equal(true);

      const sent = seen.find((e) => e.detail.type === EVENT_TYPES.MAGIC_LINK_LOGIN_OR_CREATE);
      expect(sent?.composed).to.equal(true);
      const telemetry = await until(() => {
        const all = sentTelemetry(rec);
        return all.some((e) => e.event_name === 'email_sent') && all;
      }, 'the email_sent telemetry');
      expect(telemetry.find((e) => e.event_name === 'email_sent')?.details).to.deep.equal({
        email,
        type: 'login_or_create_eml',
      });
      const render = telemetry.find((e) => e.event_name === 'render_login_screen');
      expect((render?.details.options as { products: string[] } | undefined)?.products).to.deep.equal([
        'emailMagicLinks',
      ]);
    } finally {
      document.removeEventListener(WIDGET_EVENT, listener);
    }
  });

  it('links Gmail and Yahoo to a search for mail from config.emailMagicLinksOptions.domainHint', async () => {
    const el = mount({ config: { emailMagicLinksOptions: { domainHint: 'westlight.edu' } } });
    await toEmailConfirmation(el, uniqueEmail());
    expect(links(el)).to.deep.equal([
      {
        text: 'Open Gmail',
        href: 'https://mail.google.com/mail/u/0/#search/from%3Awestlight.edu+in%3Aanywhere',
        target: '_blank',
        rel: 'noopener',
      },
      {
        text: 'Open Yahoo',
        href: 'https://mail.yahoo.com/d/search/keyword=from%253Awestlight.edu',
        target: '_blank',
        rel: 'noopener',
      },
      { text: 'Open Outlook', href: 'https://outlook.live.com/mail/0/inbox', target: '_blank', rel: 'noopener' },
    ]);
  });

  it("uses the bootstrap document's single email domain when there is no domainHint", async () => {
    const domains = await serviceEmailDomains();
    expect(domains).to.have.length(1, 'the service is configured with exactly one email domain');
    const domain = domains[0]!;
    const el = mount();
    await toEmailConfirmation(el, uniqueEmail());
    await until(() => links(el)[0]?.href?.includes(domain), 'the bootstrap domain in the links');
    expect(links(el).map((l) => [l.text, l.href])).to.deep.equal([
      ['Open Gmail', `https://mail.google.com/mail/u/0/#search/from%3A${domain}+in%3Aanywhere`],
      ['Open Yahoo', `https://mail.yahoo.com/d/search/keyword=from%253A${domain}`],
      ['Open Outlook', 'https://outlook.live.com/mail/0/inbox'],
    ]);
  });

  it("'Try again' clears the sent address, returns to Main and logs email_try_again_clicked", async () => {
    const el = mount();
    const email = uniqueEmail();
    await toEmailConfirmation(el, email);
    byText(el, 'button', 'Try again')!.click();
    await findText(el, '[part~="title"]', 'Sign up or log in');
    expect(document.activeElement).to.equal(el, 'focus stays inside the widget');
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[part~="title"]'));
    const telemetry = await until(() => {
      const all = sentTelemetry(rec);
      return all.some((e) => e.event_name === 'email_try_again_clicked') && all;
    }, 'the email_try_again_clicked telemetry');
    expect(telemetry.find((e) => e.event_name === 'email_try_again_clicked')?.details).to.deep.equal({
      email,
      type: 'login_or_create_eml',
    });
    expect(telemetry.filter((e) => e.event_name === 'render_login_screen')).to.have.length(2);

    // The back arrow also returns to Main.
    await toEmailConfirmation(el, email);
    ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
    await findText(el, '[part~="title"]', 'Sign up or log in');
  });

  it(
    'authenticates ?stytch_token_type=magic_links&token=… on load, shows success, cleans the ' +
      'URL and completes the flow',
    async () => {
      const email = uniqueEmail();
      const sender = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
      await sender.magicLinks.email.loginOrCreate(email, { login_magic_link_url: `${testEnv.pageOrigin}/` });
      const token = await latestMagicLinkToken(email);
      sender.destroy();
      history.replaceState(
        null,
        '',
        `${location.pathname}?keep=1&stytch_token_type=magic_links&token=${encodeURIComponent(token)}#here`,
      );

      const seen: CustomEvent<WidgetEventDetail>[] = [];
      const listener = (e: Event) => seen.push(e as CustomEvent<WidgetEventDetail>);
      document.addEventListener(WIDGET_EVENT, listener);
      try {
        const el = mount();
        await findText(el, '[part~="title"]', 'Success!', 10_000);
        expect($(el, '[part~="text"]')?.textContent).to.equal('You have successfully logged in.');
        expect($(el, '[part~="success-icon"] svg')).to.not.equal(null);
        expect(location.search).to.equal('?keep=1');
        expect(location.hash).to.equal('#here');

        const [request] = rec.to('/sdk/v1/magic_links/authenticate');
        expect(JSON.parse(request!.body!)).to.deep.include({ token, session_duration_minutes: 30 });

        await until(
          () => seen.some((e) => e.detail.type === EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE),
          'the flow-complete event',
        );
        expect(seen.map((e) => e.detail.type)).to.deep.equal([
          EVENT_TYPES.MAGIC_LINK_AUTHENTICATE,
          EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
        ]);
        const complete = seen[1]!;
        expect(complete.composed).to.equal(true);
        expect(complete.bubbles).to.equal(true);
        expect(complete.target).to.equal(el);
        expect((seen[0]!.detail.data as { user: { emails: { email: string }[] } }).user.emails[0]!.email).to.equal(
          email,
        );
        expect(el.client!.session.getSync()).to.not.equal(null, 'a session exists');
      } finally {
        document.removeEventListener(WIDGET_EVENT, listener);
      }
    },
  );

  it('shows the error screen for a token the service rejects, and the back arrow returns to Main', async () => {
    const errors: CustomEvent[] = [];
    const onError = (e: Event) => errors.push(e as CustomEvent);
    document.addEventListener('auth-login-error', onError);
    try {
      history.replaceState(null, '', `${location.pathname}?stytch_token_type=magic_links&token=not-a-real-token`);
      const el = mount();
      await findText(el, '[part~="title"]', 'Looks like there was an error!', 10_000);
      // The service answers an unknown token with unable_to_auth_magic_link; the catalogue's message is shown.
      expect($(el, '[part~="text"]')?.textContent).to.equal(
        'This login link has already been used or has expired. Please request a new link and try again.',
      );
      expect(location.search).to.equal('');
      expect(errors.map((e) => e.detail.error_type)).to.deep.equal(['unable_to_auth_magic_link']);
      ($(el, 'button[part~="back-button"]') as HTMLButtonElement).click();
      await findText(el, '[part~="title"]', 'Sign up or log in');
    } finally {
      document.removeEventListener('auth-login-error', onError);
    }
  });
});
