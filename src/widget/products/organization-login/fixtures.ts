// How tools open the organization login (ProductFixtures): the size bench's page (a seeded organization by its slug:
// the email form), the accessibility gate's screens (the organization looked up, then with both its methods, its
// email link alone, its connections alone, and the address the link went to), and the cold page's journey (a link's
// token being checked) and its seed for the others (a cold page's element holds the consumer project's token, which
// the organization calls refuse).
import type { AuthLoginConfig } from '../../config.ts';
import type { SsoActiveConnection } from '../../../api/organizations.ts';
import type { ProductFixtures } from '../types.ts';
import type { SlugOrganization } from './organization.ts';

const EMAIL = 'ada.lovelace@northwind-lighting.example';
/** The demo's partner whose staff sign in by email link (seeded in development). */
const ORGANIZATION_LOGIN: AuthLoginConfig = {
  authFlowType: 'Organization',
  products: ['emailMagicLinks', 'sso'],
  organizationSlug: 'aurora-theatre',
};

const CONNECTIONS: SsoActiveConnection[] = [
  { connection_id: 'saml-connection-test-0c1e8f2b', display_name: 'Northwind Okta', identity_provider: 'okta' },
  {
    connection_id: 'oidc-connection-test-77a40d19',
    display_name: 'Northwind Entra ID',
    identity_provider: 'microsoft',
  },
];

/** An organization as the search by slug describes it, with the fields these screens read (the rest as test data). */
function organization(methods: Pick<SlugOrganization, 'auth_methods' | 'allowed_auth_methods'>): SlugOrganization {
  return {
    organization_id: 'organization-test-5c6e1d2a',
    organization_name: 'Northwind Lighting',
    organization_slug: 'northwind-lighting',
    organization_logo_url: '',
    sso_active_connections: CONNECTIONS,
    sso_default_connection_id: CONNECTIONS[0]!.connection_id,
    ...methods,
  } as Partial<SlugOrganization> as SlugOrganization;
}

const BOTH = organization({ auth_methods: 'ALL_ALLOWED', allowed_auth_methods: [] });

export const fixtures: ProductFixtures = {
  pages: [
    {
      name: 'organizationLogin',
      config: ORGANIZATION_LOGIN,
      usable: 'input[type="email"]',
      // Its first screen opens instead of Main, so React renders it (the first paint paints Main alone), once the
      // organization has been looked up by its slug: with the single sign-on and MFA chunks it preloads as it shows
      // (its next steps), 133.2 KB measured (the screen parts it shares with single sign-on are a chunk of their own),
      // rounded up. A first paint of this screen would bring it near the organization products' 26 KB; not built yet.
      renderedByReactKB: 134,
    },
  ],
  accessibility: {
    config: ORGANIZATION_LOGIN,
    params: {},
    variants: async () => [
      { organization: null },
      { organization: BOTH, email: EMAIL },
      { organization: organization({ auth_methods: 'RESTRICTED', allowed_auth_methods: ['magic_link'] }) },
      { organization: organization({ auth_methods: 'RESTRICTED', allowed_auth_methods: ['sso'] }) },
    ],
  },
  coldPage: {
    journeys: {
      'organizationLogin.authenticating': {
        kind: 'urlToken',
        config: ORGANIZATION_LOGIN,
        hold: '/b2b/magic_links/authenticate',
      },
    },
    seed: { config: ORGANIZATION_LOGIN, params: {}, context: () => ({ organization: BOTH, email: EMAIL }) },
  },
};
