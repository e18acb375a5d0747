import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.ts';
import { Errors } from '../http/errors.ts';

/** Refuses bodies over `maxBytes` before anything reads them (by Content-Length, or while streaming). */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw Errors.payloadTooLarge(maxBytes);
    },
  });
}
