import { Hono, type Context } from 'hono';
import { SSO_PATHS, SSO_START_PATH } from '../../api/sso.ts';
import { SAML_RESPONSE_MAX_BYTES } from '../constants/sso.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody, validated } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta, serviceOrigin } from '../http/request-meta.ts';
import { b2bPublicTokenAuth } from '../middleware/b2b-auth.ts';
import { limitBody } from '../middleware/body-limit.ts';
import { readProviderParams } from '../services/oauth.ts';
import { authenticateSso, discoverSsoConnections, startSso } from '../services/sso.ts';
import { finishOidcCallback } from '../services/sso-oidc.ts';
import { finishSamlResponse, samlMetadataFor } from '../services/sso-saml.ts';
import { errorPage, navigation, wantsHtml } from './oauth.ts';
import { ssoAcsForm, ssoAuthenticateBody, ssoCallbackQuery, ssoDiscoveryQuery, ssoStartQuery } from './sso.schemas.ts';

/** POST /sdk/v1/b2b/sso/authenticate and GET /sdk/v1/b2b/sso/discovery/connections (under the SDK's CORS). */
export function ssoSdkRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = b2bPublicTokenAuth(deps);
  routes.post(SSO_PATHS.authenticate, auth, jsonBody(ssoAuthenticateBody), async (c) =>
    ok(c, await authenticateSso(deps, requestMeta(c), c.req.valid('json'))),
  );
  routes.get(SSO_PATHS.discoveryConnections, auth, async (c) => {
    const { email_address } = validated(ssoDiscoveryQuery, c.req.query());
    return ok(c, await discoverSsoConnections(deps, requestMeta(c), email_address));
  });
  return routes;
}

/**
 * The public /v1 routes of SSO: the start and the identity providers' answers are browser navigations (no CORS; a
 * refusal is a page, or JSON for a caller of the start that does not want HTML), and the SAML metadata is a document
 * an IdP's administrator downloads.
 */
export function ssoRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => serviceOrigin(c, deps.config.publicUrl);
  // SSO_CALLBACK_PATH and SSO_SAML_METADATA_PATH of api/sso.ts, as route patterns.
  const callbackPath = '/v1/b2b/sso/callback/:connection_id';

  routes.get(SSO_START_PATH, async (c) =>
    navigation(c, wantsHtml(c), () =>
      startSso(
        deps,
        requestMeta(c),
        validated(ssoStartQuery(deps.config), c.req.query()),
        readProviderParams(new URL(c.req.url).searchParams),
        origin(c),
      ),
    ),
  );

  // An OIDC identity provider redirects back with the code.
  routes.get(callbackPath, async (c) =>
    navigation(c, true, () => {
      const url = new URL(c.req.url);
      const query = validated(ssoCallbackQuery, c.req.query());
      return finishOidcCallback(deps, c.req.param('connection_id'), query, url.search, origin(c));
    }),
  );

  // A SAML identity provider's page posts the Response (HTTP-POST binding).
  routes.post(callbackPath, limitBody(SAML_RESPONSE_MAX_BYTES), async (c) =>
    navigation(c, true, async () => {
      const form = await c.req.parseBody();
      const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'));
      const input = validated(ssoAcsForm, fields);
      return finishSamlResponse(deps, requestMeta(c), c.req.param('connection_id'), input, origin(c));
    }),
  );

  routes.get('/v1/b2b/sso/saml/metadata/:connection_id', async (c) => {
    try {
      const xml = await samlMetadataFor(deps, c.req.param('connection_id'), origin(c));
      c.header('Content-Type', 'application/samlmetadata+xml; charset=utf-8');
      return c.body(xml);
    } catch (error) {
      return errorPage(c, error);
    }
  });
  return routes;
}
