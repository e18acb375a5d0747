import { Hono, type Context } from 'hono';
import { isOAuthProvider, ONE_TAP_START_PATH, ONE_TAP_TYPE_HEADER } from '../../api/oauth.ts';
import { PATHS } from '../../api/paths.ts';
import { ONE_TAP_CORS_ALLOWED_HEADERS } from '../constants/headers.ts';
import { MAX_BODY_BYTES } from '../constants/input-limits.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, Errors } from '../http/errors.ts';
import { htmlPage } from '../http/html-page.ts';
import { requestMeta, serviceOrigin } from '../http/request-meta.ts';
import { publicTokenAuth } from '../middleware/auth.ts';
import { limitBody } from '../middleware/body-limit.ts';
import { sdkCors } from '../middleware/cors.ts';
import { errorResponse } from '../middleware/errors.ts';
import { usesFormPost } from '../security/oauth-providers.ts';
import { authenticateOAuth, finishProviderCallback, startOAuth } from '../services/oauth.ts';
import { finishOneTap, requireOneTapType, startOneTap } from '../services/one-tap.ts';
import { oauthErrorPage } from '../views/oauth-pages.ts';
import { oneTapCallbackBody } from './oauth.schemas.ts';
import { tokenAuthenticationBody } from './token-authentication.schemas.ts';

/** POST /sdk/v1/oauth/authenticate (mounted under the SDK base with its CORS and auth). */
export function oauthSdkRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(PATHS.oauthAuthenticate, publicTokenAuth(deps), jsonBody(tokenAuthenticationBody), async (c) =>
    ok(c, await authenticateOAuth(deps, requestMeta(c), c.req.valid('json'))),
  );
  return routes;
}

/**
 * The public /v1 routes of social sign-in (wire contract 3.6). Start and callback are browser navigations: no CORS,
 * and a failure is a page (or JSON for a caller that does not want HTML at start). The One Tap calls are fetched by
 * pages, so they get the SDK's CORS rules, and answer JSON not wrapped in `data`.
 */
export function oauthRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => serviceOrigin(c, deps.config.publicUrl);

  const oneTapCors = sdkCors(deps.config.allowedOrigins, ONE_TAP_CORS_ALLOWED_HEADERS);
  routes.use(ONE_TAP_START_PATH, oneTapCors);
  routes.use('/v1/oauth/callback/*', oneTapCors, limitBody(MAX_BODY_BYTES));

  routes.get(ONE_TAP_START_PATH, async (c) =>
    c.json({ request_id: c.get('requestId'), ...(await startOneTap(deps, c.req.query('public_token'), origin(c))) }),
  );
  const oneTapCallback = jsonBody((c) => {
    requireOneTapType(c.req.header(ONE_TAP_TYPE_HEADER));
    return oneTapCallbackBody;
  });
  routes.post('/v1/oauth/callback/:oauth_callback_id', oneTapCallback, async (c) => {
    const redirectUrl = await finishOneTap(deps, requestMeta(c), {
      callbackId: c.req.param('oauth_callback_id'),
      fields: c.req.valid('json'),
      origin: origin(c),
    });
    return c.json({ request_id: c.get('requestId'), status_code: 200, redirect_url: redirectUrl });
  });

  routes.get('/v1/public/oauth/:provider/start', async (c) =>
    navigation(c, wantsHtml(c), () =>
      startOAuth(deps, c.req.param('provider'), new URL(c.req.url).searchParams, origin(c)),
    ),
  );
  routes.get('/v1/public/oauth/:provider/callback', async (c) =>
    navigation(c, true, () => finishProviderCallback(deps, c.req.param('provider'), new URL(c.req.url), origin(c))),
  );
  // The form_post response mode (Apple): the provider's page POSTs the answer as a form to the same callback. Its
  // fields are the query a redirect would have carried, so from here on it is the same callback.
  routes.post('/v1/public/oauth/:provider/callback', limitBody(MAX_BODY_BYTES), async (c) =>
    navigation(c, true, async () => {
      const provider = c.req.param('provider');
      if (!isOAuthProvider(provider) || !usesFormPost(provider)) {
        throw Errors.invalidRequest('oauthCallbackNotFormPost');
      }
      const form = await c.req.parseBody();
      const url = new URL(c.req.url);
      for (const [name, value] of Object.entries(form))
        if (typeof value === 'string') url.searchParams.set(name, value);
      return finishProviderCallback(deps, provider, url, origin(c));
    }),
  );
  return routes;
}

/** Redirects (302) where `step` says; a refused step becomes the error page (or the JSON error body). */
export async function navigation(c: Context<AppEnv>, html: boolean, step: () => Promise<string>): Promise<Response> {
  try {
    const location = await step();
    c.header('Cache-Control', 'no-store');
    return c.redirect(location, 302);
  } catch (error) {
    if (!html && error instanceof ApiError) return errorResponse(c, error);
    return errorPage(c, error);
  }
}

/** A refused navigation as a page with the error's status and type; unexpected errors go to the error handler. */
export function errorPage(c: Context<AppEnv>, error: unknown): Response {
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  return htmlPage(c, oauthErrorPage({ errorType: error.errorType, message: error.message }), error.status);
}

/** A browser navigating asks for HTML first; scripts and tests (fetch's default Accept) get the JSON error body. */
export function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header('Accept') ?? '').includes('text/html');
}
