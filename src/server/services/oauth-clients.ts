// The project's clients at real providers, through openid-client (OpenID Connect discovery or explicit OAuth 2.0
// endpoints), and what a provider tells us about the person after the code exchange.
import * as client from 'openid-client';
import type { OAuthProvider, OAuthProviderValues } from '../../api/oauth.ts';
import type { OAuthProviderCredentials, ProjectConfig } from '../config.ts';
import { isJsonObject } from '../http/validate.ts';
import { appleClientSecret, appleKeyObject } from '../security/apple-client-secret.ts';
import { providerEndpoints, type ProviderEndpoints } from '../security/oauth-providers.ts';

/** One client per provider and service, built on first use; a failed discovery is forgotten so the next try retries. */
const clients = new WeakMap<ProjectConfig, Map<OAuthProvider, Promise<ProviderClient>>>();

export interface ProviderClient {
  configuration: client.Configuration;
  endpoints: ProviderEndpoints;
}

export function credentialsFor(config: ProjectConfig, provider: OAuthProvider): OAuthProviderCredentials | undefined {
  return config.oauthProviders[provider];
}

export function providerClient(config: ProjectConfig, provider: OAuthProvider): Promise<ProviderClient> {
  const credentials = credentialsFor(config, provider);
  if (!credentials) throw new Error(`no credentials for ${provider}`);
  let perService = clients.get(config);
  if (!perService) {
    perService = new Map();
    clients.set(config, perService);
  }
  let pending = perService.get(provider);
  if (!pending) {
    pending = buildClient(provider, credentials, config.now);
    perService.set(provider, pending);
    pending.catch(() => perService.delete(provider));
  }
  return pending;
}

async function buildClient(
  provider: OAuthProvider,
  credentials: OAuthProviderCredentials,
  now: () => number,
): Promise<ProviderClient> {
  const endpoints = providerEndpoints(provider, credentials);
  const base = endpoints.issuer ?? endpoints.authorizationEndpoint;
  if (!base || (!endpoints.issuer && !endpoints.tokenEndpoint)) {
    throw new Error(`${provider} needs an issuer or an authorization and token endpoint`);
  }
  // openid-client refuses plain http, rightly. A provider on the loopback interface (a local test or dev provider)
  // never crosses a network, so http is allowed there and nowhere else.
  const insecure = isLoopbackHttp(base);
  const options = insecure ? { execute: [client.allowInsecureRequests] } : undefined;
  const explicit = {
    ...(endpoints.authorizationEndpoint ? { authorization_endpoint: endpoints.authorizationEndpoint } : {}),
    ...(endpoints.tokenEndpoint ? { token_endpoint: endpoints.tokenEndpoint } : {}),
    ...(endpoints.userinfoEndpoint ? { userinfo_endpoint: endpoints.userinfoEndpoint } : {}),
  };
  let server: client.ServerMetadata;
  if (endpoints.issuer) {
    const discovered = await client.discovery(
      new URL(endpoints.issuer),
      credentials.clientId,
      credentials.clientSecret,
      undefined,
      options,
    );
    // serverMetadata() also carries helper methods; only the metadata fields are copied.
    server = { ...(JSON.parse(JSON.stringify(discovered.serverMetadata())) as client.ServerMetadata), ...explicit };
  } else {
    server = { issuer: new URL(base).origin, ...explicit };
  }
  const configuration = new client.Configuration(
    server,
    credentials.clientId,
    credentials.clientSecret,
    clientAuthentication(credentials, now),
  );
  if (insecure) client.allowInsecureRequests(configuration);
  return {
    configuration,
    endpoints: { ...endpoints, userinfoEndpoint: endpoints.userinfoEndpoint ?? server.userinfo_endpoint },
  };
}

/**
 * How the client authenticates at the token endpoint: the default (client_secret_post with the configured secret), or
 * for Apple a client secret JWT signed for each request (src/server/security/apple-client-secret.ts), its audience the
 * issuer it is sent to.
 */
function clientAuthentication(credentials: OAuthProviderCredentials, now: () => number): client.ClientAuth | undefined {
  const key = credentials.appleSigningKey;
  if (!key) return undefined;
  const privateKey = appleKeyObject(key);
  return (as, _client, body) => {
    body.set('client_id', credentials.clientId);
    body.set(
      'client_secret',
      appleClientSecret(key, privateKey, { clientId: credentials.clientId, audience: as.issuer, nowMs: now() }),
    );
  };
}

/** An http URL on the loopback interface (a local test or dev provider): the only http openid-client may use. */
export function isLoopbackHttp(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The person as a provider describes them, whichever provider it is. */
export interface ProviderClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  pictureUrl: string;
  locale: string;
}

/**
 * Claims from the ID token, completed from the userinfo endpoint (OpenID Connect providers may release profile claims
 * only there, and plain OAuth 2.0 providers have nothing else). ID token claims win; with an ID token, a failing
 * userinfo endpoint costs only the extra claims.
 */
export async function claimsAfterGrant(
  { configuration, endpoints }: ProviderClient,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ProviderClaims> {
  const idClaims = tokens.claims() as Record<string, unknown> | undefined;
  let profile: Record<string, unknown> = idClaims ?? {};
  if (endpoints.userinfoEndpoint) {
    const userinfo = await fetchProfile(configuration, tokens.access_token, endpoints.userinfoEndpoint).catch(
      (error: unknown) => {
        if (!idClaims) throw error;
        return {};
      },
    );
    // An ID token's subject is authoritative; userinfo about someone else is ignored (OIDC Core 5.3.2).
    if (!idClaims || subjectOf(userinfo) === String(idClaims.sub)) profile = { ...userinfo, ...profile };
  }
  const subject = subjectOf(profile);
  if (!subject) throw new Error('the provider named no subject');
  const email = typeof profile.email === 'string' && profile.email !== '' ? profile.email : null;
  return {
    subject,
    email,
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    name: firstString(profile, ['name', 'display_name', 'displayName', 'username', 'login']),
    pictureUrl: firstString(profile, ['picture', 'avatar_url', 'profile_image_url', 'image_url']),
    locale: firstString(profile, ['locale']),
  };
}

export function providerValues(
  tokens: client.TokenEndpointResponse,
  requestedScopes: string,
  nowMs: number,
): OAuthProviderValues {
  return {
    access_token: tokens.access_token,
    id_token: tokens.id_token ?? '',
    refresh_token: tokens.refresh_token ?? '',
    scopes: (tokens.scope ?? requestedScopes).split(' ').filter(Boolean),
    expires_at: typeof tokens.expires_in === 'number' ? new Date(nowMs + tokens.expires_in * 1000).toISOString() : '',
  };
}

async function fetchProfile(
  configuration: client.Configuration,
  accessToken: string,
  url: string,
): Promise<Record<string, unknown>> {
  const response = await client.fetchProtectedResource(configuration, accessToken, new URL(url), 'GET');
  if (!response.ok) throw new Error(`the userinfo endpoint answered ${response.status}`);
  return unwrapProfile((await response.json()) as unknown);
}

/** Profile documents that wrap the person (`{data: {...}}`, `{data: {user: {...}}}`, `{data: {me: {...}}}`). */
function unwrapProfile(value: unknown): Record<string, unknown> {
  let current = isJsonObject(value) ? value : {};
  for (const key of ['data', 'user', 'me']) {
    const inner = current[key];
    if (isJsonObject(inner) && subjectOf(current) === null) current = inner;
  }
  return current;
}

function subjectOf(profile: Record<string, unknown>): string | null {
  for (const key of ['sub', 'id', 'user_id', 'open_id', 'externalId', 'account_id']) {
    const value = profile[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return null;
}

function firstString(profile: Record<string, unknown>, keys: string[]): string {
  for (const key of keys) if (typeof profile[key] === 'string' && profile[key] !== '') return profile[key] as string;
  return '';
}
