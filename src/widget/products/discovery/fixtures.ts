// How tools open organization discovery (ProductFixtures): the size bench's page (an organization sign-in's Main),
// the accessibility gate's screens (a proven address with organizations of every membership, with none, and the
// creation form), and the cold page's journeys (a link being sent, its token being checked: both wait on the
// service) and its seed for the others (a cold page's element holds the consumer project's token, which the
// organization calls refuse).
import type { AuthLoginConfig } from '../../config.ts';
import type { ColdPageContext, ProductFixtures } from '../types.ts';
import type { DiscoveredOrganization } from '../../../api/discovery.ts';
import type { Member, Organization } from '../../../api/organizations.ts';

const EMAIL = 'ada.lovelace@northwind-lighting.example';
const DISCOVERY: AuthLoginConfig = { authFlowType: 'Discovery', products: ['emailMagicLinks'] };

/** An organization as the service describes it, with the fields these screens read (the rest as test data). */
function organization(id: string, name: string, slug: string): Organization {
  return {
    organization_id: `organization-test-${id}`,
    organization_name: name,
    organization_slug: slug,
    organization_logo_url: '',
    sso_default_connection_id: null,
    sso_active_connections: [],
    mfa_policy: 'OPTIONAL',
    mfa_methods: 'ALL_ALLOWED',
    allowed_mfa_methods: [],
  } as Partial<Organization> as Organization;
}

/** The member an active, pending or invited membership names (test data: the screens read none of it). */
const MEMBER = { email_address: EMAIL } as Member;

/** An address that is a member of one organization, may join another by its domain, and is invited to a third. */
export const DISCOVERED: DiscoveredOrganization[] = [
  {
    organization: organization('5c6e1d2a', 'Northwind Lighting', 'northwind-lighting'),
    membership: { type: 'active_member', details: null, member: MEMBER },
    member_authenticated: false,
    primary_required: null,
    mfa_required: null,
  },
  {
    organization: organization('8f0b7c41', 'Harbor Stage Company', 'harbor-stage'),
    membership: {
      type: 'eligible_to_join_by_email_domain',
      details: { domain: 'northwind-lighting.example' },
      member: null,
    },
    member_authenticated: false,
    primary_required: null,
    mfa_required: null,
  },
  {
    organization: organization('a93d22e7', 'Lumen Theatre', 'lumen-theatre'),
    membership: { type: 'invited_member', details: null, member: MEMBER },
    member_authenticated: false,
    primary_required: null,
    mfa_required: null,
  },
];

const withOrganizations = { email: EMAIL, organizations: DISCOVERED };

export const fixtures: ProductFixtures = {
  pages: [{ name: 'discovery', config: DISCOVERY, usable: 'input[type="email"]' }],
  accessibility: {
    config: DISCOVERY,
    params: { tab: 'email' },
    variants: async ({ client }) => {
      const bootstrap = await client.bootstrap.get();
      const creating = { ...bootstrap, createOrganizationEnabled: true };
      return [
        { ...withOrganizations, chosen: DISCOVERED[1]!.organization.organization_id },
        { ...withOrganizations, bootstrap: creating },
        { email: EMAIL, organizations: [], bootstrap: creating },
        { email: EMAIL, organizations: [] },
        {
          email: EMAIL,
          organizations: [],
          bootstrap: creating,
          form: { name: 'Northwind Lighting', slug: 'Northwind!', slugEdited: true },
          errorField: 'slug',
        },
      ];
    },
  },
  coldPage: {
    journeys: {
      'discovery.sending': { kind: 'email', config: DISCOVERY, hold: '/b2b/magic_links/email/discovery/send' },
      'discovery.authenticating': {
        kind: 'urlToken',
        config: DISCOVERY,
        hold: '/b2b/magic_links/discovery/authenticate',
      },
    },
    seed: {
      config: DISCOVERY,
      params: { tab: 'email' },
      context: ({ uniqueEmail }: ColdPageContext) => ({ ...withOrganizations, email: uniqueEmail('cold-discovery') }),
    },
  },
};
