import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { parseBasicAuth } from '../security/basic-auth.ts';
import { secretsEqual } from '../security/tokens.ts';

/**
 * The backend API (`/v1/...`, routes/backend/): `Authorization: Basic base64(project_id:secret)`, as the hosted
 * provider's backend API takes it.
 *
 * - A request with an `Origin` header comes from a browser page (browsers send it on every cross-origin call and on
 *   every non-GET one; servers' HTTP clients do not): 403 before the credentials are even read, so a secret pasted
 *   into a page fails loudly instead of working, and a page cannot probe for a valid secret.
 * - A wrong project id, a wrong or missing secret, and production without PROJECT_SECRET all answer the same 401
 *   `unauthorized_credentials`, so the answer says nothing about which part was wrong. Both parts are compared in
 *   constant time, always both.
 * - Nothing here is logged: the request log (request-log.ts) never reads headers.
 * - No per-IP failure budget (as the sign-in checks have): the secret is at least PROJECT_SECRET_MIN_LENGTH random
 *   characters, beyond guessing, and a site's server calls this on every request it serves, so two more statements
 *   per call (reserve, release) would cost every site for no protection.
 */
export function backendAuth(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header('Origin') !== undefined) throw Errors.backendFromBrowser();
    const credentials = parseBasicAuth(c.req.header('Authorization'));
    const expected = deps.config.projectSecret;
    if (!credentials || expected === null) throw Errors.unauthorizedCredentials();
    const projectMatches = secretsEqual(credentials.publicToken, deps.config.projectId);
    const secretMatches = secretsEqual(credentials.secret, expected);
    if (!(projectMatches && secretMatches)) throw Errors.unauthorizedCredentials();
    await next();
  };
}
