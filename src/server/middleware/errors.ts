import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { LOCALE_HEADER } from '../../api/locales.ts';
import { ID_ENVIRONMENT } from '../constants/identifiers.ts';
import { MAX_BODY_BYTES } from '../constants/input-limits.ts';
import { CONTENT_LANGUAGE_HEADER } from '../i18n/constants.ts';
import type { AppEnv } from '../context.ts';
import { errorBody } from '../http/envelope.ts';
import { ApiError, Errors, logUnexpectedError } from '../http/errors.ts';
import { preferredLocale } from '../i18n/accept-language.ts';
import { newRequestId } from '../ids.ts';

/** Turns anything thrown into the error body. Unexpected errors are logged and answered 500 without details. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  const apiError = toApiError(error);
  if (apiError.status >= 500) logUnexpectedError(error);
  return errorResponse(c, apiError);
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, Errors.notFound('routeNotFound', { route: `${c.req.method} ${new URL(c.req.url).pathname}` }));

export function errorResponse(c: Context<AppEnv>, error: ApiError): Response {
  // Unset only if the error came before the language middleware ran; the header still decides then.
  const locale = c.get('locale') ?? preferredLocale(c.req.header(LOCALE_HEADER));
  // The service's request-context middleware always sets the request id; only an app assembled without it (a test's)
  // reaches the fallback, and a test's environment is development's.
  const body = errorBody(error, c.get('requestId') ?? newRequestId(ID_ENVIRONMENT), locale);
  const response = c.json(body, error.status, { ...error.headers, [CONTENT_LANGUAGE_HEADER]: locale });
  // The body's wording depends on Accept-Language: a shared cache must not answer one language with another's.
  response.headers.append('Vary', LOCALE_HEADER);
  return response;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Hono's own exceptions (e.g. from its built-in middleware) carry a status we can keep.
  if (error instanceof HTTPException) {
    if (error.status === 413) return Errors.payloadTooLarge(MAX_BODY_BYTES);
    if (error.status >= 400 && error.status < 500)
      return error.message
        ? Errors.invalidRequest('verbatim', { text: error.message })
        : Errors.invalidRequest('badRequest');
  }
  return Errors.internal();
}
