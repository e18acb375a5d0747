// Social sign-in (wire contract 3.6): the browser-redirect start, the authenticate call, and Google One Tap.
import type { ResponseCommon } from './envelope.ts';
import type { AuthenticateResponse } from './session.ts';
import type { OAuthProvider } from './oauth-providers.ts';

// The providers are their own module (see there); re-exported so that this module still holds every OAuth wire fact.
export { isOAuthProvider, OAUTH_PROVIDERS, type OAuthProvider } from './oauth-providers.ts';

/** Providers whose factor has no `email_id` (wire contract 2.4): they may not share an address. */
export const OAUTH_PROVIDERS_WITHOUT_EMAIL: readonly OAuthProvider[] = ['twitter', 'tiktok', 'snapchat'];

/**
 * The browser-redirect start: GET `<host>/v1/public/oauth/{provider}/start?…` (not under `/sdk/v1`).
 * Query parameters, all strings: `public_token` (always), `code_challenge` (when PKCE is required for OAuth),
 * `custom_scopes` (space-joined), `provider_<key>` (one per provider param), `login_redirect_url`,
 * `signup_redirect_url`.
 */
export const OAUTH_START_PATH = (provider: string) => `/v1/public/oauth/${encodeURIComponent(provider)}/start`;
/** Where a real provider sends the visitor back (registered with the provider as the redirect URI). */
export const OAUTH_CALLBACK_PATH = (provider: string) => `/v1/public/oauth/${encodeURIComponent(provider)}/callback`;
/** The query parameter names of the start URL. */
export const OAUTH_START_PARAMS = {
  publicToken: 'public_token',
  codeChallenge: 'code_challenge',
  customScopes: 'custom_scopes',
  providerParamPrefix: 'provider_',
  loginRedirectUrl: 'login_redirect_url',
  signupRedirectUrl: 'signup_redirect_url',
} as const;

/** What a caller passes to `oauth.<provider>.start(...)` (snake_case like the wire). */
export interface OAuthStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

/** POST /oauth/authenticate */
export interface OAuthAuthenticateRequest {
  token: string;
  session_duration_minutes: number;
  code_verifier?: string;
}

export interface OAuthProviderValues {
  access_token: string;
  id_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: string;
}

export interface OAuthAuthenticateResponse extends AuthenticateResponse {
  provider_subject: string;
  provider_type: string;
  profile_picture_url: string;
  locale: string;
  provider_values: OAuthProviderValues;
}

// ---- Google One Tap (wire contract 3.6): outside /sdk/v1, JSON not wrapped in `data` ----

/** GET `<api>/v1/public/oauth/google/onetap/start?public_token=<pt>` */
export const ONE_TAP_START_PATH = '/v1/public/oauth/google/onetap/start';
/** POST `<api>/v1/oauth/callback/{oauth_callback_id}` with the header below. */
export const ONE_TAP_CALLBACK_PATH = (oauthCallbackId: string) =>
  `/v1/oauth/callback/${encodeURIComponent(oauthCallbackId)}`;
/** Header names are case-insensitive; written in the capitalisation of HEADERS, as the CORS preflight lists it. */
export const ONE_TAP_TYPE_HEADER = 'X-Stytch-OAuth-Type';
export const ONE_TAP_TYPE_VALUE = 'google-one-tap';

export interface OneTapStartResponse {
  request_id: string;
  /** Empty when Google One Tap is not configured for the project. */
  google_client_id: string;
  oauth_callback_id: string;
  /**
   * Our addition: where the page loads Google's client script from. Google's own
   * (`https://accounts.google.com/gsi/client`) when the project has a real Google client id; the service's dev
   * stand-in (`/dev/google-one-tap/client.js`) otherwise. The client falls back to Google's when it is absent.
   */
  google_script_url?: string;
}

export interface OneTapSubmitRequest {
  id_token: string;
  stytch_csrf_token?: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
}

export interface OneTapSubmitResponse {
  request_id: string;
  status_code: number;
  /** The login or signup redirect URL with `?stytch_token_type=oauth&token=…`; the page navigates there. */
  redirect_url: string;
}

/** Why One Tap cannot start for this project (the client's `oneTap` start result `reason`). */
export const ONE_TAP_CLIENT_ERRORS = [
  'oauth_config_not_found',
  'no_signup_redirect_urls_set',
  'no_login_redirect_urls_set',
] as const;
export type OneTapClientError = (typeof ONE_TAP_CLIENT_ERRORS)[number];

/** Why Google's prompt could not render (the widget shows a developer-facing message for each). */
export const ONE_TAP_RENDER_ERRORS = ['unregistered_origin', 'invalid_client'] as const;
export type OneTapRenderError = (typeof ONE_TAP_RENDER_ERRORS)[number];

/** Google's client script, used when the start response names none. */
export const GOOGLE_GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export type OAuthStartResponse = ResponseCommon;
