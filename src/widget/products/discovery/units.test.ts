/// <reference types="mocha" />
// Organization discovery's pure parts: the creation form's slug (made from the name, checked against the service's
// rule), what each organization's button says, direct sign-in for a single membership, the discovery link's wire
// options, and the record's part of the config.
import { registerOrganizationProducts } from '../registry.ts';
import { expect } from 'chai';
import type { DiscoveredOrganization } from '../../../api/discovery.ts';
import { resolveConfig } from '../../config.ts';
import { discoveryWireOptions } from './config.ts';
import {
  directLoginOrganization,
  membershipAction,
  organizationFormError,
  slugAllowed,
  slugFrom,
} from './organization-form.ts';

// The organization products register on demand (the element does it for an organization sign-in).
await registerOrganizationProducts();

function discovered(id: string, type: DiscoveredOrganization['membership']['type']): DiscoveredOrganization {
  return { organization: { organization_id: id }, membership: { type } } as DiscoveredOrganization;
}

describe('organization discovery', () => {
  it('makes a slug from a name: lower case, accents and other marks to one dash', () => {
    expect(slugFrom('Gobo Works Ltd')).to.equal('gobo-works-ltd');
    expect(slugFrom('  Théâtre  Lumière & Co. ')).to.equal('theatre-lumiere-co.');
    expect(slugFrom('!!!')).to.equal('');
  });

  it("checks a slug against the service's rule: 2 to 128 lower-case letters, digits and - . _ ~", () => {
    expect(slugAllowed('gobo-works')).to.equal(true);
    expect(slugAllowed('a.b_c~d')).to.equal(true);
    expect(slugAllowed('x'.repeat(128))).to.equal(true);
    expect(slugAllowed('x'.repeat(129))).to.equal(false);
    expect(slugAllowed('Gobo Works')).to.equal(false);
    expect(slugAllowed('g')).to.equal(false);
    expect(slugAllowed('')).to.equal(false);
    expect(organizationFormError({ name: ' ', slug: 'ok-slug' })).to.deep.equal({
      field: 'name',
      messageKey: 'discovery.create.nameRequired',
    });
    expect(organizationFormError({ name: 'Gobo', slug: ' gobo ' })).to.equal(null);
    expect(organizationFormError({ name: 'Gobo', slug: 'Gobo!' })?.field).to.equal('slug');
  });

  it("says what an organization's button does: join (by domain, or a pending membership), accept an invite", () => {
    expect(membershipAction({ type: 'eligible_to_join_by_email_domain' } as never)).to.equal('discovery.join');
    expect(membershipAction({ type: 'pending_member' } as never)).to.equal('discovery.join');
    expect(membershipAction({ type: 'invited_member' } as never)).to.equal('discovery.acceptInvite');
    expect(membershipAction({ type: 'active_member' } as never)).to.equal(null);
  });

  it('signs in directly to the one active membership unless invitations or domains wait and are not ignored', () => {
    const on = { status: true, ignoreInvites: false, ignoreJitProvisioning: false };
    const one = [discovered('a', 'active_member')];
    expect(directLoginOrganization(one, on)?.organization.organization_id).to.equal('a');
    expect(directLoginOrganization(one, { ...on, status: false })).to.equal(null);
    expect(directLoginOrganization(one, null)).to.equal(null);
    const invited = [...one, discovered('b', 'invited_member')];
    expect(directLoginOrganization(invited, on)).to.equal(null);
    expect(directLoginOrganization(invited, { ...on, ignoreInvites: true })?.organization.organization_id).to.equal(
      'a',
    );
    const domain = [...one, discovered('c', 'eligible_to_join_by_email_domain')];
    expect(directLoginOrganization(domain, on)).to.equal(null);
    expect(directLoginOrganization(domain, { ...on, ignoreJitProvisioning: true })).to.not.equal(null);
    expect(directLoginOrganization([...one, discovered('d', 'active_member')], on)).to.equal(null);
  });

  it("sends the discovery link's options under the wire's names, its redirect URL resolved against the page", () => {
    const config = resolveConfig(
      {
        authFlowType: 'Discovery',
        products: ['emailMagicLinks'],
        emailMagicLinksOptions: { discoveryRedirectURL: '/portal', discoveryExpirationMinutes: 15, locale: 'fr' },
        directCreateOrganizationForNoMembership: true,
      },
      'https://school.example',
    );
    expect(discoveryWireOptions(config, 'https://school.example/login?x=1')).to.deep.equal({
      discovery_redirect_url: 'https://school.example/portal',
      discovery_expiration_minutes: 15,
      locale: 'fr',
    });
    expect(config.discovery).to.deep.equal({
      directLoginForSingleMembership: null,
      directCreateOrganizationForNoMembership: true,
      disableCreateOrganization: false,
    });
    expect(discoveryWireOptions(resolveConfig({ authFlowType: 'Discovery' }), undefined)).to.deep.equal({});
  });
});
