// The dev identity provider: stands in for every social provider without credentials (a sign-in page where any name
// and address is accepted) and for Google in One Tap (ID tokens signed by its own key). Development only.
import { createHash } from 'node:crypto';
import type { OAuthProvider } from '../../api/oauth.ts';
import type { ProjectConfig } from '../config.ts';
import { ID_ENVIRONMENT } from '../constants/identifiers.ts';
import { DEV_ID_TOKEN_LIFETIME_SECONDS, DEV_ONE_TAP_CLIENT_ID, MAX_DEV_NAME_LENGTH } from './constants.ts';
import {
  devIdentityBody,
  devSignInStateBody,
  type DevIdentityInput,
  type DevIdTokenInput,
} from './oauth-routes.schemas.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { validated } from '../http/edge.ts';
import type { JsonObject } from '../http/validate.ts';
import { generateSigningKey, loadSigningKey, signJwt, type SigningKey } from '../security/jwt.ts';
import { hashToken } from '../security/tokens.ts';
import { consumeState, findUsableState, type StateRow } from '../store/oauth.ts';
import { completeOAuth, flowOf, NO_PROVIDER_VALUES, type ProviderIdentity } from '../services/oauth.ts';

/** Path of the dev issuer under the service's origin (`iss` of dev ID tokens). */
export const DEV_ISSUER_PATH = '/dev/oauth';

export function devIssuer(origin: string): string {
  return `${origin}${DEV_ISSUER_PATH}`;
}

/**
 * The dev identity provider's own key, one per service and kept in memory: dev ID tokens live minutes, so a restart
 * losing it costs nothing, and a key of its own means no session JWT can pass for an ID token or the reverse.
 */
const devKeys = new WeakMap<ProjectConfig, SigningKey>();

export function devSigningKey(config: ProjectConfig): SigningKey {
  let key = devKeys.get(config);
  if (!key) {
    // Development only, so its kid says development's environment.
    key = loadSigningKey(generateSigningKey(ID_ENVIRONMENT));
    devKeys.set(config, key);
  }
  return key;
}

/** A stable subject per provider and address, like a real provider's: the same person always gets the same one. */
export function devSubject(provider: OAuthProvider, email: string): string {
  return `dev-${createHash('sha256').update(`${provider}:${email}`, 'utf8').digest('hex').slice(0, 32)}`;
}

/** The dev identity's name and address, checked; the name defaults to the address's local part. */
export function readDevIdentity(input: DevIdentityInput): { email: string; name: string } {
  const { email } = input;
  const name = (input.name ?? '').trim() || (email.split('@')[0] ?? '');
  if (name.length > MAX_DEV_NAME_LENGTH)
    throw Errors.invalidRequest('fieldTooLong', { field: 'name', max: MAX_DEV_NAME_LENGTH });
  return { email, name };
}

export function devProviderIdentity(
  provider: OAuthProvider,
  identity: { email: string; name: string },
): ProviderIdentity {
  return {
    provider,
    subject: devSubject(provider, identity.email),
    email: identity.email,
    // The dev identity provider vouches for whatever it is told: it exists so a developer can be anyone.
    emailVerified: true,
    name: identity.name,
    pictureUrl: '',
    locale: '',
    devIdentity: true,
    providerValues: NO_PROVIDER_VALUES,
  };
}

/** The state the dev sign-in page was opened with, if it can still be used. */
export async function usableDevState(deps: Deps, state: string | undefined): Promise<StateRow> {
  if (!state) throw Errors.oauthStateNotFound();
  const row = await findUsableState(deps.db, hashToken(state), deps.config.now());
  if (!row) throw Errors.oauthStateNotFound();
  return row;
}

/**
 * POST /dev/oauth/authorize: Cancel goes back to the login page without a token; Sign in completes like a provider.
 * Everything is checked before the state is used up, so a typo in the address leaves the page usable.
 */
export async function finishDevSignIn(deps: Deps, form: JsonObject): Promise<string> {
  const { state } = validated(devSignInStateBody, form);
  await usableDevState(deps, state);
  const cancel = form.action === 'cancel';
  const identity = cancel ? null : readDevIdentity(validated(devIdentityBody, form));
  const row = await consumeState(deps.db, hashToken(state), deps.config.now());
  if (!row) throw Errors.oauthStateNotFound();
  if (!identity) return row.login_redirect_url;
  return completeOAuth(deps, devProviderIdentity(row.provider, identity), flowOf(row));
}

/** POST /dev/google-one-tap/id-token: a Google-shaped ID token for the dev One Tap card. */
export function issueDevIdToken(deps: Deps, origin: string, input: DevIdTokenInput): { id_token: string } {
  const { nonce } = input;
  const identity = readDevIdentity(input);
  const now = Math.floor(deps.config.now() / 1000);
  const claims = {
    iss: devIssuer(origin),
    aud: DEV_ONE_TAP_CLIENT_ID,
    azp: DEV_ONE_TAP_CLIENT_ID,
    sub: devSubject('google', identity.email),
    email: identity.email,
    email_verified: true,
    name: identity.name,
    nonce,
    iat: now,
    exp: now + DEV_ID_TOKEN_LIFETIME_SECONDS,
  };
  return { id_token: signJwt(claims, devSigningKey(deps.config)) };
}
