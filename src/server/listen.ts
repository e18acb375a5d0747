import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createService, type Service, type ServiceOptions } from './app.ts';
import { HEALTH_PATH, SHUTDOWN_GRACE_MS } from './constants/deployment.ts';
import { loadDevTools } from './dev-tools.ts';

export interface ListenOptions extends ServiceOptions {
  /** 0 picks a free port. */
  port?: number;
  hostname?: string;
  /**
   * Pages of the site served with the service (`siteDir`) that receive sign-in redirects: each is added to the
   * redirect allowlist on the service's own origin. Default: none in production; in development the demo site's,
   * from the dev tools, so a local server needs no configuration.
   */
  siteRedirectPaths?: readonly string[];
}

export interface RunningServer {
  url: string;
  service: Service;
  /** Requests whose handler is still running, including those whose client has gone away. */
  readonly requestsInFlight: number;
  /**
   * Graceful: stops accepting connections, lets in-flight requests finish (at most SHUTDOWN_GRACE_MS, then their
   * connections are cut), then closes the database.
   */
  close(): Promise<void>;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

/**
 * Listens first (so a port of 0 becomes a real one), then builds the service with its own origin in the CORS
 * allowlist and the site's pages on it (`siteRedirectPaths`) in the redirect allowlist: the demo site on the same
 * server calls the API and receives magic links without any configuration. In production that origin is
 * PUBLIC_URL's, never one derived from the listening address. Resolves once requests are served.
 */
export async function startServer(options: ListenOptions = {}): Promise<RunningServer> {
  const hostname = options.hostname ?? 'localhost';
  if (options.mode === 'production' && !options.publicUrl)
    throw new Error('Production mode needs publicUrl (PUBLIC_URL).');
  let handler: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
  let closing = false;
  const running = new InFlight();
  const server = await listen(hostname, options.port ?? 0, async (request, env) => {
    if (!handler) return startingResponse(request);
    const response = await running.track(handler(request, env));
    // While shutting down, a keep-alive connection is closed after its current response instead of waiting idle.
    if (closing) trySetHeader(response, 'Connection', 'close');
    return response;
  });
  // A request still running when close() starts leaves its connection idle when it finishes: close it then.
  server.on('request', (_request, response) => response.on('finish', () => closing && closeIdle(server)));
  const port = (server.address() as AddressInfo).port;
  const ownOrigins =
    options.publicUrl && options.mode === 'production'
      ? [new URL(options.publicUrl).origin]
      : LOOPBACK_NAMES.has(hostname)
        ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
        : [`http://${hostname}:${port}`];
  const [primaryOrigin] = ownOrigins as [string, ...string[]];
  const sitePaths =
    options.siteRedirectPaths ?? (await loadDevTools(options.mode ?? 'development'))?.demoSiteRedirectPaths ?? [];

  let service: Service;
  try {
    service = await createService({
      ...options,
      allowedOrigins: [...(options.allowedOrigins ?? []), ...ownOrigins],
      redirectUrls: [
        ...(options.redirectUrls ?? []),
        ...ownOrigins.flatMap((origin) => sitePaths.map((p) => `${origin}${p}`)),
      ],
    });
  } catch (error) {
    await closeServer(server, 0);
    throw error;
  }
  handler = (request, env) => service.app.fetch(request, env);

  return {
    url: options.mode === 'production' ? `http://${urlHost(hostname)}:${port}` : primaryOrigin,
    service,
    get requestsInFlight() {
      return running.count;
    },
    async close() {
      closing = true;
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      await closeServer(server, SHUTDOWN_GRACE_MS);
      // A client that went away leaves its request running with no connection to wait for: the database closes
      // after the request finishes (within the same grace), not under it.
      await running.settled(Math.max(0, deadline - Date.now()));
      await service.close();
    },
  };
}

/** Requests whose handler has not finished, whether or not their client is still connected. */
class InFlight {
  #count = 0;
  #idle: (() => void)[] = [];

  get count(): number {
    return this.#count;
  }

  async track<T>(work: T | Promise<T>): Promise<T> {
    this.#count++;
    try {
      return await work;
    } finally {
      if (--this.#count === 0) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  /** Resolves when none is running, or after `timeoutMs` whatever is still running. */
  settled(timeoutMs: number): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.#idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

function listen(
  hostname: string,
  port: number,
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', reject);
  });
}

/**
 * Stops accepting and resolves once every connection is gone. Idle keep-alive connections carry no work and are
 * closed at once (and again whenever a response finishes, see startServer); busy ones get `graceMs` before being cut.
 */
function closeServer(server: ServerType, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, graceMs);
    deadline.unref();
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    closeIdle(server);
  });
}

function closeIdle(server: ServerType): void {
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}

/**
 * Before the database is open: the process is alive (/healthz 200) but not ready for traffic (everything else 503),
 * so a load balancer neither restarts a slow-starting instance nor sends it requests.
 */
function startingResponse(request: Request): Response {
  if (new URL(request.url).pathname === HEALTH_PATH) return Response.json({ status: 'ok' });
  return Response.json({ status: 'unavailable', reason: 'Starting.' }, { status: 503 });
}

function trySetHeader(response: Response, name: string, value: string): void {
  try {
    response.headers.set(name, value);
  } catch {
    // Immutable headers (Response.redirect): the connection then closes when the server closes it.
  }
}

function urlHost(hostname: string): string {
  return hostname.includes(':') ? `[${hostname}]` : hostname;
}
