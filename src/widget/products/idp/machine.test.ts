/// <reference types="mocha" />
// The identity provider's statechart through the root, with the real client and service: the page's query opens it
// (no mode needed), each state names its screen, no session ends on Main with the spec's message, the automatic
// submit never rests on Consent, and No on the logout question keeps the session.
import { expect } from 'chai';
import { IDENTITY_PROVIDER } from './constants.ts';
import { signIn } from '../../../../test/support/client.ts';
import { uniqueEmail } from '../../../../test/support/env.ts';
import { FIRST_PARTY_APP, THIRD_PARTY_APP, authorizeQuery, logoutQuery } from '../../../../test/support/idp.ts';
import { productOf, rootFixture, screenOf, waitForProduct, waitForScreen } from '../../../../test/support/machine.ts';
import { recordNavigations } from '../../../../test/support/navigation.ts';
import type { IdpContext } from './machine.ts';

describe('identity provider statechart (opened by the page query)', () => {
  const fx = rootFixture();
  let navigations: ReturnType<typeof recordNavigations>;
  const pageUrl = location.href;
  beforeEach(() => {
    navigations = recordNavigations();
  });
  afterEach(() => {
    navigations.restore();
    history.replaceState(null, '', pageUrl);
  });

  /** Puts the query on the page's address (the product reads it there) and starts the root on that address. */
  function openOn(query: string) {
    history.replaceState(null, '', `/${query}`);
    return fx.start({}, { url: location.href });
  }

  it(
    'an authorize link opens it; without a session it ends on Main with consent.noSession (no ' + 'preflight sent)',
    async () => {
      const root = openOn(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId }));
      await waitForScreen(root, 'Main');
      expect(root.getSnapshot().context.modeProduct).to.equal(IDENTITY_PROVIDER);
      expect(root.getSnapshot().context.errorDescriptor).to.deep.equal({ messageKey: 'consent.noSession' });
      expect(fx.rec.to('/sdk/v1/idp/oauth/authorize/start')).to.have.length(0);
    },
  );

  it(
    'consent: IdpLoading while the preflight runs, then Consent; Allow leaves for the app from ' + 'the leaving state',
    async () => {
      await signIn(fx.client, uniqueEmail('idp-machine-consent'));
      const root = openOn(authorizeQuery({ client_id: THIRD_PARTY_APP.clientId }));
      expect(screenOf(root)).to.be.oneOf(['Loading', 'IdpLoading']);
      const consent = await waitForProduct(root, { consent: 'asking' });
      expect(screenOf(root)).to.equal('Consent');
      expect((consent.context as IdpContext).preflight!.client.client_name).to.equal(THIRD_PARTY_APP.name);
      productOf(root)!.send({ type: 'ALLOW' });
      await waitForProduct(root, 'leaving');
      expect(screenOf(root)).to.equal('IdpLoading');
      expect(navigations.visited).to.have.length(1);
    },
  );

  it(
    'a first-party app goes from the preflight to the automatic submit and away, never resting ' + 'on Consent',
    async () => {
      await signIn(fx.client, uniqueEmail('idp-machine-first'));
      const root = openOn(authorizeQuery({ client_id: FIRST_PARTY_APP.clientId }));
      await waitForProduct(root, 'leaving');
      expect(
        fx.rec.to('/sdk/v1/idp/oauth/authorize/submit').map((r) => JSON.parse(r.body!).consent_granted),
      ).to.deep.equal([false]);
    },
  );

  it('logout: LogoutConsent; No rests on NotLoggedOut with the session kept', async () => {
    await signIn(fx.client, uniqueEmail('idp-machine-logout'));
    const root = openOn(logoutQuery({ client_id: THIRD_PARTY_APP.clientId }));
    await waitForProduct(root, 'logoutConsent');
    expect(screenOf(root)).to.equal('LogoutConsent');
    expect(fx.logged.map((e) => e.name)).to.include('render_idp_screen');
    productOf(root)!.send({ type: 'NO' });
    await waitForProduct(root, 'notLoggedOut');
    expect(screenOf(root)).to.equal('NotLoggedOut');
    expect(fx.client.session.getSync()).to.not.equal(null);
  });

  it('a missing parameter rests on IdpError', async () => {
    const withMode = openOn(`?client_id=${THIRD_PARTY_APP.clientId}&post_logout_redirect_uri=`);
    await waitForProduct(withMode, 'invalid');
    expect(screenOf(withMode)).to.equal('IdpError');
  });
});
