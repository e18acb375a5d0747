import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/** What @hono/node-server passes as a request's env: the Node request and response under the web ones. */
interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

/** The Node request and response behind `c`; both undefined under `app.request()` (tests), which has no socket. */
export function nodeBindings(c: Context): NodeBindings {
  return (c.env ?? {}) as NodeBindings;
}
