// How tools open single sign-on (ProductFixtures): the size bench's page (Main with the 'Use single sign-on' block
// only), the accessibility gate's screens (an address, its connections, none), and the cold page's journeys (the
// block's button, an identity provider's token being checked) and its seed for the connections.
import type { AuthLoginConfig } from '../../config.ts';
import { PARTS } from '../../theme/parts.ts';
import type { SsoActiveConnection } from '../../../api/organizations.ts';
import type { ProductFixtures } from '../types.ts';

const EMAIL = 'ada.lovelace@northwind-lighting.example';
const SSO: AuthLoginConfig = { authFlowType: 'Discovery', products: ['emailMagicLinks', 'sso'] };

const CONNECTIONS: SsoActiveConnection[] = [
  { connection_id: 'saml-connection-test-0c1e8f2b', display_name: 'Northwind Okta', identity_provider: 'okta' },
  {
    connection_id: 'oidc-connection-test-77a40d19',
    display_name: 'Northwind Entra ID',
    identity_provider: 'microsoft',
  },
];

export const fixtures: ProductFixtures = {
  pages: [
    {
      name: 'sso',
      config: { authFlowType: 'Discovery', products: ['sso'] },
      usable: `button[part~="${PARTS.ssoButton}"]`,
    },
  ],
  accessibility: {
    config: SSO,
    params: {},
    variants: async () => [
      { email: EMAIL, connections: CONNECTIONS },
      { email: '', connections: [] },
    ],
  },
  coldPage: {
    journeys: {
      'sso.email': { kind: 'click', config: SSO, selector: `button[part~="${PARTS.ssoButton}"]` },
      'sso.authenticating': { kind: 'urlToken', config: SSO, hold: '/b2b/sso/authenticate' },
    },
    seed: { config: SSO, params: {}, context: () => ({ email: EMAIL, connections: CONNECTIONS }) },
  },
};
