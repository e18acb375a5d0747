// Hands the protocol endpoints to oidc-provider, a Koa app with a Node (req, res) callback. Under @hono/node-server
// the fetch handler's env carries the raw request and response; nothing before this route reads the body, so
// oidc-provider parses it itself.
import { Hono, type Context } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { OIDC_PATHS } from '../../api/idp.ts';
import type { AppEnv, Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import { nodeBindings } from '../http/node-request.ts';
import { providerFor } from './provider.ts';

/**
 * The prefix every oidc-provider route but discovery lives under (OIDC_PATHS), so sub-routes (resume, confirm) are
 * included.
 */
const PROTOCOL_PREFIX = '/oauth2';

/**
 * The platform's Response class, RESPONSE_ALREADY_SENT's own. Once a server runs, @hono/node-server makes the global
 * `Response` its lighter class, and writes an answer of that class without looking for the already-sent header (it
 * would write the head a second time, and throw); it checks the header on the platform's responses.
 */
const PlatformResponse = RESPONSE_ALREADY_SENT.constructor as typeof Response;

export function oidcProviderRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const handOver = async (c: Context<AppEnv>) => {
    const { incoming, outgoing } = nodeBindings(c);
    // app.request() in tests has no socket: the protocol is tested through startServer (listen.ts) instead.
    if (!incoming || !outgoing) throw Errors.notFound('oidcEndpointNotFound');
    const provider = await providerFor(deps, new URL(c.req.url).origin);
    // With PUBLIC_URL, every endpoint URL oidc-provider builds (discovery, redirects) is on that origin, never on the
    // Host the request arrived with: it reads them from these headers, which replace whatever the client sent.
    const { publicUrl } = deps.config;
    if (publicUrl) {
      const origin = new URL(publicUrl);
      incoming.headers['x-forwarded-host'] = origin.host;
      incoming.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
    }
    await new Promise<void>((resolve) => {
      outgoing.once('close', resolve);
      outgoing.once('finish', resolve);
      provider.callback()(incoming, outgoing);
    });
    // Already sent, as RESPONSE_ALREADY_SENT says to @hono/node-server, but with the real status for the request log.
    return new PlatformResponse(null, { status: outgoing.statusCode, headers: RESPONSE_ALREADY_SENT.headers });
  };
  routes.all(OIDC_PATHS.discovery, handOver);
  routes.all(PROTOCOL_PREFIX, handOver);
  routes.all(`${PROTOCOL_PREFIX}/*`, handOver);
  return routes;
}
