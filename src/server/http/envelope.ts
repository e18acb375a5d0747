import type { Context } from 'hono';
import type { ErrorBody } from '../../api/envelope.ts';
import { ERROR_URL_BASE } from '../../api/envelope.ts';
import type { Locale } from '../../api/locales.ts';
import type { AppEnv } from '../context.ts';
import { renderMessage } from '../i18n/message.ts';
import type { ApiError } from './errors.ts';

/** The success envelope: HTTP 200, `{ data: { ...payload, request_id, status_code: 200 } }`. */
export function ok(c: Context<AppEnv>, payload: object = {}): Response {
  return c.json({ data: { ...payload, request_id: c.get('requestId'), status_code: 200 } }, 200);
}

/**
 * The backend API's success body (routes/backend/): the payload's fields beside `request_id` and `status_code`, not
 * wrapped in `data`, as the hosted provider's backend API answers and its server SDKs read.
 */
export function okFlat(c: Context<AppEnv>, payload: object = {}): Response {
  return c.json({ ...payload, request_id: c.get('requestId'), status_code: 200 }, 200);
}

/** The error body: never wrapped in `data`, always these five fields; error_message in the request's language. */
export function errorBody(error: ApiError, requestId: string, locale: Locale): ErrorBody {
  return {
    status_code: error.status,
    request_id: requestId,
    error_type: error.errorType,
    error_message: renderMessage(error.text, locale),
    error_url: `${ERROR_URL_BASE}${error.errorType}`,
  };
}
