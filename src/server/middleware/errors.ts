import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MAX_BODY_BYTES } from '../constants.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../http/envelope.ts';
import { ApiError, Errors } from '../http/errors.ts';
import { newRequestId } from '../ids.ts';

/** Turns anything thrown into the error body. Unexpected errors are logged and answered 500 without details. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const apiError = toApiError(error);
  if (apiError.status >= 500) console.error('[identity service] unexpected error', error);
  return errorResponse(c, apiError);
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, Errors.notFound(`${c.req.method} ${new URL(c.req.url).pathname}`));

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  const body = errorBody(error, c.get('requestId') ?? newRequestId());
  return c.json(body, error.status, error.headers);
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Hono's own exceptions (e.g. from its built-in middleware) carry a status we can keep.
  if (error instanceof HTTPException) {
    if (error.status === 413) return Errors.payloadTooLarge(MAX_BODY_BYTES);
    if (error.status >= 400 && error.status < 500) return Errors.invalidRequest(error.message || 'Bad request.');
  }
  return Errors.internal();
}
