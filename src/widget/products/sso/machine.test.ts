/// <reference types="mocha" />
// Single sign-on's statechart, run by the root as it is in the widget: a real client on the service's organization
// project and the development seeds' SAML organization (Lumen Stage Systems), the page's navigation to the identity
// provider recorded instead of followed.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import type { RootEmitted } from '../../machine/types.ts';
import { testEnv, uniqueEmail } from '../../../../test/support/env.ts';
import { productOf, screenOf, waitForProduct, waitForScreen } from '../../../../test/support/machine.ts';
import { recordNavigations } from '../../../../test/support/navigation.ts';
import { organizationRootFixture } from '../../../../test/support/organizations.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

/** The development seeds' organization that admits its members only through its SAML connection. */
const SAML_DOMAIN = 'lumenstage.localhost';

describe('single sign-on statechart', () => {
  const fixture = organizationRootFixture();
  let navigations: ReturnType<typeof recordNavigations>;
  let emitted: RootEmitted[];
  beforeEach(() => {
    navigations = recordNavigations();
    emitted = [];
  });
  afterEach(() => navigations.restore());

  const eventTypes = () => emitted.flatMap((e) => (e.type === 'widget.event' ? [e.detail.type] : []));

  function startFromMain(email = '') {
    const a = fixture.start();
    a.on('*', (e) => emitted.push(e));
    if (email) a.send({ type: 'EMAIL_CHANGED', email });
    a.send({ type: 'START', product: 'sso', params: {} });
    return a;
  }

  it(
    "Main's button: SSO discovery asks for the address (Main's, as typed); an invalid one is said, one without " +
      'connections says so, and Try another method is Main anew',
    async () => {
      const email = uniqueEmail('no-sso');
      const a = startFromMain(email);
      await waitForProduct(a, 'email');
      expect(screenOf(a)).to.equal('SSODiscovery');
      expect(productOf(a)!.getSnapshot().context.email).to.equal(email);

      productOf(a)!.send({ type: 'EMAIL_CHANGED', email: 'nobody' });
      productOf(a)!.send({ type: 'SUBMIT' });
      expect(productOf(a)!.getSnapshot().context.errorDescriptor).to.deep.equal({
        messageKey: 'validation.emailInvalid',
      });
      expect(fixture.rec.to('/b2b/sso/')).to.have.length(0);

      productOf(a)!.send({ type: 'EMAIL_CHANGED', email: ` ${email} ` });
      productOf(a)!.send({ type: 'SUBMIT' });
      expect(productOf(a)!.getSnapshot().value).to.equal('discovering');
      await waitForProduct(a, 'none');
      expect(screenOf(a)).to.equal('SSODiscovery');
      const [discover] = fixture.rec.to('/sdk/v1/b2b/sso/discovery/connections');
      expect(new URL(discover!.url).searchParams.get('email_address')).to.equal(email);
      expect(eventTypes()).to.deep.equal(['B2B_SSO_DISCOVER_CONNECTIONS']);

      productOf(a)!.send({ type: 'BACK' });
      expect(productOf(a)!.getSnapshot().value).to.equal('email');
      productOf(a)!.send({ type: 'SUBMIT' });
      await waitForProduct(a, 'none');
      productOf(a)!.send({ type: 'TRY_ANOTHER' });
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
    },
  );

  it(
    "an address whose domain has one connection goes straight to its identity provider (the service's start " +
      'address); a page restored from the back/forward cache is Main as it was',
    async () => {
      const a = startFromMain(`ada-${crypto.randomUUID().slice(0, 6)}@${SAML_DOMAIN}`);
      await waitForProduct(a, 'email');
      productOf(a)!.send({ type: 'SUBMIT' });
      await waitForProduct(a, 'redirecting');
      expect(screenOf(a)).to.equal('Loading');
      expect(navigations.visited).to.have.length(1);
      const start = new URL(navigations.visited[0]!);
      expect(start.origin + start.pathname).to.equal(`${testEnv.baseUrl}/v1/public/sso/start`);
      const connectionId = start.searchParams.get('connection_id');
      expect(connectionId).to.be.a('string').and.not.equal('');
      expect(eventTypes()).to.deep.equal(['B2B_SSO_DISCOVER_CONNECTIONS', 'B2B_SSO_START']);
      const start2 = emitted.find((e) => e.type === 'widget.event' && e.detail.type === 'B2B_SSO_START');
      expect(start2?.type === 'widget.event' && start2.detail.data).to.deep.equal({ connection_id: connectionId });

      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
      expect(a.getSnapshot().context.errorDescriptor).to.equal(null);
    },
  );

  it('a connection handed over (an organization that admits its members only by SSO) starts at once', async () => {
    const probe = startFromMain(`grace-${crypto.randomUUID().slice(0, 6)}@${SAML_DOMAIN}`);
    await waitForProduct(probe, 'email');
    productOf(probe)!.send({ type: 'SUBMIT' });
    await waitForProduct(probe, 'redirecting');
    const connectionId = new URL(navigations.visited[0]!).searchParams.get('connection_id')!;
    probe.stop();

    const a = fixture.start();
    a.send({ type: 'START', product: 'sso', params: { connectionId } });
    await waitForProduct(a, 'redirecting');
    expect(navigations.visited).to.have.length(2);
    expect(new URL(navigations.visited[1]!).searchParams.get('connection_id')).to.equal(connectionId);
  });

  it('an IdP token the service refuses ends on the Error screen, the token out of the address', async () => {
    const a = fixture.start(undefined, { url: `${testEnv.pageOrigin}/?stytch_token_type=sso&token=not-a-real-token` });
    a.on('*', (e) => emitted.push(e));
    expect(screenOf(a)).to.equal('Loading');
    await waitForScreen(a, 'Error');
    expect(a.getSnapshot().context.errorDescriptor?.errorType).to.be.a('string');
    expect(emitted.filter((e) => e.type === 'widget.error')).to.have.length.greaterThan(0);
  });
});
