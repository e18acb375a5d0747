import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { ApiError, Errors } from '../http/errors.ts';
import { nodeBindings } from '../http/node-request.ts';

/**
 * Refuses bodies over `maxBytes` before anything reads them: by Content-Length, or while streaming a body sent
 * without one (chunked), through Hono's bodyLimit. Node's HTTP parser never delivers more than a declared
 * Content-Length, so a declared length within the limit needs no counting: such a body is marked for `readJson` to read
 * from the Node request itself (`nodeBody`). Hono's bodyLimit would build a web Request and a ReadableStream over it
 * for every request, GETs included (an eighth of sessions/authenticate's CPU time in bench/throughput.ts).
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const whileStreaming = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw Errors.payloadTooLarge(maxBytes);
    },
  });
  // Hono's bodyLimit reads the whole body before calling `next`; a read that fails there is the client leaving
  // mid-body ("aborted"), answered (to nobody) as a 4xx rather than logged as the service's failure. Whatever fails
  // once `next` has run is the handler's own error and passes through.
  const streamed: MiddlewareHandler<AppEnv> = async (c, next) => {
    let handling = false;
    try {
      return await whileStreaming(c, () => {
        handling = true;
        return next();
      });
    } catch (error) {
      if (!handling && !(error instanceof ApiError)) throw Errors.requestBodyIncomplete();
      throw error;
    }
  };
  return async (c, next) => {
    const { method } = c.req;
    if (method === 'GET' || method === 'HEAD') return next();
    const declared = c.req.header('Content-Length');
    if (declared === undefined || c.req.header('Transfer-Encoding') !== undefined) return streamed(c, next);
    if (Number(declared) > maxBytes) throw Errors.payloadTooLarge(maxBytes);
    const { incoming } = nodeBindings(c);
    if (incoming) c.set('nodeBody', incoming);
    return next();
  };
}
