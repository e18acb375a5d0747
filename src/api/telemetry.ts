/** The telemetry object sent base64-encoded in `X-SDK-Client` and inside each `/events` entry (wire contract 1.7). */
export interface TelemetryObject {
  event_id: string;
  app_session_id: string;
  persistent_id: string;
  client_sent_at: string;
  timezone: string;
  stytch_user_id?: string;
  stytch_session_id?: string;
  /** The B2B client's instead of the two above: the signed-in organization member and member session. */
  stytch_member_id?: string;
  stytch_member_session_id?: string;
  app: { identifier: string };
  sdk: { identifier: string; version: string };
}

export interface EventEntry {
  public_token: string;
  event_name: string;
  details: Record<string, unknown>;
  error_code?: string;
  error_description?: string;
  http_status_code?: string;
}

/**
 * POST /events carries at most this many items (client spec section 9): the client flushes its queue when it holds
 * this many, and the service refuses a longer batch.
 */
export const MAX_EVENTS_PER_BATCH = 15;

/** POST /events: a JSON array of 1 to MAX_EVENTS_PER_BATCH of these. */
export interface EventBatchItem {
  telemetry: TelemetryObject;
  event: EventEntry;
}

export const SDK_IDENTIFIER = 'Stytch.js Javascript SDK';
/** The SDK version the spec names (client spec section 9). */
export const SDK_VERSION = '5.39.0';

/**
 * The headers the client sends on every `/sdk/v1` call (wire contract 1.2); the service's CORS preflight allows
 * exactly these, so a header added here is allowed there too.
 */
export const HEADERS = {
  authorization: 'Authorization',
  contentType: 'Content-Type',
  sdkClient: 'X-SDK-Client',
  parentHost: 'X-SDK-Parent-Host',
} as const;

/** Every `/sdk/v1` call goes under this path on the service's base URL. */
export const SDK_BASE_PATH = '/sdk/v1';
