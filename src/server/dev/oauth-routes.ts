import { Hono, type Context } from 'hono';
import { MAX_BODY_BYTES } from '../constants/input-limits.ts';
import { DEV_IDP_RECENT_IDENTITIES, DEV_ONE_TAP_CLIENT_ID, DEV_ONE_TAP_DEFAULT_IDENTITY } from './constants.ts';
import type { AppEnv, Deps } from '../context.ts';
import { jsonBody } from '../http/edge.ts';
import { htmlPage } from '../http/html-page.ts';
import { ApiError } from '../http/errors.ts';
import { serviceOrigin } from '../http/request-meta.ts';
import type { JsonObject } from '../http/validate.ts';
import { limitBody } from '../middleware/body-limit.ts';
import { sdkCors } from '../middleware/cors.ts';
import { providerType } from '../security/oauth-providers.ts';
import { finishDevSignIn, issueDevIdToken, usableDevState } from './identity-provider.ts';
import { devIdTokenBody } from './oauth-routes.schemas.ts';
import { DEV_OAUTH_AUTHORIZE_PATH } from '../services/oauth.ts';
import { DEV_ONE_TAP_ID_TOKEN_PATH, DEV_ONE_TAP_SCRIPT_PATH } from './one-tap-stand-in.ts';
import { recentDevIdentities } from '../store/oauth.ts';
import { devOneTapScript } from './one-tap-script.ts';
import { devSignInPage } from './sign-in-page.ts';
import { errorPage } from '../routes/oauth.ts';

/**
 * The dev identity provider (only mounted when it is on): the sign-in page social starts are sent to without
 * credentials, and the stand-in for Google's One Tap script with the endpoint that issues its ID tokens.
 */
export function devOAuthRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => serviceOrigin(c, deps.config.publicUrl);

  routes.get(DEV_OAUTH_AUTHORIZE_PATH, async (c) => {
    try {
      return await renderSignIn(c, c.req.query('state'), {});
    } catch (error) {
      return errorPage(c, error);
    }
  });

  routes.post(DEV_OAUTH_AUTHORIZE_PATH, limitBody(MAX_BODY_BYTES), async (c) => {
    const form = await readForm(c);
    try {
      c.header('Cache-Control', 'no-store');
      return c.redirect(await finishDevSignIn(deps, form), 302);
    } catch (error) {
      if (!isFormMistake(error)) return errorPage(c, error);
      // A mistake in the form shows the page again with the message; the state is still usable.
      try {
        return await renderSignIn(c, stringField(form, 'state'), form, error.message);
      } catch (stateError) {
        return errorPage(c, stateError);
      }
    }
  });

  routes.get(DEV_ONE_TAP_SCRIPT_PATH, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    return c.body(
      devOneTapScript({
        clientId: DEV_ONE_TAP_CLIENT_ID,
        idTokenUrl: `${origin(c)}${DEV_ONE_TAP_ID_TOKEN_PATH}`,
        allowedOrigins: [...deps.config.allowedOrigins, origin(c)],
        projectName: deps.config.projectName,
        defaultIdentity: DEV_ONE_TAP_DEFAULT_IDENTITY,
      }),
    );
  });

  routes.use(DEV_ONE_TAP_ID_TOKEN_PATH, sdkCors(deps.config.allowedOrigins), limitBody(MAX_BODY_BYTES));
  routes.post(DEV_ONE_TAP_ID_TOKEN_PATH, jsonBody(devIdTokenBody), async (c) =>
    c.json(issueDevIdToken(deps, origin(c), c.req.valid('json'))),
  );

  async function renderSignIn(c: Context<AppEnv>, state: string | undefined, form: JsonObject, error?: string) {
    const row = await usableDevState(deps, state);
    const page = devSignInPage({
      providerName: providerType(row.provider),
      projectName: deps.config.projectName,
      state: state ?? '',
      identities: await recentDevIdentities(deps.db, DEV_IDP_RECENT_IDENTITIES),
      values: { email: stringField(form, 'email'), name: stringField(form, 'name') },
      ...(error ? { error } : {}),
    });
    return htmlPage(c, page, error ? 400 : 200);
  }

  return routes;
}

/** The form's text fields (a file field is not something this form has, so it is dropped). */
export async function readForm(c: Context<AppEnv>): Promise<JsonObject> {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
}

export function stringField(form: JsonObject, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/** Refusals the visitor can fix on the page (a bad address, a missing field), as opposed to a dead state. */
function isFormMistake(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.errorType === 'invalid_email' || error.errorType === 'invalid_request');
}
