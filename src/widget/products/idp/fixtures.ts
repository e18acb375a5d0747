// How tools open the identity provider (ProductFixtures): no page of its own (no config enables it; its code is
// checked as foreign on every page), the accessibility gate's screens: consent for a third-party app asking for a
// scope the user cannot grant, logout, and a link missing a parameter; and the cold page's: an authorize link without
// its client_id, and its machine seeded with an authorize request (consent needs a signed-in visit of a connected app).
import type { ProductFixtures } from '../types.ts';
import { IDENTITY_PROVIDER_MODE } from './constants.ts';

const EMAIL = 'ada.lovelace@westlight.edu';
const LOGO = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2248%22 height=%2248%22/%3E';
/** The test service's third-party app (test/web-test-runner.config.mjs), and where it sends the visitor back. */
const CLIENT_ID = 'idp-third-party-wtr';
const CLIENT_NAME = 'Westlight Library e-resources';
const redirectUri = (pageOrigin: string) => `${pageOrigin}/app/callback`;

export const fixtures: ProductFixtures = {
  pages: [],
  accessibility: {
    config: { products: ['emailMagicLinks'] },
    params: { mode: IDENTITY_PROVIDER_MODE },
    variants: async ({ pageOrigin }) => {
      const authorize = {
        client_id: CLIENT_ID,
        redirect_uri: redirectUri(pageOrigin),
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
              client_name: CLIENT_NAME,
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
  coldPage: {
    // An authorize link without its client_id.
    journeys: {
      'idp.invalid': {
        kind: 'mode',
        query: ({ pageOrigin }) => `?redirect_uri=${encodeURIComponent(redirectUri(pageOrigin))}`,
      },
    },
    seed: {
      context: ({ pageOrigin }) => ({
        request: {
          flow: 'authorize',
          request: {
            client_id: CLIENT_ID,
            redirect_uri: redirectUri(pageOrigin),
            response_type: 'code',
            scopes: ['openid', 'email', 'profile', 'read:grades'],
          },
        },
      }),
      states: {
        // The authorize preflight's answer for the third-party app: two scopes this user may grant, one they may not.
        'idp.consent': () => ({
          preflight: {
            status_code: 200,
            request_id: 'cold-page',
            user_id: 'user-test-cold-page',
            user: null,
            consent_required: true,
            client: {
              client_id: CLIENT_ID,
              client_type: 'third_party',
              client_name: CLIENT_NAME,
              client_description: 'Journals and e-books',
              // A logo the page need not fetch: its alternative text is what is checked.
              client_logo_url: 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=',
            },
            scope_results: [
              { scope: 'openid', description: '', is_grantable: true },
              { scope: 'email', description: '', is_grantable: true },
              { scope: 'read:grades', description: 'Read your grades', is_grantable: false },
            ],
          },
        }),
        'idp.failed': () => ({
          errorDescriptor: { errorType: 'unauthorized_action', message: 'Unauthorized action.' },
        }),
      },
    },
  },
};
