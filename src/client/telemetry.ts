// The telemetry object (wire contract 1.7), sent base64-encoded in X-SDK-Client and inside each /events item.
import { SDK_IDENTIFIER, SDK_VERSION, type TelemetryObject } from '../api/index.ts';
import { APP_SESSION_ID_PREFIX, EVENT_ID_PREFIX, PERSISTENT_ID_PREFIX } from './constants/telemetry.ts';

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, so plain-http pages build one by hand. */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Who is signed in: a consumer user and session, or an organization member and member session (the B2B client). */
export interface SignedInIds {
  userId?: string | undefined;
  sessionId?: string | undefined;
  memberId?: string | undefined;
  memberSessionId?: string | undefined;
}

let cachedTimeZone: string | undefined;

/** Temporal, where the browser has it (Chromium 144+, Firefox 139+); typed here because TypeScript's lib lacks it. */
declare const Temporal: { Now?: { timeZoneId?: () => string } } | undefined;

/**
 * The page's IANA time zone, asked once per page. Temporal answers in microseconds; the first Intl formatter of a
 * page loads ICU data and blocks the main thread for 40-100 ms, which is most of a phone's blocking budget.
 */
function timeZone(): string {
  const fromTemporal = typeof Temporal === 'undefined' ? undefined : Temporal.Now?.timeZoneId?.();
  cachedTimeZone ??= fromTemporal ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return cachedTimeZone;
}

export function buildTelemetry(ids: SignedInIds): TelemetryObject {
  const telemetry: TelemetryObject = {
    event_id: EVENT_ID_PREFIX + uuid(),
    // The provider makes both of these fresh on every call, despite the names (wire contract 1.7).
    app_session_id: APP_SESSION_ID_PREFIX + uuid(),
    persistent_id: PERSISTENT_ID_PREFIX + uuid(),
    client_sent_at: new Date().toISOString(),
    timezone: timeZone(),
    app: { identifier: location.hostname },
    sdk: { identifier: SDK_IDENTIFIER, version: SDK_VERSION },
  };
  // Omitted, not null, when signed out.
  if (ids.userId) telemetry.stytch_user_id = ids.userId;
  if (ids.sessionId) telemetry.stytch_session_id = ids.sessionId;
  if (ids.memberId) telemetry.stytch_member_id = ids.memberId;
  if (ids.memberSessionId) telemetry.stytch_member_session_id = ids.memberSessionId;
  return telemetry;
}

/** Standard padded base64 of UTF-8 text (btoa alone rejects characters above U+00FF). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
