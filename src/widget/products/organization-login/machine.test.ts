/// <reference types="mocha" />
// The organization login's statechart, run by the root as it is in the widget (and alone, where it hands over to the
// single sign-on product): a real client on the service's organization project, the seeded demo organizations and
// ones made through the real discovery calls, links read from the dev inbox.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import { createActor, waitFor } from 'xstate';
import type { AuthLoginConfig } from '../../config.ts';
import { resolveConfig } from '../../config.ts';
import { initialFormState } from '../../machine/form.ts';
import type { RootEmitted } from '../../machine/types.ts';
import { devInbox, latestMagicLinkToken, testEnv } from '../../../../test/support/env.ts';
import { productOf, screenOf, waitForProduct, waitForScreen } from '../../../../test/support/machine.ts';
import { makeOrganization, memberEmail, organizationRootFixture } from '../../../../test/support/organizations.ts';
import { organizationClient } from '../organizations.ts';
import { organizationLoginMachine } from './machine.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

const loginTo = (organizationSlug: string): AuthLoginConfig => ({
  authFlowType: 'Organization',
  products: ['emailMagicLinks', 'sso'],
  organizationSlug,
  emailMagicLinksOptions: { loginRedirectURL: '/', signupRedirectURL: '/' },
});

/** The page's address as the organization's email link opens it. */
const linkUrl = (token: string) =>
  `${testEnv.pageOrigin}/?stytch_token_type=multi_tenant_magic_links&token=${encodeURIComponent(token)}`;

/** The widget events the root emitted, by type. */
function eventTypes(emitted: RootEmitted[]): string[] {
  return emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));
}

describe('organization login statechart', () => {
  const fixture = organizationRootFixture();

  it(
    "opens instead of Main on the config's organization; its email link goes to the address (Check your email), " +
      'and the link signs the member in',
    async () => {
      const organization = await makeOrganization();
      const a = fixture.start(loginTo(organization.slug));
      const emitted: RootEmitted[] = [];
      a.on('*', (e) => emitted.push(e));
      expect(a.getSnapshot().context.modeProduct).to.equal('organizationLogin');
      const login = await waitForProduct(a, 'login');
      expect(screenOf(a)).to.equal('OrganizationLogin');
      expect(login.context.organization).to.deep.include({
        organization_id: organization.id,
        organization_name: organization.name,
      });
      const product = productOf(a)!;

      product.send({ type: 'EMAIL_CHANGED', email: 'not-an-address' });
      product.send({ type: 'SUBMIT' });
      expect(product.getSnapshot().value).to.equal('login');
      expect(product.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'validation.emailInvalid' });
      expect(fixture.rec.to('/b2b/magic_links')).to.have.length(0);

      const email = memberEmail(organization);
      product.send({ type: 'EMAIL_CHANGED', email: ` ${email} ` });
      expect(product.getSnapshot().context.errorDescriptor).to.equal(null);
      product.send({ type: 'SUBMIT' });
      expect(product.getSnapshot().value).to.equal('sending');
      await waitForProduct(a, 'sent');
      expect(screenOf(a)).to.equal('EmailConfirmation');
      const [send] = fixture.rec.to('/sdk/v1/b2b/magic_links/email/login_or_signup');
      expect(JSON.parse(send!.body!)).to.deep.include({
        email_address: email,
        organization_id: organization.id,
        login_redirect_url: `${testEnv.pageOrigin}/`,
        signup_redirect_url: `${testEnv.pageOrigin}/`,
      });
      const [message] = await devInbox(email);
      expect(message?.links.some((link) => link.includes('stytch_token_type=multi_tenant_magic_links'))).to.equal(true);
      product.send({ type: 'TRY_AGAIN' });
      expect(product.getSnapshot().value).to.equal('login');
      expect(product.getSnapshot().context.email).to.equal('');
      expect(eventTypes(emitted)).to.deep.equal(['B2B_MAGIC_LINK_EMAIL_LOGIN_OR_SIGNUP']);

      a.stop();
      const b = fixture.start(loginTo(organization.slug), { url: linkUrl(await latestMagicLinkToken(email)) });
      const signedIn: RootEmitted[] = [];
      b.on('*', (e) => signedIn.push(e));
      await waitForScreen(b, 'Success');
      expect(organizationClient(fixture.client).session.getSync()?.organization_id).to.equal(organization.id);
      expect(eventTypes(signedIn)).to.deep.equal(['B2B_MAGIC_LINK_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
    },
  );

  it('an organization that requires MFA hands the member from the link to the MFA screens', async () => {
    const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
    const email = memberEmail(organization);
    const a = fixture.start(loginTo(organization.slug));
    await waitForProduct(a, 'login');
    productOf(a)!.send({ type: 'EMAIL_CHANGED', email });
    productOf(a)!.send({ type: 'SUBMIT' });
    await waitForProduct(a, 'sent');
    a.stop();
    const b = fixture.start(loginTo(organization.slug), { url: linkUrl(await latestMagicLinkToken(email)) });
    await waitForScreen(b, 'MFAEnrollment');
    expect(b.getSnapshot().context.active?.product).to.equal('mfa');
  });

  it(
    "no organization by the slug: the Error screen with the hosted provider's message; " + 'Back opens it anew',
    async () => {
      const a = fixture.start(loginTo(`nowhere-${crypto.randomUUID().slice(0, 8)}`));
      expect(screenOf(a)).to.not.equal('Main');
      await waitForScreen(a, 'Error');
      expect(a.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'organizationLogin.notFound' });
      a.send({ type: 'BACK' });
      expect(a.getSnapshot().context.active?.product).to.equal('organizationLogin');
    },
  );

  it("a link's token the service refuses ends on the Error screen with its message", async () => {
    const a = fixture.start(loginTo('aurora-theatre'), { url: linkUrl('not-a-real-token') });
    await waitForScreen(a, 'Error');
    expect(a.getSnapshot().context.errorDescriptor?.errorType).to.equal('unable_to_auth_magic_link');
  });

  it("an organization's connection hands over to the single sign-on product with that connection", async () => {
    const config = resolveConfig(loginTo('lumen-stage'), testEnv.pageOrigin);
    const actor = createActor(organizationLoginMachine, {
      input: {
        client: fixture.client,
        config,
        bootstrap: await fixture.client.bootstrap.get(),
        formState: initialFormState(),
        params: {},
      },
    }).start();
    const login = await waitFor(actor, (s) => s.matches('login'), { timeout: 10_000 });
    const connections = login.context.organization!.sso_active_connections;
    expect(connections.length).to.be.greaterThan(0);
    actor.send({ type: 'CHOOSE', connectionId: connections[0]!.connection_id });
    expect(actor.getSnapshot().status).to.equal('done');
    expect(actor.getSnapshot().output).to.deep.equal({
      to: 'product',
      product: 'sso',
      params: { connectionId: connections[0]!.connection_id },
    });
  });
});
