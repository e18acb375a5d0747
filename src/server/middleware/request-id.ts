import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { newRequestId } from '../ids.ts';

/** Gives every request its id first, so success and error bodies alike can carry it. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('requestId', newRequestId());
  await next();
};
