// The three calls of the site's authorize and logout pages (wire contract 3.12): the consent preflight, the submit
// that mints the authorization code through oidc-provider's own models, and the logout preflight.
import { randomBytes } from 'node:crypto';
import {
  isStandardScope,
  type AuthorizeStartResponse,
  type AuthorizeSubmitResponse,
  type IdpClient,
  type LogoutStartResponse,
  type ScopeResult,
} from '../../api/idp.ts';
import type { ConnectedAppConfig } from '../config.ts';
import { STANDARD_SCOPE_DESCRIPTIONS, UNKNOWN_SCOPE_DESCRIPTION } from '../oidc/constants.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { AuthorizeRequest, AuthorizeSubmitInput, LogoutStartInput } from '../routes/idp.schemas.ts';
import { providerFor, type OidcProvider } from '../oidc/provider.ts';
import { rolesAllow } from '../security/rbac.ts';
import type { ActiveSession } from '../store/sessions.ts';
import { liveIdpGrant, upsertIdpGrant } from '../store/idp-grants.ts';
import { loadFullUser, rolesOf } from './users.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

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

async function evaluate(deps: Deps, session: ActiveSession, request: AuthorizeRequest) {
  const user = await loadFullUser(deps, session.userId);
  const results = scopeResults(deps, rolesOf(deps.config, user), request.scopes);
  return { request, user, results, consent: await consentRequired(deps, session.userId, request, results) };
}

/** POST /idp/oauth/authorize/start */
export async function authorizeStart(
  deps: Deps,
  session: ActiveSession,
  input: AuthorizeRequest,
): Promise<Payload<AuthorizeStartResponse>> {
  const { request, user, results, consent } = await evaluate(deps, session, input);
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
  input: AuthorizeSubmitInput,
): Promise<Payload<AuthorizeSubmitResponse>> {
  // Every field, the submit's own too, was checked at the edge before these reads, which cannot fail for the live
  // session the route requires.
  const { results, consent } = await evaluate(deps, session, input.request);
  const { request, state, nonce, codeChallenge, consentGranted: granted } = input;
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
  input: LogoutStartInput,
): Promise<Payload<LogoutStartResponse>> {
  const { app, postLogoutUri, state, hint } = input;
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
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
