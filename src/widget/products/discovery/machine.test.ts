/// <reference types="mocha" />
// Organization discovery's statechart, run by the root as it is in the widget: a real client on the service's
// organization project, organizations made through the real discovery calls, links read from the dev inbox.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import type { RootEmitted } from '../../machine/types.ts';
import { devInbox, testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import { productOf, screenOf, waitForProduct, waitForScreen } from '../../../../test/support/machine.ts';
import {
  discoveryLinkToken,
  discoveryLinkUrl,
  makeOrganization,
  memberEmail,
  ORGANIZATION_SIGN_IN,
  organizationRootFixture,
} from '../../../../test/support/organizations.ts';
import { organizationClient } from '../organizations.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

/** The widget events the root emitted, by type. */
function eventTypes(emitted: RootEmitted[]): string[] {
  return emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));
}

describe('organization discovery statechart', () => {
  const fixture = organizationRootFixture();

  it('Continue on Main sends a discovery link (Main busy), then Check your email; TRY_AGAIN is Main anew', async () => {
    const a = fixture.start();
    const emitted: RootEmitted[] = [];
    a.on('*', (e) => emitted.push(e));
    const email = uniqueEmail('discovery-send');
    a.send({ type: 'EMAIL_CHANGED', email: ` ${email} ` });
    a.send({ type: 'SUBMIT_EMAIL' });
    expect(screenOf(a)).to.equal('Main');
    const sent = await waitForProduct(a, 'sent');
    expect(screenOf(a)).to.equal('EmailConfirmation');
    expect(sent.context.email).to.equal(email);
    const [send] = fixture.rec.to('/sdk/v1/b2b/magic_links/email/discovery/send');
    expect(JSON.parse(send!.body!)).to.deep.include({
      email_address: email,
      discovery_redirect_url: `${testEnv.pageOrigin}/`,
    });
    const [message] = await devInbox(email);
    expect(message?.links.some((link) => link.includes('stytch_token_type=discovery'))).to.equal(true);
    expect(eventTypes(emitted)).to.deep.equal(['B2B_MAGIC_LINK_EMAIL_DISCOVERY_SEND']);

    productOf(a)!.send({ type: 'TRY_AGAIN' });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(productOf(a)).to.equal(undefined);
  });

  it('an invalid address stays on Main with the message; nothing is sent', async () => {
    const a = fixture.start();
    a.send({ type: 'EMAIL_CHANGED', email: 'not-an-address' });
    a.send({ type: 'SUBMIT_EMAIL' });
    expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    expect(a.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'validation.emailInvalid' });
    expect(fixture.rec.to('/b2b/')).to.have.length(0);
  });

  it(
    "a discovery link's token lists the address's organizations; picking one signs the member in (Success), " +
      'and the token leaves the address bar',
    async () => {
      const organization = await makeOrganization();
      const email = memberEmail(organization);
      const token = await discoveryLinkToken(email);
      const a = fixture.start(ORGANIZATION_SIGN_IN, { url: discoveryLinkUrl(token) });
      const emitted: RootEmitted[] = [];
      a.on('*', (e) => emitted.push(e));
      const listed = await waitForProduct(a, 'organizations');
      expect(screenOf(a)).to.equal('OrganizationDiscovery');
      expect(listed.context.email).to.equal(email);
      expect(
        listed.context.organizations.map((o: { organization: { organization_id: string }; membership: unknown }) => [
          o.organization.organization_id,
          (o.membership as { type: string }).type,
        ]),
      ).to.deep.equal([[organization.id, 'eligible_to_join_by_email_domain']]);

      productOf(a)!.send({ type: 'CHOOSE', organizationId: organization.id });
      expect(productOf(a)!.getSnapshot().value).to.equal('exchanging');
      expect(screenOf(a)).to.equal('OrganizationDiscovery');
      await waitForScreen(a, 'Success');
      const session = organizationClient(fixture.client).session.getSync();
      expect(session?.organization_id).to.equal(organization.id);
      expect(eventTypes(emitted)).to.deep.equal([
        'B2B_MAGIC_LINK_DISCOVERY_AUTHENTICATE',
        'B2B_DISCOVERY_INTERMEDIATE_SESSION_EXCHANGE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);
    },
  );

  it('an organization that requires MFA hands the member to the MFA screens with the first factor', async () => {
    const organization = await makeOrganization({ mfaPolicy: 'REQUIRED_FOR_ALL' });
    const email = memberEmail(organization);
    const a = fixture.start(ORGANIZATION_SIGN_IN, { url: discoveryLinkUrl(await discoveryLinkToken(email)) });
    await waitForProduct(a, 'organizations');
    productOf(a)!.send({ type: 'CHOOSE', organizationId: organization.id });
    await waitForScreen(a, 'MFAEnrollment');
    expect(a.getSnapshot().context.active?.product).to.equal('mfa');
    const params = a.getSnapshot().context.active!.params as { primary: { member_authenticated: boolean } };
    const { primary } = params;
    expect(primary.member_authenticated).to.equal(false);
    expect(organizationClient(fixture.client).session.getSync()).to.equal(null);
  });

  it('a token the service refuses ends on the Error screen with its message', async () => {
    const a = fixture.start(ORGANIZATION_SIGN_IN, { url: discoveryLinkUrl('not-a-real-token') });
    await waitForScreen(a, 'Error');
    expect(a.getSnapshot().context.errorDescriptor?.errorType).to.equal('unable_to_auth_magic_link');
  });

  it('with no organization: the create form checks the slug against the project rule, then creates it', async () => {
    const email = uniqueEmail('founder');
    const a = fixture.start(ORGANIZATION_SIGN_IN, { url: discoveryLinkUrl(await discoveryLinkToken(email)) });
    const listed = await waitForProduct(a, 'organizations');
    expect(listed.context.organizations).to.deep.equal([]);
    expect(listed.context.bootstrap.createOrganizationEnabled).to.equal(true);
    const product = productOf(a)!;
    product.send({ type: 'CREATE' });
    expect(screenOf(a)).to.equal('OrganizationCreate');
    product.send({ type: 'SUBMIT_CREATE' });
    expect(product.getSnapshot().context).to.deep.include({
      errorDescriptor: { messageKey: 'discovery.create.nameRequired' },
      errorField: 'name',
    });
    const slug = `lamp-${crypto.randomUUID().slice(0, 8)}`;
    product.send({ type: 'NAME_CHANGED', name: `Lamp ${slug.slice(5)} Ltd` });
    expect(product.getSnapshot().context.form).to.deep.equal({
      name: `Lamp ${slug.slice(5)} Ltd`,
      slug: `${slug}-ltd`,
      slugEdited: false,
    });
    product.send({ type: 'SLUG_CHANGED', slug: 'Not A Slug!' });
    product.send({ type: 'SUBMIT_CREATE' });
    expect(product.getSnapshot().context).to.deep.include({
      errorDescriptor: { messageKey: 'discovery.create.slugInvalid' },
      errorField: 'slug',
    });
    product.send({ type: 'SLUG_CHANGED', slug });
    product.send({ type: 'SUBMIT_CREATE' });
    expect(product.getSnapshot().value).to.equal('creating');
    await waitForScreen(a, 'Success');
    const organization = organizationClient(fixture.client).organization.getSync();
    expect(organization?.organization_slug).to.equal(slug);
    expect(organization?.organization_name).to.equal(`Lamp ${slug.slice(5)} Ltd`);
  });
});
