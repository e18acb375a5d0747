import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createService, type Service, type ServiceOptions } from './app.ts';
import { OWN_REDIRECT_PATHS } from './constants.ts';

export interface ListenOptions extends ServiceOptions {
  /** 0 picks a free port. */
  port?: number;
  hostname?: string;
}

export interface RunningServer {
  url: string;
  service: Service;
  close(): Promise<void>;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

/**
 * Listens first (so a port of 0 becomes a real one), then builds the service with its own origin in the CORS
 * allowlist and its own portal and home page in the redirect allowlist: the demo site on the same server calls the
 * API and receives magic links without any configuration. Resolves once requests are served.
 */
export async function startServer(options: ListenOptions = {}): Promise<RunningServer> {
  const hostname = options.hostname ?? 'localhost';
  let handler: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
  const server = await listen(hostname, options.port ?? 0, (request, env) =>
    handler ? handler(request, env) : new Response('Starting', { status: 503 }),
  );
  const port = (server.address() as AddressInfo).port;
  const ownOrigins = LOOPBACK_NAMES.has(hostname)
    ? [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
    : [`http://${hostname}:${port}`];
  const [primaryOrigin] = ownOrigins as [string, ...string[]];

  let service: Service;
  try {
    service = await createService({
      ...options,
      allowedOrigins: [...(options.allowedOrigins ?? []), ...ownOrigins],
      redirectUrls: [
        ...(options.redirectUrls ?? []),
        ...ownOrigins.flatMap((origin) => OWN_REDIRECT_PATHS.map((p) => `${origin}${p}`)),
      ],
    });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  handler = (request, env) => service.app.fetch(request, env);

  return {
    url: primaryOrigin,
    service,
    async close() {
      await closeServer(server);
      await service.close();
    },
  };
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

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    // Keep-alive connections from browsers would hold close() open; they carry no work worth waiting for.
    if ('closeAllConnections' in server) server.closeAllConnections();
    server.close(() => resolve());
  });
}
