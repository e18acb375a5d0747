// The error classes callers can catch (wire contract 1.4). Each sets `name` so it survives minification.
import type { ErrorType } from '../api/index.ts';

/** A well-formed error body from the service: `[status] type`, the message and the docs link. */
export class APIError extends Error {
  override name = 'APIError';
  status_code: number;
  request_id?: string;
  /** One of our ERROR_TYPES, or any other string the hosted service may send. */
  error_type: ErrorType | (string & {});
  error_message: string;
  error_url: string;
  error_details?: Record<string, unknown>;

  constructor(body: unknown) {
    const b = isErrorBody(body)
      ? body
      : { status_code: 400, error_type: 'unknown_error', error_message: safeJson(body), error_url: '' };
    super(`[${b.status_code}] ${b.error_type}\n${b.error_message}\nSee ${b.error_url} for more information.`);
    this.status_code = b.status_code;
    this.error_type = b.error_type;
    this.error_message = b.error_message;
    this.error_url = b.error_url;
    if (typeof b.request_id === 'string') this.request_id = b.request_id;
    if (b.error_details && typeof b.error_details === 'object') this.error_details = b.error_details;
  }
}

interface LooseErrorBody {
  status_code: number;
  error_type: string;
  error_message: string;
  error_url: string;
  request_id?: unknown;
  error_details?: Record<string, unknown>;
}

/** `StytchAPIError.from` accepts any object with a numeric status_code and string type, message and url. */
function isErrorBody(x: unknown): x is LooseErrorBody {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  return (
    typeof o.status_code === 'number' &&
    typeof o.error_type === 'string' &&
    typeof o.error_message === 'string' &&
    typeof o.error_url === 'string'
  );
}

function safeJson(x: unknown): string {
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return String(x);
  }
}

/** The service could not be reached, or answered with something that is not our envelope. */
export class APIUnreachableError extends Error {
  override name = 'APIUnreachableError';
}

export interface SchemaIssue {
  keyword?: string;
  dataPath?: string;
  schemaPath?: string;
  params?: unknown;
  message?: string;
}

/** The service rejected the request's shape (ajv-style `{body|params|query: [issues]}`). */
export class APISchemaError extends Error {
  override name = 'APISchemaError';
  body: SchemaIssue[];

  constructor(response: Record<string, unknown>) {
    const raw = response.body ?? response.params ?? response.query;
    const issues = Array.isArray(raw) ? (raw as SchemaIssue[]) : [];
    super(issues.map((i) => `${i.dataPath ?? ''}: ${i.message ?? ''}`).join('\n'));
    this.body = issues;
  }
}

/** A caller passed a value of the wrong type; thrown before anything is sent (spec 5). */
export class SDKUsageError extends Error {
  override name = 'SDKUsageError';
}

/**
 * The non-JSON `Captcha required` answer (wire contract 1.4/1.5). Retrying with a captcha token and DFP id is a later
 * issue: see `retryWithCaptcha` in http.ts.
 */
export class RetriableError extends Error {
  override name = 'RetriableError';
}
