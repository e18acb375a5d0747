/** Fields every `/sdk/v1` response carries inside `data` ("ResponseCommon"). */
export interface ResponseCommon {
  request_id: string;
  status_code: number;
}

/** A successful response: HTTP status <= 299 and the body `{ "data": { ... } }`. */
export interface SuccessEnvelope<T> {
  data: T & ResponseCommon;
}

/** An error response: never wrapped in `data`. */
export interface ErrorBody {
  status_code: number;
  request_id: string;
  error_type: import('./errors.ts').ErrorType;
  error_message: string;
  error_url: string;
  error_details?: Record<string, unknown>;
}

export const ERROR_URL_BASE = 'https://auth-login.dev/docs/errors#';
