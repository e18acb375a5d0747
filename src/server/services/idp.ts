// The three calls of the site's authorize and logout pages (wire contract 3.12): the consent preflight, the submit
// that mints the authorization code through oidc-provider's own models, and the logout preflight.
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_RESPONSE_TYPE,
  isStandardScope,
  type AuthorizeStartResponse,
  type AuthorizeSubmitResponse,
  type IdpClient,
  type LogoutStartResponse,
  type ScopeResult,
} from '../../api/idp.ts';
import type { ConnectedAppConfig } from '../config.ts';
import {
  MAX_IDP_SCOPES,
  MAX_IDP_STRING_LENGTH,
  STANDARD_SCOPE_DESCRIPTIONS,
  UNKNOWN_SCOPE_DESCRIPTION,
} from '../constants.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { optionalBoolean, optionalString, requiredString, type JsonObject } from '../http/validate.ts';
import { isPublicApp } from '../connected-apps.ts';
import { providerFor, type OidcProvider } from '../oidc/provider.ts';
import { rolesAllow } from '../security/rbac.ts';
import type { ActiveSession } from '../store/sessions.ts';
import { liveIdpGrant, upsertIdpGrant } from '../store/idp-grants.ts';
import { loadFullUser, rolesOf } from './users.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/** RFC 6749 section 3.3: a scope token is printable ASCII without space, `"` or `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** RFC 7636: an S256 challenge is the base64url SHA-256 digest, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

interface AuthorizeRequest {
  app: ConnectedAppConfig;
  redirectUri: string;
  scopes: string[];
  forceConsent: boolean;
}

function boundedString(body: JsonObject, field: string, required: true): string;
function boundedString(body: JsonObject, field: string, required: false): string | undefined;
function boundedString(body: JsonObject, field: string, required: boolean): string | undefined {
  const value = required ? requiredString(body, field) : optionalString(body, field);
  if (value !== undefined && value.length > MAX_IDP_STRING_LENGTH) {
    throw Errors.invalidRequest('fieldTooLong', { field, max: MAX_IDP_STRING_LENGTH });
  }
  if (value?.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field });
  return value;
}

function connectedApp(deps: Deps, clientId: string): ConnectedAppConfig {
  const app = deps.config.connectedApps.find((a) => a.client_id === clientId);
  if (!app) throw Errors.idpClientNotFound(clientId);
  return app;
}

function readScopes(body: JsonObject): string[] {
  const value = body['scopes'];
  if (value === undefined || value === null) throw Errors.invalidRequest('fieldRequired', { field: 'scopes' });
  if (!Array.isArray(value)) throw Errors.invalidRequest('fieldNotStringArray', { field: 'scopes' });
  if (value.length > MAX_IDP_SCOPES) throw Errors.invalidScope('tooManyScopes', { max: MAX_IDP_SCOPES });
  for (const scope of value) {
    if (typeof scope !== 'string') throw Errors.invalidRequest('fieldNotStringArray', { field: 'scopes' });
    if (!SCOPE_TOKEN.test(scope) || scope.length > MAX_IDP_STRING_LENGTH) {
      throw Errors.invalidScope('scopeNotValid', { scope: JSON.stringify(scope) });
    }
  }
  return [...new Set(value as string[])];
}

/** The fields the preflight and the submit share, checked in the order the client sends them. */
function readAuthorizeRequest(deps: Deps, body: JsonObject): AuthorizeRequest {
  const app = connectedApp(deps, boundedString(body, 'client_id', true));
  const redirectUri = boundedString(body, 'redirect_uri', true);
  if (!app.redirect_uris?.includes(redirectUri)) throw Errors.invalidRedirectUri(redirectUri);
  if (boundedString(body, 'response_type', true) !== DEFAULT_RESPONSE_TYPE) throw Errors.unsupportedResponseType();
  const scopes = readScopes(body);
  const prompt = boundedString(body, 'prompt', false);
  return { app, redirectUri, scopes, forceConsent: (prompt ?? '').split(' ').includes('consent') };
}

function describeApp(app: ConnectedAppConfig): IdpClient {
  return {
    client_id: app.client_id,
    client_type: app.client_type,
    client_name: app.name,
    client_description: app.description,
    ...(app.logo_url ? { client_logo_url: app.logo_url } : {}),
  };
}

/**
 * Standard scopes are always grantable; a custom one when the policy has it and the user's roles allow all it lists.
 */
function scopeResults(deps: Deps, roles: readonly string[], scopes: readonly string[]): ScopeResult[] {
  const policy = deps.config.rbacPolicy;
  return scopes.map((scope) => {
    if (isStandardScope(scope)) return { scope, description: STANDARD_SCOPE_DESCRIPTIONS[scope], is_grantable: true };
    const custom = policy.scopes.find((s) => s.scope === scope);
    if (!custom) return { scope, description: UNKNOWN_SCOPE_DESCRIPTION, is_grantable: false };
    return { scope, description: custom.description, is_grantable: rolesAllow(policy, roles, custom.permissions) };
  });
}

/**
 * First-party apps never ask; third-party ones unless a live consent covers every grantable scope; prompt=consent
 * always asks.
 */
async function consentRequired(
  deps: Deps,
  userId: string,
  request: AuthorizeRequest,
  results: ScopeResult[],
): Promise<boolean> {
  if (request.forceConsent) return true;
  if (request.app.client_type.startsWith('first_party')) return false;
  const grant = await liveIdpGrant(deps.db, userId, request.app.client_id);
  if (!grant) return true;
  const granted = new Set(grant.scopes.split(' '));
  return results.some((r) => r.is_grantable && !granted.has(r.scope));
}

async function evaluate(deps: Deps, session: ActiveSession, body: JsonObject) {
  const request = readAuthorizeRequest(deps, body);
  const user = await loadFullUser(deps, session.userId);
  const results = scopeResults(deps, rolesOf(deps.config, user), request.scopes);
  return { request, user, results, consent: await consentRequired(deps, session.userId, request, results) };
}

/** POST /idp/oauth/authorize/start */
export async function authorizeStart(
  deps: Deps,
  session: ActiveSession,
  body: JsonObject,
): Promise<Payload<AuthorizeStartResponse>> {
  const { request, user, results, consent } = await evaluate(deps, session, body);
  return {
    user_id: session.userId,
    user,
    client: describeApp(request.app),
    consent_required: consent,
    scope_results: results,
  };
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

/**
 * POST /idp/oauth/authorize/submit: a refusal goes back to the app as `access_denied`; otherwise the grantable scopes
 * are recorded as the user's consent and an authorization code is minted that the token endpoint redeems.
 */
export async function authorizeSubmit(
  deps: Deps,
  session: ActiveSession,
  requestOrigin: string,
  body: JsonObject,
): Promise<Payload<AuthorizeSubmitResponse>> {
  const { request, results, consent } = await evaluate(deps, session, body);
  const state = boundedString(body, 'state', false);
  const nonce = boundedString(body, 'nonce', false);
  const codeChallenge = boundedString(body, 'code_challenge', false);
  if (codeChallenge !== undefined && !S256_CHALLENGE.test(codeChallenge)) {
    throw Errors.invalidCodeChallenge('codeChallengeNotS256');
  }
  if (codeChallenge === undefined && isPublicApp(request.app)) {
    throw Errors.invalidCodeChallenge('codeChallengeRequiredPublicClient');
  }
  const granted = optionalBoolean(body, 'consent_granted');
  if (granted === undefined) throw Errors.invalidRequest('fieldRequired', { field: 'consent_granted' });
  const provider = await providerFor(deps, requestOrigin);
  if (consent && !granted) {
    return { redirect_uri: withParams(request.redirectUri, { error: 'access_denied', state, iss: provider.issuer }) };
  }
  const scopes = results.filter((r) => r.is_grantable).map((r) => r.scope);
  const grantId = await recordConsent(deps, provider, session.userId, request.app.client_id, scopes);
  const client = await provider.Client.find(request.app.client_id);
  if (!client) throw Errors.invalidRedirectUri(request.redirectUri);
  const code = await new provider.AuthorizationCode({
    client,
    grantId,
    accountId: session.userId,
    redirectUri: request.redirectUri,
    scope: scopes.join(' '),
    nonce,
    ...(codeChallenge ? { codeChallenge, codeChallengeMethod: 'S256' } : {}),
    authTime: Math.floor(authenticatedAt(session) / 1000),
    // The service session the user consented in; oidc-provider copies it to every token issued from this code, and
    // they end when the user signs out of that session (store/oidc-payloads.ts). Not `expiresWithSession`: that would
    // ask oidc-provider's own sessions, which this flow never creates.
    sessionUid: session.id,
  }).save();
  return {
    redirect_uri: withParams(request.redirectUri, { code, state, iss: provider.issuer }),
    authorization_code: code,
  };
}

/** When the user last proved who they are in this session: the newest factor, else the session's start. */
function authenticatedAt(session: ActiveSession): number {
  const times = session.factors.map((f) => Date.parse(f.last_authenticated_at)).filter(Number.isFinite);
  return times.length ? Math.max(...times) : Date.parse(session.startedAt);
}

/**
 * The user's consent row (one live row per user and app, scopes merged) and oidc-provider's Grant it names, saved with
 * every scope consented so far (this request's first, so tokens name them in the order the app asked); the returned
 * id is the grant the new code hangs from.
 */
async function recordConsent(
  deps: Deps,
  provider: OidcProvider,
  userId: string,
  clientId: string,
  scopes: string[],
): Promise<string> {
  let row = await upsertIdpGrant(deps.db, {
    userId,
    clientId,
    scopes,
    oidcGrantId: randomBytes(32).toString('base64url'),
    now: deps.config.now(),
  });
  for (;;) {
    const grant = new provider.Grant({ accountId: userId, clientId, jti: row.oidc_grant_id });
    const all = [...scopes, ...row.scopes.split(' ').filter((scope) => scope && !scopes.includes(scope))];
    if (all.length) grant.addOIDCScope(all.join(' '));
    await grant.save();
    // A parallel submit may have merged more scopes and saved its grant before this save replaced it: save again until
    // the grant holds every consented scope, so no code names a scope its grant lacks (scopes only grow, so it ends).
    const latest = await liveIdpGrant(deps.db, userId, clientId);
    if (!latest || latest.oidc_grant_id !== row.oidc_grant_id || latest.scopes === row.scopes) return row.oidc_grant_id;
    row = latest;
  }
}

/**
 * POST /oauth/logout/start: consent is not needed when nobody is signed in, or when the app's ID token hint names the
 * signed-in user; otherwise the user confirms first.
 */
export async function logoutStart(
  deps: Deps,
  session: ActiveSession | null,
  requestOrigin: string,
  body: JsonObject,
): Promise<Payload<LogoutStartResponse>> {
  const app = connectedApp(deps, boundedString(body, 'client_id', true));
  const postLogoutUri = boundedString(body, 'post_logout_redirect_uri', true);
  if (!app.post_logout_redirect_uris?.includes(postLogoutUri)) throw Errors.invalidPostLogoutRedirectUri(postLogoutUri);
  const state = boundedString(body, 'state', false);
  const hint = boundedString(body, 'id_token_hint', false);
  const redirectUri = withParams(postLogoutUri, { state });
  if (!session) return { redirect_uri: redirectUri, consent_required: false };
  const subject = hint ? await hintSubject(deps, requestOrigin, app, hint) : null;
  return { redirect_uri: redirectUri, consent_required: subject !== session.userId };
}

/** The `sub` of an ID token we issued to this app (signature, issuer and audience checked; expiry not), else null. */
async function hintSubject(
  deps: Deps,
  requestOrigin: string,
  app: ConnectedAppConfig,
  hint: string,
): Promise<string | null> {
  const provider = await providerFor(deps, requestOrigin);
  const client = await provider.Client.find(app.client_id);
  if (!client) return null;
  try {
    const { payload } = await provider.IdToken.validate(hint, client);
    return typeof payload['sub'] === 'string' ? payload['sub'] : null;
  } catch {
    return null;
  }
}
