// Social sign-in: the start (state, then the provider or the dev identity provider), the completion every route
// ends in (real callback, dev sign-in, One Tap), and POST /oauth/authenticate.
import * as client from 'openid-client';
import {
  OAUTH_CALLBACK_PATH,
  OAUTH_PROVIDERS_WITHOUT_EMAIL,
  OAUTH_START_PARAMS,
  isOAuthProvider,
  type OAuthAuthenticateResponse,
  type OAuthProvider,
  type OAuthProviderValues,
} from '../../api/oauth.ts';
import { DEFAULT_LOCALE } from '../../api/locales.ts';
import { TOKEN_TYPES } from '../../api/magic-links.ts';
import type { AuthenticationFactor } from '../../api/session.ts';
import {
  MAX_OAUTH_PARAM_LENGTH,
  MAX_OAUTH_PROVIDER_PARAMS,
  OAUTH_PROVIDER_PARAM_KEY_PATTERN,
  OAUTH_SCOPE_TOKEN_PATTERN,
  OAUTH_STATE_LIFETIME_MS,
  OAUTH_TOKEN_LIFETIME_MS,
} from '../constants/social.ts';
import type { Deps } from '../context.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import { requirePublicTokenParam } from '../middleware/auth.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { isJsonObject, normalizeEmail } from '../http/validate.ts';
import type { TokenAuthenticationInput } from '../routes/token-authentication.schemas.ts';
import { isS256Challenge } from '../security/pkce.ts';
import { providerType, usesFormPost } from '../security/oauth-providers.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import {
  consumeOAuthToken,
  consumeState,
  findRegistration,
  findRegistrationById,
  findUsableOAuthToken,
  findUsableState,
  insertOAuthToken,
  insertState,
  upsertRegistration,
  type StateRow,
} from '../store/oauth.ts';
import { fillEmptyName, insertUser } from '../store/users.ts';
import { proveContact } from './proof.ts';
import { allowedRedirectUrl, tokenUrl } from './magic-links.ts';
import {
  claimsAfterGrant,
  credentialsFor,
  providerClient,
  providerValues,
  type ProviderClaims,
} from './oauth-clients.ts';
import { authenticatePayload, sessionAfterAuthentication } from './sessions.ts';
import { checkPkce } from './token-authentication.ts';
import { message, verbatim } from '../i18n/message.ts';

/** Where the dev identity provider's sign-in page lives (only mounted when it is on). */
export const DEV_OAUTH_AUTHORIZE_PATH = '/dev/oauth/authorize';

/** Provider tokens of a sign-in that had none (the dev identity provider, One Tap). */
export const NO_PROVIDER_VALUES: OAuthProviderValues = {
  access_token: '',
  id_token: '',
  refresh_token: '',
  scopes: [],
  expires_at: '',
};

/** Real credentials always win; without them the dev identity provider stands in when it is on. */
export function providerMode(deps: Deps, provider: OAuthProvider): 'provider' | 'dev' | null {
  if (credentialsFor(deps.config, provider)) return 'provider';
  return deps.config.devIdentityProvider ? 'dev' : null;
}

// ---- start ----

interface StartRequest {
  provider: OAuthProvider;
  codeChallenge: string | null;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
  customScopes: string[];
  providerParams: Record<string, string>;
}

/** GET /v1/public/oauth/:provider/start: validates, records the state, and answers where to send the browser. */
export async function startOAuth(
  deps: Deps,
  providerName: string,
  query: URLSearchParams,
  origin: string,
): Promise<string> {
  const request = readStartRequest(deps, providerName, query);
  const mode = providerMode(deps, request.provider);
  if (!mode) throw Errors.oauthConfigNotFound(request.provider);

  const state = newSecretToken();
  const nonce = newSecretToken();
  const providerCodeVerifier = client.randomPKCECodeVerifier();
  const now = deps.config.now();
  const row: StateRow = {
    provider: request.provider,
    code_challenge: request.codeChallenge,
    login_redirect_url: request.loginRedirectUrl,
    signup_redirect_url: request.signupRedirectUrl,
    scopes: request.customScopes.join(' '),
    nonce,
    provider_code_verifier: providerCodeVerifier,
  };

  if (mode === 'dev') {
    await insertState(deps.db, { ...row, stateHash: hashToken(state), now, expiresAt: now + OAUTH_STATE_LIFETIME_MS });
    return `${origin}${DEV_OAUTH_AUTHORIZE_PATH}?state=${encodeURIComponent(state)}`;
  }
  const provider = await providerOrCallbackError(deps, request.provider);
  const scopes = [...new Set([...(provider.endpoints.scopes ?? []), ...request.customScopes])];
  await insertState(deps.db, {
    ...row,
    scopes: scopes.join(' '),
    stateHash: hashToken(state),
    now,
    expiresAt: now + OAUTH_STATE_LIFETIME_MS,
  });
  const url = client.buildAuthorizationUrl(provider.configuration, {
    ...request.providerParams,
    redirect_uri: `${origin}${OAUTH_CALLBACK_PATH(request.provider)}`,
    scope: scopes.join(' '),
    state,
    ...(scopes.includes('openid') ? { nonce } : {}),
    code_challenge: await client.calculatePKCECodeChallenge(providerCodeVerifier),
    code_challenge_method: 'S256',
    ...(provider.endpoints.responseMode ? { response_mode: provider.endpoints.responseMode } : {}),
  });
  return url.href;
}

/** Parameters we set ourselves; a forwarded provider_<key> must not replace them. */
const RESERVED_PROVIDER_PARAMS = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'response_mode',
]);

function readStartRequest(deps: Deps, providerName: string, query: URLSearchParams): StartRequest {
  const publicToken = queryValue(query, OAUTH_START_PARAMS.publicToken);
  requirePublicTokenParam(deps, publicToken);
  if (!isOAuthProvider(providerName)) throw Errors.oauthInvalidProvider(providerName);

  const codeChallenge = queryValue(query, OAUTH_START_PARAMS.codeChallenge) ?? null;
  if (codeChallenge !== null && !isS256Challenge(codeChallenge)) {
    throw Errors.invalidRequest('codeChallengeNotS256');
  }
  if (codeChallenge === null && deps.config.pkceRequiredForOAuth) {
    throw Errors.invalidRequest('codeChallengeRequiredOAuth');
  }
  const login = queryValue(query, OAUTH_START_PARAMS.loginRedirectUrl);
  const signup = queryValue(query, OAUTH_START_PARAMS.signupRedirectUrl);
  return {
    provider: providerName,
    codeChallenge,
    loginRedirectUrl: navigationRedirectUrl(deps, login || signup),
    signupRedirectUrl: navigationRedirectUrl(deps, signup || login),
    customScopes: readScopes(queryValue(query, OAUTH_START_PARAMS.customScopes) ?? ''),
    providerParams: readProviderParams(query),
  };
}

/**
 * A redirect URL named in a navigation: it must be absolute, since there is no calling page to resolve against
 * (the request comes from the browser's address bar, not from a script on the site).
 */
export function navigationRedirectUrl(deps: Deps, named: string | undefined): string {
  const meta: RequestMeta = {
    ipAddress: '',
    userAgent: '',
    pageOrigin: null,
    sessionToken: null,
    locale: DEFAULT_LOCALE,
  };
  return allowedRedirectUrl(deps, meta, named).href;
}

function readScopes(value: string): string[] {
  const scopes = value.split(' ').filter(Boolean);
  for (const scope of scopes) {
    if (!OAUTH_SCOPE_TOKEN_PATTERN.test(scope)) throw Errors.invalidRequest('customScopeNotValid', { scope });
  }
  return scopes;
}

/** The `provider_<key>` parameters of a start, checked: never one we set ourselves, and not too many. */
export function readProviderParams(query: URLSearchParams): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of new Set(query.keys())) {
    if (!name.startsWith(OAUTH_START_PARAMS.providerParamPrefix)) continue;
    const key = name.slice(OAUTH_START_PARAMS.providerParamPrefix.length);
    if (!OAUTH_PROVIDER_PARAM_KEY_PATTERN.test(key) || RESERVED_PROVIDER_PARAMS.has(key)) {
      throw Errors.invalidRequest('providerParamNotForwardable', { name });
    }
    params[key] = queryValue(query, name) ?? '';
  }
  if (Object.keys(params).length > MAX_OAUTH_PROVIDER_PARAMS) {
    throw Errors.invalidRequest('tooManyProviderParams', { max: MAX_OAUTH_PROVIDER_PARAMS });
  }
  return params;
}

/** One query parameter (the first, if repeated), bounded in length and free of NUL. */
export function queryValue(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value.length > MAX_OAUTH_PARAM_LENGTH)
    throw Errors.invalidRequest('fieldTooLong', { field: name, max: MAX_OAUTH_PARAM_LENGTH });
  if (value.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field: name });
  return value;
}

async function providerOrCallbackError(deps: Deps, provider: OAuthProvider) {
  try {
    return await providerClient(deps.config, provider);
  } catch (error) {
    console.error(`[identity service] ${provider} client could not be set up`, error);
    throw Errors.oauthFlowCallbackError(message('oauthProviderUnreachable', { provider: providerType(provider) }));
  }
}

// ---- the real provider's return ----

/**
 * GET /v1/public/oauth/:provider/callback: uses the state up, exchanges the code (state, nonce and PKCE checked by
 * openid-client), and completes. A visitor who declined at the provider goes back to the login page without a token.
 */
export async function finishProviderCallback(
  deps: Deps,
  providerName: string,
  callbackUrl: URL,
  origin: string,
): Promise<string> {
  const state = queryValue(callbackUrl.searchParams, 'state');
  if (!isOAuthProvider(providerName) || state === undefined) throw Errors.oauthStateNotFound();
  const stateHash = hashToken(state);
  const found = await findUsableState(deps.db, stateHash, deps.config.now());
  if (!found || found.provider !== providerName) throw Errors.oauthStateNotFound();
  const row = await consumeState(deps.db, stateHash, deps.config.now());
  if (!row) throw Errors.oauthStateNotFound();
  if (callbackUrl.searchParams.has('error')) return row.login_redirect_url;

  const provider = await providerOrCallbackError(deps, providerName);
  // The redirect URI sent with the code must be the registered one, so the URL is rebuilt on our own origin.
  const currentUrl = new URL(`${origin}${OAUTH_CALLBACK_PATH(providerName)}${callbackUrl.search}`);
  let claims: ProviderClaims;
  let values: OAuthProviderValues;
  try {
    const tokens = await client.authorizationCodeGrant(provider.configuration, currentUrl, {
      expectedState: state,
      pkceCodeVerifier: row.provider_code_verifier,
      ...(row.scopes.split(' ').includes('openid') ? { expectedNonce: row.nonce, idTokenExpected: true } : {}),
    });
    claims = await claimsAfterGrant(provider, tokens);
    if (!claims.name && usesFormPost(providerName)) claims.name = formPostUserName(callbackUrl.searchParams);
    values = providerValues(tokens, row.scopes, deps.config.now());
  } catch (error) {
    throw Errors.oauthFlowCallbackError(
      error instanceof Error ? verbatim(error.message) : message('oauthCodeExchangeFailed'),
    );
  }
  return completeOAuth(
    deps,
    { provider: providerName, ...claims, devIdentity: false, providerValues: values },
    flowOf(row),
  );
}

/**
 * Apple puts no name in its ID token: it POSTs it once, on the first sign-in, as the form field `user`
 * (`{"name":{"firstName":…,"lastName":…},"email":…}`). Unsigned, so it is used for the display name only, never the
 * address or the subject. Anything else there is ignored.
 */
function formPostUserName(params: URLSearchParams): string {
  const raw = params.get('user');
  if (!raw) return '';
  let user: unknown;
  try {
    user = JSON.parse(raw);
  } catch {
    return '';
  }
  const name = isJsonObject(user) && isJsonObject(user.name) ? user.name : {};
  return [name.firstName, name.lastName]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .trim();
}

// ---- completion ----

/** Who signed in, as the provider (or the dev identity provider, or Google One Tap) vouches. */
export interface ProviderIdentity extends ProviderClaims {
  provider: OAuthProvider;
  devIdentity: boolean;
  providerValues: OAuthProviderValues;
}

/** What the start fixed: the PKCE challenge the oauth token is bound to and where the visitor goes back to. */
export interface FlowTarget {
  codeChallenge: string | null;
  loginRedirectUrl: string;
  signupRedirectUrl: string;
}

export function flowOf(row: StateRow): FlowTarget {
  return {
    codeChallenge: row.code_challenge,
    loginRedirectUrl: row.login_redirect_url,
    signupRedirectUrl: row.signup_redirect_url,
  };
}

/**
 * Thrown inside the completion's transaction when a concurrent first sign-in with the same (provider, subject)
 * registered first: the user this one created must not survive, so the whole transaction rolls back and runs again
 * (then it finds the registration and signs in to that user).
 */
class LostFirstSignIn extends Error {}

/**
 * The step every social sign-in ends in: find or create the user, record the registration, mint the single-use oauth
 * token, and answer the redirect URL carrying it (the sign-up URL when the user is new).
 */
export async function completeOAuth(deps: Deps, identity: ProviderIdentity, flow: FlowTarget): Promise<string> {
  let token: { secret: string; created: boolean };
  try {
    token = await completeInTransaction(deps, identity, flow);
  } catch (error) {
    if (!(error instanceof LostFirstSignIn)) throw error;
    token = await completeInTransaction(deps, identity, flow);
  }
  const target = token.created ? flow.signupRedirectUrl : flow.loginRedirectUrl;
  return tokenUrl(new URL(target), TOKEN_TYPES.oauth, token.secret);
}

async function completeInTransaction(
  deps: Deps,
  identity: ProviderIdentity,
  flow: FlowTarget,
): Promise<{ secret: string; created: boolean }> {
  // One transaction: a failure part way must not leave a user without the registration or token that explains it.
  return deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const { userId, emailId, created } = await resolveUser(tx, identity, now);
    await fillNameFromProvider(tx, userId, identity.name);
    const registration = await upsertRegistration(tx, {
      userId,
      provider: identity.provider,
      subject: identity.subject,
      emailId,
      email: identity.email ?? '',
      name: identity.name,
      pictureUrl: identity.pictureUrl,
      locale: identity.locale,
      devIdentity: identity.devIdentity,
      now,
    });
    // The unique (provider, subject) decides between concurrent first sign-ins: the upsert waited for the winner.
    if (registration.user_id !== userId) throw new LostFirstSignIn();
    const secret = newSecretToken();
    await insertOAuthToken(tx, {
      tokenHash: hashToken(secret),
      userId: registration.user_id,
      registrationId: registration.id,
      codeChallenge: flow.codeChallenge,
      providerValues: identity.providerValues,
      now,
      expiresAt: now + OAUTH_TOKEN_LIFETIME_MS,
    });
    return { secret, created };
  });
}

/**
 * The account-linking rule. A known (provider, subject) is that user. Otherwise an address the provider has verified
 * is a proof of that address (services/proof.ts): it signs in to the account that holds it, clearing one whose
 * address nobody had proven, or makes a new user with it. An address the provider did not verify proves nothing, so it
 * is neither linked nor attached: the user is new and has no address (as for Twitter, TikTok and Snapchat, which never
 * share one).
 */
async function resolveUser(
  db: Db,
  identity: ProviderIdentity,
  now: number,
): Promise<{ userId: string; emailId: string | null; created: boolean }> {
  const known = await findRegistration(db, identity.provider, identity.subject);
  if (known) return { userId: known.user_id, emailId: known.email_id, created: false };
  const email = usableEmail(identity);
  if (email && identity.emailVerified) {
    const proven = await proveContact(db, {
      kind: 'email',
      value: email,
      prover: { kind: 'visitor', sessionUserId: null },
      now,
    });
    return { userId: proven.userId, emailId: proven.contactId, created: proven.created };
  }
  return { userId: await insertUser(db, now), emailId: null, created: true };
}

function usableEmail(identity: ProviderIdentity): string | null {
  if (!identity.email || OAUTH_PROVIDERS_WITHOUT_EMAIL.includes(identity.provider)) return null;
  try {
    return normalizeEmail(identity.email);
  } catch {
    return null;
  }
}

/** The provider's name ("Ada King Lovelace" → first "Ada", last "King Lovelace") for a user who has none yet. */
async function fillNameFromProvider(db: Db, userId: string, name: string): Promise<void> {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  if (first) await fillEmptyName(db, userId, first, rest.join(' '));
}

// ---- authenticate ----

type AuthenticatePayload = Omit<OAuthAuthenticateResponse, 'request_id' | 'status_code'>;

/** POST /oauth/authenticate */
export async function authenticateOAuth(
  deps: Deps,
  meta: RequestMeta,
  input: TokenAuthenticationInput,
): Promise<AuthenticatePayload> {
  const { token, session_duration_minutes: durationMinutes, code_verifier: codeVerifier } = input;
  const tokenHash = hashToken(token);
  const usable = await findUsableOAuthToken(deps.db, tokenHash, deps.config.now());
  if (!usable) throw Errors.oauthTokenNotFound();
  checkPkce(usable.code_challenge, codeVerifier, 'oauth');

  const { session, sessionToken, registration, values } = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const consumed = await consumeOAuthToken(tx, tokenHash, now);
    if (!consumed) throw Errors.oauthTokenNotFound();
    const registration = await findRegistrationById(tx, consumed.registration_id);
    if (!registration) throw Errors.oauthTokenNotFound();
    const factor = oauthFactor(registration, now);
    const started = await sessionAfterAuthentication({ ...deps, db: tx }, meta, {
      userId: consumed.user_id,
      factor,
      durationMinutes,
    });
    return { ...started, registration, values: consumed.provider_values };
  });

  return {
    ...(await authenticatePayload(deps, session, sessionToken)),
    provider_subject: registration.provider_subject,
    provider_type: providerType(registration.provider),
    profile_picture_url: registration.profile_picture_url,
    locale: registration.locale,
    provider_values: { ...NO_PROVIDER_VALUES, ...values },
  };
}

/** Wire contract 2.4: `<provider>_oauth_factor`, without `email_id` for the providers that share no address. */
function oauthFactor(
  registration: { id: string; provider: OAuthProvider; provider_subject: string; email_id: string | null },
  now: number,
): AuthenticationFactor {
  const withoutEmail = OAUTH_PROVIDERS_WITHOUT_EMAIL.includes(registration.provider);
  return {
    type: 'oauth',
    delivery_method: `oauth_${registration.provider}`,
    last_authenticated_at: new Date(now).toISOString(),
    [`${registration.provider}_oauth_factor`]: {
      id: registration.id,
      ...(withoutEmail ? {} : { email_id: registration.email_id ?? '' }),
      provider_subject: registration.provider_subject,
    },
  };
}
