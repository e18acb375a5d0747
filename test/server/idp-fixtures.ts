// Connected apps and an RBAC policy shared by the identity-provider suites.
import type { RbacPolicy } from '../../src/api/bootstrap.ts';
import type { ConnectedAppConfig } from '../../src/server/config.ts';

export const APP_ORIGIN = 'http://library.localhost:4000';
export const CALLBACK = `${APP_ORIGIN}/callback`;
export const AFTER_LOGOUT = `${APP_ORIGIN}/signed-out`;

export const THIRD_PARTY: ConnectedAppConfig = {
  client_id: 'westlight-library',
  name: 'Westlight Library e-resources',
  description: 'Journals and e-books',
  client_type: 'third_party',
  logo_url: 'https://library.example.org/logo.png',
  client_secret: 'library-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  redirect_uris: [CALLBACK],
  post_logout_redirect_uris: [AFTER_LOGOUT],
};
export const FIRST_PARTY: ConnectedAppConfig = {
  client_id: 'westlight-portal',
  name: 'Student portal',
  description: 'Westlight’s own portal',
  client_type: 'first_party',
  client_secret: 'portal-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  redirect_uris: [`${APP_ORIGIN}/portal/callback`],
  post_logout_redirect_uris: [AFTER_LOGOUT],
};
export const PUBLIC_APP: ConnectedAppConfig = {
  client_id: 'westlight-mobile',
  name: 'Westlight mobile',
  description: 'The phone app',
  client_type: 'third_party_public',
  redirect_uris: [`${APP_ORIGIN}/mobile/callback`],
};
/** An app registered as before the service was an OpenID provider: listed among connected apps, never authorized. */
export const LISTED_ONLY: ConnectedAppConfig = {
  client_id: 'grades-sync',
  name: 'Grades Sync',
  description: 'Copies grades',
  client_type: 'third_party',
};

export const CONNECTED_APPS = [THIRD_PARTY, FIRST_PARTY, PUBLIC_APP, LISTED_ONLY];

export const RBAC_POLICY: RbacPolicy = {
  roles: [
    {
      role_id: 'librarian',
      description: 'Library staff',
      permissions: [{ resource_id: 'catalogue', actions: ['read', 'write'] }],
    },
    { role_id: 'reader', description: 'Anyone', permissions: [{ resource_id: 'catalogue', actions: ['read'] }] },
  ],
  resources: [{ resource_id: 'catalogue', description: 'The catalogue', actions: ['read', 'write'] }],
  scopes: [
    {
      scope: 'catalogue:read',
      description: 'Read the library catalogue',
      permissions: [{ resource_id: 'catalogue', actions: ['read'] }],
    },
    {
      scope: 'catalogue:write',
      description: 'Edit the library catalogue',
      permissions: [{ resource_id: 'catalogue', actions: ['read', 'write'] }],
    },
  ],
};
