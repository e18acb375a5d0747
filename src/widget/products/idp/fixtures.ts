// How tools open the identity provider (ProductFixtures): no page of its own (no config enables it; its code is
// checked as foreign on every page), and the accessibility gate's screens: consent for a third-party app asking for
// a scope the user cannot grant, logout, and a link missing a parameter.
import type { ProductFixtures } from '../types.ts';
import { IDENTITY_PROVIDER_MODE } from './constants.ts';

const EMAIL = 'ada.lovelace@westlight.edu';
const LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2248%22 height=%2248%22/%3E';
/** The test service's third-party app (test/web-test-runner.config.mjs). */
const CLIENT_ID = 'idp-third-party-wtr';

export const fixtures: ProductFixtures = {
  pages: [],
  accessibility: {
    config: { products: ['emailMagicLinks'] },
    params: { mode: IDENTITY_PROVIDER_MODE },
    variants: async ({ pageOrigin }) => {
      const authorize = {
        client_id: CLIENT_ID,
        redirect_uri: `${pageOrigin}/app/callback`,
        response_type: 'code',
        scope: 'openid email profile read:grades',
        state: 'state-1',
        nonce: 'nonce-1',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      };
      return [
        {
          request: { flow: 'authorize', request: authorize },
          preflight: {
            request_id: 'request-id-test-1',
            status_code: 200,
            user_id: 'user-test-1',
            user: { user_id: 'user-test-1', emails: [{ email: EMAIL, verified: true }] },
            client: {
              client_id: CLIENT_ID,
              client_type: 'third_party',
              client_name: 'Westlight Library e-resources',
              client_description: 'Journals and e-books',
              client_logo_url: LOGO,
            },
            consent_required: true,
            scope_results: [
              { scope: 'openid', description: 'Sign you in', is_grantable: true },
              { scope: 'email', description: 'See your email address', is_grantable: true },
              { scope: 'profile', description: 'See your name', is_grantable: true },
              { scope: 'read:grades', description: 'Read your grades', is_grantable: false },
            ],
          },
        },
        {
          request: {
            flow: 'logout',
            request: { client_id: CLIENT_ID, post_logout_redirect_uri: `${pageOrigin}/app/logged-out` },
          },
        },
        { request: { flow: 'invalid', missing: 'redirect_uri' } },
      ];
    },
  },
};
