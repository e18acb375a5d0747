// The OpenID provider connected apps talk to ("Sign in with Westlight"), built on oidc-provider (OpenID-certified):
// discovery, authorization, token, userinfo, JWKS, end session and revocation at OIDC_PATHS. The consent itself is
// the site's authorize page (the widget and the /sdk/v1 calls of services/idp.ts), which mints the code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AUTHORIZE_QUERY_PARAMS, OIDC_PATHS, STANDARD_SCOPES } from '../../api/idp.ts';
import { isPublicApp } from '../connected-apps.ts';
import type { ConnectedAppConfig, ProjectConfig } from '../config.ts';
import { JWT_ALGORITHM } from '../constants/sessions.ts';
import {
  MAX_CACHED_ISSUERS,
  OIDC_ACCESS_TOKEN_TTL_SECONDS,
  OIDC_AUTHORIZATION_CODE_TTL_SECONDS,
  OIDC_GRANT_TTL_SECONDS,
  OIDC_ID_TOKEN_TTL_SECONDS,
  OIDC_INTERACTION_TTL_SECONDS,
  OIDC_REFRESH_TOKEN_TTL_SECONDS,
  OIDC_SESSION_TTL_SECONDS,
} from './constants.ts';
import type { Deps } from '../context.ts';
import { escapeHtml } from '../views/escape.ts';
import { findOidcAccount, SCOPE_CLAIMS } from './account.ts';
import { databaseAdapter } from './adapter.ts';
import { logServerErrors, responseHeaders, spendingCodesOnFailedPkce } from './middleware.ts';
import { checkingParameters, type OidcContextClass } from './parameters.ts';

/** The part of oidc-provider's API the service uses (the package ships no type declarations). */
export interface OidcProvider {
  issuer: string;
  proxy: boolean;
  use(middleware: KoaMiddleware): void;
  /**
   * oidc-provider's events (`server_error` with the context and the error) and Koa's `error` (the error, the context).
   */
  on(event: string, listener: (...args: never[]) => void): void;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  /** The class of each request's `ctx.oidc`. */
  OIDCContext: OidcContextClass;
  Client: { find(clientId: string): Promise<OidcClient | undefined> };
  Grant: OidcGrantClass;
  AuthorizationCode: {
    new (fields: Record<string, unknown>): { save(): Promise<string> };
    find(code: string, options: { ignoreExpiration: boolean }): Promise<StoredAuthorizationCode | undefined>;
  };
  IdToken: { validate(token: string, client: OidcClient): Promise<{ payload: Record<string, unknown> }> };
}
export interface StoredAuthorizationCode {
  clientId: string;
  consumed?: number;
  codeChallenge?: string;
  destroy(): Promise<void>;
}
export interface OidcClient {
  clientId: string;
}
export interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface OidcGrantClass {
  new (fields: { accountId: string; clientId: string; jti?: string }): OidcGrant;
}

type ProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
interface ProviderModule {
  default: ProviderClass;
  errors: { InvalidGrant: new (detail: string) => Error; InvalidRequest: new (description: string) => Error };
}
let providerModule: Promise<ProviderModule> | undefined;
// Loaded on first use: a service that is never asked to be a provider never loads it.
const loadProviderModule = () => (providerModule ??= import('oidc-provider' as string) as Promise<ProviderModule>);

/** Where a request's parameters are forwarded: the site page, with the app's parameters as its query. */
function sitePageUrl(
  configured: string | null,
  issuer: string,
  defaultPath: string,
  params: Record<string, unknown>,
): string {
  const url = new URL(configured ?? defaultPath, issuer);
  for (const [key, value] of Object.entries(params))
    if (typeof value === 'string' && value !== '') url.searchParams.set(key, value);
  return url.href;
}
const DEFAULT_AUTHORIZE_PAGE = '/oauth/authorize';
const DEFAULT_LOGOUT_PAGE = '/oauth/logout';
/** What the authorize page reads (AUTHORIZE_QUERY_PARAMS), plus the PKCE method it may pass on. */
const FORWARDED_AUTHORIZE_PARAMS = [...AUTHORIZE_QUERY_PARAMS, 'code_challenge_method'];

/** A redirect URI with an app's own scheme (`edu.westlight.app:/callback`): only native apps may register one. */
const isCustomScheme = (uri: string) => !['http:', 'https:'].includes(new URL(uri).protocol);

/** An app as oidc-provider registers it; apps without redirect URIs are listed for connected apps only. */
function clientMetadata(app: ConnectedAppConfig): Record<string, unknown> {
  return {
    client_id: app.client_id,
    // oidc-provider's `web` apps may only redirect to web URIs; a mobile app's own scheme makes it `native`.
    application_type: app.redirect_uris?.some(isCustomScheme) ? 'native' : 'web',
    client_name: app.name,
    ...(app.logo_url ? { logo_uri: app.logo_url } : {}),
    redirect_uris: app.redirect_uris,
    post_logout_redirect_uris: app.post_logout_redirect_uris ?? [],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: JWT_ALGORITHM,
    ...(isPublicApp(app)
      ? { token_endpoint_auth_method: 'none' }
      : { client_secret: app.client_secret, token_endpoint_auth_method: 'client_secret_basic' }),
  };
}

/** Every scope the provider knows: the standard ones and the RBAC policy's custom scopes. */
export function providerScopes(config: ProjectConfig): string[] {
  return [...new Set([...STANDARD_SCOPES, ...config.rbacPolicy.scopes.map((s) => s.scope)])];
}

function createProvider({ default: Provider, errors }: ProviderModule, deps: Deps, issuer: string): OidcProvider {
  const { config } = deps;
  const privateJwk = {
    ...deps.signingKey.privateKey.export({ format: 'jwk' }),
    kid: deps.signingKey.kid,
    alg: JWT_ALGORITHM,
    use: 'sig',
  };
  const provider = new Provider(issuer, {
    adapter: databaseAdapter(deps.db, () => new errors.InvalidGrant('already consumed by a parallel request')),
    clients: config.connectedApps.filter((app) => app.redirect_uris?.length).map(clientMetadata),
    clientDefaults: {
      id_token_signed_response_alg: JWT_ALGORITHM,
      grant_types: ['authorization_code', 'refresh_token'],
    },
    responseTypes: ['code'],
    scopes: providerScopes(config),
    claims: SCOPE_CLAIMS,
    findAccount: (_ctx: unknown, id: string) => findOidcAccount(deps.db, id),
    jwks: { keys: [privateJwk] },
    cookies: { keys: [deps.secrets.oidcCookieKey.toString('base64url')] },
    routes: {
      authorization: OIDC_PATHS.authorization,
      token: OIDC_PATHS.token,
      userinfo: OIDC_PATHS.userinfo,
      jwks: OIDC_PATHS.jwks,
      end_session: OIDC_PATHS.endSession,
      revocation: OIDC_PATHS.revocation,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // The hand-over to the logout page is the middleware below, for signed-in and signed-out browsers alike.
      rpInitiatedLogout: { enabled: true },
    },
    interactions: {
      // After oidc-provider has checked the app, its redirect URI, the response type and PKCE: the site's authorize
      // page. Its submit call mints the code, so this interaction is never resumed and simply expires.
      url: (_ctx: unknown, interaction: { params: Record<string, unknown> }) =>
        sitePageUrl(
          config.idpAuthorizeUrl,
          issuer,
          DEFAULT_AUTHORIZE_PAGE,
          Object.fromEntries(FORWARDED_AUTHORIZE_PARAMS.map((name) => [name, interaction.params[name]])),
        ),
    },
    ttl: {
      AuthorizationCode: OIDC_AUTHORIZATION_CODE_TTL_SECONDS,
      AccessToken: OIDC_ACCESS_TOKEN_TTL_SECONDS,
      IdToken: OIDC_ID_TOKEN_TTL_SECONDS,
      RefreshToken: OIDC_REFRESH_TOKEN_TTL_SECONDS,
      Interaction: OIDC_INTERACTION_TTL_SECONDS,
      Session: OIDC_SESSION_TTL_SECONDS,
      Grant: OIDC_GRANT_TTL_SECONDS,
    },
    renderError: (ctx: KoaContext, out: Record<string, string>) => {
      ctx.type = 'html';
      const title = `Sign in with ${escapeHtml(config.projectName)}`;
      ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title>
<h1>This sign-in request cannot be completed</h1>${Object.entries(out)
        .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</p>`)
        .join('')}</html>`;
    },
  });
  // A control character in any parameter is refused by the route itself (oidc/parameters.ts).
  Object.defineProperty(provider, 'OIDCContext', {
    value: checkingParameters(provider.OIDCContext, errors.InvalidRequest),
  });
  logServerErrors(provider);
  // Middleware runs in the order it is added, the first one outermost, all before oidc-provider's routes.
  provider.use(responseHeaders(deps.config.publicUrl));
  provider.use(spendingCodesOnFailedPkce(provider));
  // End session, once oidc-provider has checked id_token_hint, client_id and post_logout_redirect_uri (an error is its
  // error page): instead of its own confirmation form, the site's logout page asks and signs out.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'end_session' || ctx.status !== 200 || !ctx.oidc.params) return;
    const params = ctx.oidc.params;
    ctx.redirect(
      sitePageUrl(config.idpLogoutUrl, issuer, DEFAULT_LOGOUT_PAGE, {
        client_id: ctx.oidc.client?.clientId ?? params.client_id,
        post_logout_redirect_uri: params.post_logout_redirect_uri,
        state: params.state,
        id_token_hint: params.id_token_hint,
      }),
    );
  });
  // With PUBLIC_URL, mount.ts sets X-Forwarded-Host and -Proto to its origin; without it, URLs follow the Host header
  // like the issuer does.
  provider.proxy = config.publicUrl !== null;
  return provider;
}

/** The part of Koa's context (and oidc-provider's `ctx.oidc` in it) the service's middleware uses. */
export interface KoaContext {
  type: string;
  body: unknown;
  status: number;
  set(headers: Record<string, string>): void;
  set(name: string, value: string): void;
  /** A header of the answer as set so far ('' when none). */
  response: { get(name: string): string };
  redirect(url: string): void;
  /** Set on the routes oidc-provider matched; `params` once the route has assembled them. */
  oidc?: { route: string; params?: Record<string, unknown>; client?: OidcClient };
}
export type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** One provider per issuer, built on first use: in development the issuer is the origin the service was reached at. */
const providers = new WeakMap<Deps, Map<string, OidcProvider>>();

export async function providerFor(deps: Deps, requestOrigin: string): Promise<OidcProvider> {
  const issuer = deps.config.publicUrl ?? requestOrigin;
  const module = await loadProviderModule();
  let byIssuer = providers.get(deps);
  if (!byIssuer) {
    byIssuer = new Map();
    providers.set(deps, byIssuer);
  }
  let provider = byIssuer.get(issuer);
  if (!provider) {
    // Without PUBLIC_URL any Host header makes an issuer: keep only the newest few, so headers cannot fill memory.
    if (byIssuer.size >= MAX_CACHED_ISSUERS) byIssuer.delete(byIssuer.keys().next().value!);
    provider = createProvider(module, deps, issuer);
    byIssuer.set(issuer, provider);
  }
  return provider;
}
