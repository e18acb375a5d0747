// fetchSDK: every `/sdk/v1` call goes through `request` here (wire contract 1.1–1.4).
import { CAPTCHA_REQUIRED_TEXT, HEADERS, SDK_BASE_PATH, UNRECOVERABLE_ERROR_TYPES } from '../api/index.ts';
import { LOCALE_HEADER } from '../api/locales.ts';
import {
  FETCH_FAILED_MESSAGE,
  LIVE_API_URL,
  MSG_CAPTCHA_UNAVAILABLE,
  MSG_INVALID_JSON_ERROR,
  MSG_INVALID_JSON_SUCCESS,
  MSG_INVALID_RESPONSE,
  MSG_UNREACHABLE,
  TEST_API_URL,
  TEST_TOKEN_MARKER,
} from './constants/http.ts';
import { APIError, APISchemaError, APIUnreachableError, RetriableError } from './errors.ts';
import { base64, buildTelemetry, type SignedInIds } from './telemetry.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Body = Record<string, unknown>;

/**
 * The service's origin: a given value resolves against the page (so `/` is the page's own origin) and only its origin
 * is kept; without one, the provider's test or live host chosen by the token (wire contract 1.1).
 */
export function resolveBaseUrl(publicToken: string, baseUrl?: string): string {
  if (baseUrl === undefined) return publicToken.includes(TEST_TOKEN_MARKER) ? TEST_API_URL : LIVE_API_URL;
  return new URL(baseUrl, location.href).origin;
}

/** Errors after which the session cannot be recovered (wire contract 1.6). */
export function isUnrecoverable(error: unknown): boolean {
  return error instanceof APIError && (UNRECOVERABLE_ERROR_TYPES as readonly string[]).includes(error.error_type);
}

/** The retry without captcha support wired in: like the provider's SDK with DFP disabled, it throws. */
export async function retryWithCaptcha(_error: RetriableError, _body: Body | undefined): Promise<Body> {
  throw new Error(MSG_CAPTCHA_UNAVAILABLE);
}

export interface HttpDeps {
  baseUrl: string;
  publicToken: string;
  /** Read at request time: the session cookie may change between calls, in this tab or another. */
  sessionToken(): string | null;
  signedInIds(): SignedInIds;
  /** Read at request time: the language can change between calls (the element's `locale`). */
  locale?(): string | undefined;
  /**
   * The first request's body of a send or login call, with the captcha token and DFP telemetry id the bootstrap asks
   * for (captcha.ts, loaded only then); without it the body goes as the caller gave it.
   */
  protect?(body: Body | undefined): Promise<Body | undefined>;
  /** The body for the one captcha/DFP retry (captcha.ts, loaded on demand); without it the retry throws. */
  captchaRetry?(body: Body | undefined): Promise<Body>;
}

export interface Http {
  request<T>(method: Method, path: string, body?: Body, options?: { retriable?: boolean }): Promise<T>;
}

export function createHttp(deps: HttpDeps): Http {
  const send = async <T>(method: Method, path: string, body: Body | undefined): Promise<T> => {
    const headers: Record<string, string> = {
      // With no session the password part is the public token again.
      [HEADERS.authorization]: `Basic ${base64(`${deps.publicToken}:${deps.sessionToken() || deps.publicToken}`)}`,
      [HEADERS.contentType]: 'application/json',
      [HEADERS.sdkClient]: base64(JSON.stringify(buildTelemetry(deps.signedInIds()))),
      [HEADERS.parentHost]: location.origin,
    };
    const locale = deps.locale?.();
    if (locale) headers[LOCALE_HEADER] = locale;
    const init: RequestInit = { method, headers, credentials: 'include' };
    // GET and DELETE carry no body; a POST/PUT without one still sends an empty body.
    if (method === 'POST' || method === 'PUT') init.body = body ? JSON.stringify(body) : '';
    return parseResponse<T>(await doFetch(`${deps.baseUrl}${SDK_BASE_PATH}${path}`, init));
  };

  return {
    async request<T>(method: Method, path: string, body?: Body, options?: { retriable?: boolean }) {
      try {
        return await send<T>(method, path, options?.retriable && deps.protect ? await deps.protect(body) : body);
      } catch (error) {
        if (!(error instanceof RetriableError) || !options?.retriable) throw error;
        // A fresh telemetry header is built by send(); the body gains a fresh captcha token and DFP id.
        const retryBody = deps.captchaRetry ? await deps.captchaRetry(body) : await retryWithCaptcha(error, body);
        return send<T>(method, path, retryBody);
      }
    },
  };
}

async function doFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    // Only the browser's network failure is translated; anything else (an abort, a bad URL) is a caller's concern.
    if (error instanceof Error && error.message === FETCH_FAILED_MESSAGE)
      throw new APIUnreachableError(MSG_UNREACHABLE);
    throw error;
  }
}

/** Wire contract 1.3/1.4: only "≤ 299 or not" comes from the HTTP status; the body decides the rest. */
export async function parseResponse<T>(res: Response): Promise<T> {
  if (res.status <= 299) {
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new APIUnreachableError(MSG_INVALID_JSON_SUCCESS);
    }
    // The provider's SDK resolves to undefined without `data` and callers then crash; fail clearly instead.
    if (!json || typeof json !== 'object' || !('data' in json)) throw new APIUnreachableError(MSG_INVALID_JSON_SUCCESS);
    return json.data as T;
  }
  if (res.headers.get('content-type')?.includes('application/json')) {
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new APIUnreachableError(MSG_INVALID_JSON_ERROR);
    }
    if (json && typeof json === 'object' && ('body' in json || 'params' in json || 'query' in json)) {
      throw new APISchemaError(json as Record<string, unknown>);
    }
    throw new APIError(json);
  }
  let text = '';
  try {
    text = await res.text();
  } catch {
    throw new APIUnreachableError(MSG_INVALID_RESPONSE);
  }
  if (text.includes(CAPTCHA_REQUIRED_TEXT)) throw new RetriableError(CAPTCHA_REQUIRED_TEXT);
  throw new APIUnreachableError(MSG_INVALID_RESPONSE);
}
