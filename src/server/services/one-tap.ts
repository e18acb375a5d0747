// Google One Tap (wire contract 3.6): the start hands out a single-use callback id, which the page passes to Google
// as the nonce; the callback verifies Google's ID token (or, in development, the stand-in's) and completes the sign-in.
import {
  GOOGLE_GSI_SCRIPT_URL,
  ONE_TAP_TYPE_HEADER,
  ONE_TAP_TYPE_VALUE,
  type OneTapStartResponse,
} from '../../api/oauth.ts';
import type { JsonWebKey } from 'node:crypto';
import {
  GOOGLE_ID_TOKEN_ISSUERS,
  GOOGLE_JWKS_CACHE_MS,
  GOOGLE_JWKS_URL,
  ONE_TAP_CALLBACK_LIFETIME_MS,
} from '../constants/social.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { requirePublicTokenParam } from '../middleware/auth.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { OneTapCallbackInput } from '../routes/oauth.schemas.ts';
import { verifyIdToken, type IdTokenClaims } from '../security/id-tokens.ts';
import { hashToken, newSecretToken, secretsEqual } from '../security/tokens.ts';
import { consumeOneTapCallback, insertOneTapCallback, isUsableOneTapCallback } from '../store/oauth.ts';
import { allowedRedirectUrl } from './magic-links.ts';
import { completeOAuth, NO_PROVIDER_VALUES } from './oauth.ts';
import { message } from '../i18n/message.ts';

/**
 * Someone who answers One Tap in Google's place: its client id, the script pages load instead of Google's, and what
 * its ID tokens are checked against. Only development has one (the dev identity provider, src/server/dev/), handed in
 * through `Deps.oneTapStandIn`; this service knows nothing else about it, so production only ever talks to Google.
 */
export interface OneTapStandIn {
  clientId: string;
  /** The stand-in's client script on the service at `origin`. */
  scriptUrl(origin: string): string;
  /** The keys and issuers its ID tokens must be signed by and carry, for a service reached at `origin`. */
  idTokens(origin: string): { keys: JsonWebKey[]; issuers: readonly string[] };
}

type OneTapClient = { clientId: string; standIn: OneTapStandIn | null };

/** The client id pages must use: the project's real one, else the stand-in's (development), else none. */
function oneTapClient(deps: Deps): OneTapClient | null {
  if (deps.config.googleOneTapClientId) return { clientId: deps.config.googleOneTapClientId, standIn: null };
  return deps.oneTapStandIn ? { clientId: deps.oneTapStandIn.clientId, standIn: deps.oneTapStandIn } : null;
}

type StartPayload = Omit<OneTapStartResponse, 'request_id'>;

/** GET /v1/public/oauth/google/onetap/start */
export async function startOneTap(deps: Deps, publicToken: string | undefined, origin: string): Promise<StartPayload> {
  requirePublicTokenParam(deps, publicToken);
  const client = oneTapClient(deps);
  // An empty client id is the contract's "not configured"; the client reports oauth_config_not_found.
  if (!client) return { google_client_id: '', oauth_callback_id: '', google_script_url: GOOGLE_GSI_SCRIPT_URL };
  if (deps.config.redirectUrls.length === 0) throw Errors.noLoginRedirectUrlsSet();
  const callbackId = newSecretToken();
  const now = deps.config.now();
  await insertOneTapCallback(deps.db, {
    callbackHash: hashToken(callbackId),
    now,
    expiresAt: now + ONE_TAP_CALLBACK_LIFETIME_MS,
  });
  return {
    google_client_id: client.clientId,
    oauth_callback_id: callbackId,
    google_script_url: client.standIn ? client.standIn.scriptUrl(origin) : GOOGLE_GSI_SCRIPT_URL,
  };
}

/**
 * The callback's type header (ONE_TAP_TYPE_HEADER) must say the call comes from One Tap. The route checks it once the
 * body has been read as JSON and before the body's fields, where it always was.
 */
export function requireOneTapType(typeHeader: string | undefined): void {
  if (typeHeader !== ONE_TAP_TYPE_VALUE) {
    throw Errors.invalidRequest('oneTapHeaderRequired', { header: ONE_TAP_TYPE_HEADER, value: ONE_TAP_TYPE_VALUE });
  }
}

/**
 * POST /v1/oauth/callback/:oauth_callback_id. The ID token must be Google's (or the stand-in's) for our client id and
 * carry the callback id as its nonce, which binds the credential to this start. Everything is checked before the
 * callback id is used up. `stytch_csrf_token` is accepted and type-checked but not needed: the callback id is the
 * unguessable per-prompt secret, and CORS plus the JSON body keep other sites out.
 */
export async function finishOneTap(
  deps: Deps,
  meta: RequestMeta,
  input: { callbackId: string; fields: OneTapCallbackInput; origin: string },
): Promise<string> {
  const { id_token: idToken, login_redirect_url: login, signup_redirect_url: signup } = input.fields;
  const loginUrl = allowedRedirectUrl(deps, meta, login || signup).href;
  const signupUrl = allowedRedirectUrl(deps, meta, signup || login).href;

  const client = oneTapClient(deps);
  if (!client) throw Errors.oauthConfigNotFound('google');
  const callbackHash = hashToken(input.callbackId);
  if (!(await isUsableOneTapCallback(deps.db, callbackHash, deps.config.now()))) throw Errors.oauthCallbackNotFound();
  const claims = await verifiedClaims(deps, client, idToken, input.origin);
  if (typeof claims.nonce !== 'string' || !secretsEqual(claims.nonce, input.callbackId)) {
    throw Errors.invalidIdToken(message('idTokenNonceMismatch'));
  }
  if (!(await consumeOneTapCallback(deps.db, callbackHash, deps.config.now()))) throw Errors.oauthCallbackNotFound();

  const email = typeof claims.email === 'string' ? claims.email : null;
  return completeOAuth(
    deps,
    {
      provider: 'google',
      subject: claims.sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : '',
      pictureUrl: typeof claims.picture === 'string' ? claims.picture : '',
      locale: typeof claims.locale === 'string' ? claims.locale : '',
      devIdentity: client.standIn !== null,
      providerValues: { ...NO_PROVIDER_VALUES, id_token: idToken },
    },
    { codeChallenge: null, loginRedirectUrl: loginUrl, signupRedirectUrl: signupUrl },
  );
}

async function verifiedClaims(
  deps: Deps,
  client: OneTapClient,
  idToken: string,
  origin: string,
): Promise<IdTokenClaims> {
  const expectations = client.standIn
    ? client.standIn.idTokens(origin)
    : { keys: await googleKeys(), issuers: GOOGLE_ID_TOKEN_ISSUERS };
  const result = verifyIdToken(idToken, { ...expectations, audience: client.clientId, nowMs: deps.config.now() });
  if (!result.ok) throw Errors.invalidIdToken(result.reason);
  return result.claims;
}

let googleKeyCache: { keys: JsonWebKey[]; fetchedAt: number } | null = null;

/** Google's signing keys, fetched at most once an hour (real time: key rotation does not follow the test clock). */
async function googleKeys(): Promise<JsonWebKey[]> {
  if (googleKeyCache && Date.now() - googleKeyCache.fetchedAt < GOOGLE_JWKS_CACHE_MS) return googleKeyCache.keys;
  try {
    const response = await fetch(GOOGLE_JWKS_URL);
    const body = (await response.json()) as { keys?: JsonWebKey[] };
    if (!response.ok || !Array.isArray(body.keys)) throw new Error(`status ${response.status}`);
    googleKeyCache = { keys: body.keys, fetchedAt: Date.now() };
    return body.keys;
  } catch (error) {
    console.error('[identity service] could not fetch Google signing keys', error);
    throw Errors.invalidIdToken(message('idTokenGoogleKeysUnavailable'));
  }
}
