// Checks the connected apps of a project config at start, so a broken registration stops the service with a message
// that names the app, instead of failing the first sign-in.
import type { ConnectedAppConfig } from './config.ts';

const CLIENT_TYPES: readonly ConnectedAppConfig['client_type'][] = [
  'first_party',
  'third_party',
  'first_party_public',
  'third_party_public',
];

/** A single-page or mobile app: no secret, PKCE required. */
export const isPublicApp = (app: ConnectedAppConfig) => app.client_type.endsWith('_public');

function checkUris(app: ConnectedAppConfig, field: 'redirect_uris' | 'post_logout_redirect_uris'): void {
  const uris = app[field];
  if (uris === undefined) return;
  if (!Array.isArray(uris))
    throw new Error(`Connected app ${app.client_id}: ${field} must be an array of absolute URLs.`);
  for (const uri of uris) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw new Error(
        `Connected app ${app.client_id}: ${field} has ${JSON.stringify(uri)}, which is not an absolute URL.`,
      );
    }
    if (url.hash)
      throw new Error(`Connected app ${app.client_id}: ${field} has ${JSON.stringify(uri)}, which has a fragment.`);
  }
}

/**
 * Every app needs a unique client_id, a name and a known client type. An app with redirect URIs can be authorized:
 * a confidential one (`first_party`, `third_party`) then needs its secret, and a public one must not have one. An app
 * without redirect URIs stays valid: it is only listed among a user's connected apps.
 */
export function validateConnectedApps(apps: readonly ConnectedAppConfig[]): void {
  const seen = new Set<string>();
  for (const app of apps) {
    if (typeof app.client_id !== 'string' || app.client_id === '')
      throw new Error('Every connected app needs a client_id.');
    if (seen.has(app.client_id)) throw new Error(`Connected app ${app.client_id} is listed twice.`);
    seen.add(app.client_id);
    if (typeof app.name !== 'string' || app.name === '')
      throw new Error(`Connected app ${app.client_id} needs a name.`);
    if (typeof app.description !== 'string')
      throw new Error(`Connected app ${app.client_id} needs a description (may be empty).`);
    if (!CLIENT_TYPES.includes(app.client_type)) {
      throw new Error(`Connected app ${app.client_id}: client_type must be one of ${CLIENT_TYPES.join(', ')}.`);
    }
    checkUris(app, 'redirect_uris');
    checkUris(app, 'post_logout_redirect_uris');
    if (!app.redirect_uris?.length) continue;
    if (!isPublicApp(app) && !app.client_secret) {
      throw new Error(`Connected app ${app.client_id} is confidential (${app.client_type}) and needs a client_secret.`);
    }
    if (isPublicApp(app) && app.client_secret) {
      throw new Error(
        `Connected app ${app.client_id} is a public client (${app.client_type}) and must not have a client_secret.`,
      );
    }
  }
}
