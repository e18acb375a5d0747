// What the service adds around oidc-provider's own answers: the service's response headers on every one, its 500s in
// the service's log, and the authorization code a failed PKCE check spends. oidc-provider writes to the Node response
// itself, so the Hono middleware that sets the service's headers and logs its errors never sees these answers.
import { createHash } from 'node:crypto';
import { STRICT_TRANSPORT_SECURITY } from '../constants/headers.ts';
import { logUnexpectedError } from '../http/errors.ts';
import { withFrameAncestors } from '../middleware/security-headers.ts';
import type { KoaContext, KoaMiddleware, OidcProvider } from './provider.ts';

/**
 * The headers the service's own answers get (middleware/security-headers.ts), on every answer of oidc-provider's:
 * nosniff; Strict-Transport-Security with an https PUBLIC_URL; frame-ancestors 'none' on its HTML pages (errors, the
 * logout form). oidc-provider's routes answer their own errors; one that escapes them (a session that cannot be saved
 * after the route has answered) reaches Koa, which answers 500 after removing every header and setting back only the
 * error's own `headers`: the fixed headers go with the error.
 */
export function responseHeaders(publicUrl: string | null): KoaMiddleware {
  const fixed: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' };
  if (publicUrl !== null && new URL(publicUrl).protocol === 'https:')
    fixed['Strict-Transport-Security'] = STRICT_TRANSPORT_SECURITY;
  return async (ctx, next) => {
    ctx.set(fixed);
    try {
      await next();
    } catch (error) {
      if (error instanceof Error) {
        const own = (error as { headers?: Record<string, string> }).headers;
        Object.assign(error, { headers: { ...own, ...fixed } });
      }
      throw error;
    }
    if (/^text\/html\b/i.test(ctx.response.get('Content-Type'))) {
      ctx.set('Content-Security-Policy', withFrameAncestors(ctx.response.get('Content-Security-Policy') || null));
    }
  };
}

/** Every 500 oidc-provider answers is logged as the service's other unexpected errors are. */
export function logServerErrors(provider: OidcProvider): void {
  // A route's own error handler answered server_error.
  provider.on('server_error', (_ctx: KoaContext, error: unknown) => logUnexpectedError(error));
  // An error no route handled reached Koa. With a listener of ours, Koa no longer prints errors itself; like Koa, an
  // error meant for the client (`expose`) is not the service's failure.
  provider.on('error', (error: unknown) => {
    if ((error as { expose?: boolean } | null)?.expose !== true) logUnexpectedError(error);
  });
}

/**
 * A failed PKCE check at the token endpoint spends the authorization code: whoever presented it with the wrong
 * verifier (or none) may hold a leaked code, and the app starts a new authorization. oidc-provider checks PKCE before
 * it consumes a code, so the code would stay redeemable. Destroyed rather than consumed: a consumed code presented
 * again revokes the user's whole grant with the app, and anyone holding a leaked code, without its verifier, could
 * then end the user's other sign-ins to that app. Runs before Koa writes the answer, so a second attempt already finds
 * no code.
 */
export function spendingCodesOnFailedPkce(provider: OidcProvider): KoaMiddleware {
  return async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token' || !isClientError(ctx.status)) return;
    const { params, client } = ctx.oidc;
    if (params?.grant_type !== 'authorization_code' || typeof params.code !== 'string' || !client) return;
    const code = await provider.AuthorizationCode.find(params.code, { ignoreExpiration: true });
    if (!code || code.consumed || code.clientId !== client.clientId) return;
    if (pkceSatisfied(params.code_verifier, code.codeChallenge)) return;
    await code.destroy();
  };
}

const isClientError = (status: number) => status >= 400 && status < 500;

/** oidc-provider's rule (S256 only): no verifier and no challenge, or the verifier's digest is the challenge. */
function pkceSatisfied(verifier: unknown, challenge: string | undefined): boolean {
  if (verifier === undefined && challenge === undefined) return true;
  if (typeof verifier !== 'string' || challenge === undefined) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}
