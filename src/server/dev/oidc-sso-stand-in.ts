// The OpenID Connect provider stand-in (development only): Prism Events' IdP for the demo. A small provider on the
// service's own origin under DEV_OIDC_SSO_ISSUER_PATH: discovery, a sign-in page (any address at the organization's
// domain), the authorization code flow with PKCE, and ID tokens signed by its own in-memory key, which the service
// checks through openid-client exactly as it checks a real IdP's. Its codes live in memory: one development process.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { ID_ENVIRONMENT } from '../constants/identifiers.ts';
import { MAX_BODY_BYTES } from '../constants/input-limits.ts';
import type { ProjectConfig } from '../config.ts';
import type { AppEnv, Deps } from '../context.ts';
import { validated } from '../http/edge.ts';
import { ApiError, Errors } from '../http/errors.ts';
import { htmlPage } from '../http/html-page.ts';
import { serviceOrigin } from '../http/request-meta.ts';
import type { JsonObject } from '../http/validate.ts';
import { verbatim } from '../i18n/message.ts';
import { limitBody } from '../middleware/body-limit.ts';
import { errorPage } from '../routes/oauth.ts';
import { generateSigningKey, loadSigningKey, signJwt, type SigningKey } from '../security/jwt.ts';
import { verifyPkce } from '../security/pkce.ts';
import { newSecretToken, secretsEqual } from '../security/tokens.ts';
import type { SsoConnectionConfig } from '../services/sso-config.ts';
import { serviceProviderUrls } from '../services/sso-flow.ts';
import { findOrganizationById, type OrganizationRow } from '../store/organizations.ts';
import { findSsoConnection, type SsoConnectionRow } from '../store/sso-connections.ts';
import { recentSsoMembers } from '../store/sso-flows.ts';
import {
  DEV_ID_TOKEN_LIFETIME_SECONDS,
  DEV_OIDC_SSO_CLIENT_ID,
  DEV_OIDC_SSO_CLIENT_SECRET,
  DEV_OIDC_SSO_CODE_LIFETIME_MS,
  DEV_OIDC_SSO_CONNECTION_ID,
  DEV_OIDC_SSO_ISSUER_PATH,
  DEV_SSO_RECENT_MEMBERS,
} from './constants.ts';
import { readForm, stringField } from './oauth-routes.ts';
import { atOrganizationDomain, standInSignInPage } from './sso-stand-in-pages.ts';
import {
  devOidcAuthorizeQuery,
  devOidcSignInForm,
  devOidcTokenForm,
  type DevOidcAuthorizeRequest,
} from './sso-stand-ins.schemas.ts';

/** The seeded connection of Prism Events to the stand-in (its issuer is a path on the service's origin). */
export const DEV_OIDC_SSO_CONNECTION: SsoConnectionConfig = {
  connection_id: DEV_OIDC_SSO_CONNECTION_ID,
  organization_slug: 'prism-events',
  display_name: 'Prism Events SSO (dev OIDC)',
  identity_provider: 'generic',
  jit_provisioning_allowed: true,
  issuer: DEV_OIDC_SSO_ISSUER_PATH,
  client_id: DEV_OIDC_SSO_CLIENT_ID,
  client_secret: DEV_OIDC_SSO_CLIENT_SECRET,
};

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  email: string;
  name: string;
  expiresAt: number;
}

/** Per service: its ID token key (its own, so no other dev token passes for one) and the codes not yet exchanged. */
const providers = new WeakMap<ProjectConfig, { key: SigningKey; codes: Map<string, IssuedCode> }>();

function providerOf(config: ProjectConfig) {
  let provider = providers.get(config);
  if (!provider) {
    // Development only, so its kid says development's environment.
    provider = { key: loadSigningKey(generateSigningKey(ID_ENVIRONMENT)), codes: new Map() };
    providers.set(config, provider);
  }
  return provider;
}

/** A stable subject per address, as a directory's user id would be. */
function subjectOf(email: string): string {
  return `dev-sso-${createHash('sha256').update(email, 'utf8').digest('hex').slice(0, 32)}`;
}

export function devOidcSsoRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const issuer = (c: Context<AppEnv>) => `${serviceOrigin(c, deps.config.publicUrl)}${DEV_OIDC_SSO_ISSUER_PATH}`;

  routes.get(`${DEV_OIDC_SSO_ISSUER_PATH}/.well-known/openid-configuration`, (c) =>
    c.json({
      issuer: issuer(c),
      authorization_endpoint: `${issuer(c)}/authorize`,
      token_endpoint: `${issuer(c)}/token`,
      jwks_uri: `${issuer(c)}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'email', 'email_verified', 'name'],
    }),
  );

  routes.get(`${DEV_OIDC_SSO_ISSUER_PATH}/jwks`, (c) => c.json({ keys: [providerOf(deps.config).key.publicJwk] }));

  routes.get(`${DEV_OIDC_SSO_ISSUER_PATH}/authorize`, async (c) => {
    try {
      const request = validated(devOidcAuthorizeQuery, c.req.query());
      return await signInPage(c, request, await readAuthorization(deps, request, c), {});
    } catch (error) {
      return errorPage(c, error);
    }
  });

  routes.post(`${DEV_OIDC_SSO_ISSUER_PATH}/authorize`, limitBody(MAX_BODY_BYTES), async (c) => {
    const form = await readForm(c);
    try {
      const request = validated(devOidcAuthorizeQuery, form);
      const read = await readAuthorization(deps, request, c);
      try {
        const { email, name } = validated(devOidcSignInForm, form);
        atOrganizationDomain(read.organization, email);
        const code = newSecretToken();
        providerOf(deps.config).codes.set(code, {
          redirectUri: request.redirect_uri,
          codeChallenge: request.code_challenge,
          nonce: request.nonce,
          email,
          name: name?.trim() || email.slice(0, email.indexOf('@')),
          expiresAt: deps.config.now() + DEV_OIDC_SSO_CODE_LIFETIME_MS,
        });
        const target = new URL(request.redirect_uri);
        target.searchParams.set('code', code);
        target.searchParams.set('state', request.state);
        c.header('Cache-Control', 'no-store');
        return c.redirect(target.href, 302);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return await signInPage(c, request, read, form, error.message);
      }
    } catch (error) {
      return errorPage(c, error);
    }
  });

  routes.post(`${DEV_OIDC_SSO_ISSUER_PATH}/token`, limitBody(MAX_BODY_BYTES), async (c) => {
    const input = validated(devOidcTokenForm, await readForm(c));
    const basic = /^Basic (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [];
    const clientId = basicId ?? input.client_id ?? '';
    const clientSecret = basicSecret ?? input.client_secret ?? '';
    c.header('Cache-Control', 'no-store');
    if (clientId !== DEV_OIDC_SSO_CLIENT_ID || !secretsEqual(clientSecret, DEV_OIDC_SSO_CLIENT_SECRET)) {
      return c.json({ error: 'invalid_client' }, 401);
    }
    const { codes, key } = providerOf(deps.config);
    const issued = codes.get(input.code);
    codes.delete(input.code);
    if (
      input.grant_type !== 'authorization_code' ||
      !issued ||
      issued.expiresAt <= deps.config.now() ||
      issued.redirectUri !== input.redirect_uri ||
      !verifyPkce(input.code_verifier, issued.codeChallenge)
    ) {
      return c.json({ error: 'invalid_grant' }, 400);
    }
    const now = Math.floor(deps.config.now() / 1000);
    const idToken = signJwt(
      {
        iss: issuer(c),
        aud: DEV_OIDC_SSO_CLIENT_ID,
        sub: subjectOf(issued.email),
        email: issued.email,
        email_verified: true,
        name: issued.name,
        nonce: issued.nonce,
        iat: now,
        exp: now + DEV_ID_TOKEN_LIFETIME_SECONDS,
      },
      key,
    );
    return c.json({
      access_token: newSecretToken(),
      token_type: 'Bearer',
      expires_in: DEV_ID_TOKEN_LIFETIME_SECONDS,
      id_token: idToken,
      scope: 'openid email profile',
    });
  });

  async function signInPage(
    c: Context<AppEnv>,
    request: DevOidcAuthorizeRequest,
    read: { connection: SsoConnectionRow; organization: OrganizationRow },
    form: JsonObject,
    error?: string,
  ): Promise<Response> {
    const hidden: Record<string, string> = {};
    for (const [name, value] of Object.entries(request)) if (typeof value === 'string') hidden[name] = value;
    const page = standInSignInPage({
      protocol: 'OIDC',
      organizationName: read.organization.name,
      domains: read.organization.email_allowed_domains,
      hidden,
      members: await recentSsoMembers(deps.db, read.connection.id, DEV_SSO_RECENT_MEMBERS),
      values: { email: stringField(form, 'email'), name: stringField(form, 'name') },
      ...(error ? { error } : {}),
    });
    return htmlPage(c, page, error ? 400 : 200);
  }

  return routes;
}

/**
 * The authorization request, checked to come from the service for the connection this stand-in serves: its client
 * id, its redirect URI (the connection's callback on the service), the code flow with an S256 challenge.
 */
async function readAuthorization(
  deps: Deps,
  request: DevOidcAuthorizeRequest,
  c: Context<AppEnv>,
): Promise<{ connection: SsoConnectionRow; organization: OrganizationRow }> {
  const refuse = (reason: string) => Errors.invalidRequest('devSsoRequestNotValid', { reason: verbatim(reason) });
  const connection = await findSsoConnection(deps.db, DEV_OIDC_SSO_CONNECTION_ID);
  if (connection?.source !== 'dev' || request.client_id !== connection.client_id) {
    throw refuse('its client_id is not the development OIDC connection');
  }
  const callback = serviceProviderUrls(serviceOrigin(c, deps.config.publicUrl), connection.id).callbackUrl;
  if (request.redirect_uri !== callback) throw refuse('its redirect_uri is not the connection callback');
  if (request.response_type !== 'code' || request.code_challenge_method !== 'S256') {
    throw refuse('only the authorization code flow with an S256 PKCE challenge is served');
  }
  const organization = await findOrganizationById(deps.db, connection.organization_id);
  if (!organization) throw refuse('its organization no longer exists');
  return { connection, organization };
}
