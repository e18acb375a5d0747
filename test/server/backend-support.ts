// Calling the backend API (`/v1/...` with the project id and secret) in-process, and putting a test service on a
// real socket for clients that need one (the provider's Node SDK, the verify examples).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { DEV_PROJECT_SECRET } from '../../src/server/constants/backend-api.ts';
import { DEFAULT_PROJECT_ID } from '../../src/server/constants/project.ts';
import { basicAuth, type TestService } from './support.ts';

/** Development's project credentials (config.ts: the public dev secret when PROJECT_SECRET is not set). */
export const PROJECT_ID = DEFAULT_PROJECT_ID;
export const PROJECT_SECRET = DEV_PROJECT_SECRET;

export interface BackendCallOptions {
  /** The Authorization header; default: this project's id and secret. null: none. */
  authorization?: string | null;
  headers?: Record<string, string>;
}

/** One backend API call, the way a site's server makes it (Basic project_id:secret, JSON). */
export async function backend(
  t: TestService,
  method: string,
  path: string,
  body?: unknown,
  options: BackendCallOptions = {},
): Promise<Response> {
  const authorization =
    options.authorization === undefined ? basicAuth(PROJECT_SECRET, PROJECT_ID) : options.authorization;
  return t.service.app.request(path, {
    method,
    headers: {
      ...(authorization === null ? {} : { Authorization: authorization }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A backend answer's body after checking it is a 200 with the provider's flat envelope (no `data`). */
export async function flatOf<T = Record<string, unknown>>(res: Response): Promise<T & { status_code: number }> {
  const body = (await res.json()) as T & { status_code: number; request_id: string; data?: unknown };
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(body)}`);
  if (body.status_code !== 200 || 'data' in body || !/^request-id-/.test(body.request_id)) {
    throw new Error(`not the backend envelope: ${JSON.stringify(body)}`);
  }
  return body;
}

/** The test service's app on a free loopback port; `close` stops listening (the service itself stays open). */
export async function listenOnLoopback(t: TestService): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: t.service.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
