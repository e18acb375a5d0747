// Telemetry events (wire contract 3.1): queued and sent to POST /events as a JSON array of up to MAX_EVENTS_PER_BATCH
// items, EVENTS_FLUSH_INTERVAL_MS after the first queued item or at once when the batch is full, and when the page is
// hidden or left.
import { MAX_EVENTS_PER_BATCH, PATHS, SDK_BASE_PATH, type EventBatchItem } from '../api/index.ts';
import type { EventsApi } from './types.ts';
import { EVENTS_FLUSH_INTERVAL_MS } from './constants/telemetry.ts';
import { realClock, type Clock } from './clock.ts';
import { buildTelemetry, type SignedInIds } from './telemetry.ts';

export interface EventQueueOptions {
  baseUrl: string;
  publicToken: string;
  signedInIds(): SignedInIds;
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

export interface EventQueue extends EventsApi {
  flush(keepalive?: boolean): void;
  /** Sends what is queued and removes the timer and page listeners. */
  destroy(): void;
}

/**
 * Unlike fetchSDK, /events carries only Content-Type: no Authorization, no X-SDK-* headers, default credentials.
 * Telemetry must never disturb the page, so every failure is swallowed.
 */
function postEvents(url: string, items: EventBatchItem[], keepalive: boolean): void {
  try {
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(items),
      keepalive,
    })
      // Read to the end, though nothing in it is used: a response body nobody reads keeps its connection busy (one
      // of the browser's six per host) until the response is garbage-collected, and the request open meanwhile.
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  } catch {
    // fetch itself threw (e.g. keepalive quota): drop the batch.
  }
}

export function createEventQueue(options: EventQueueOptions): EventQueue {
  const clock = options.clock ?? realClock;
  const url = `${options.baseUrl}${SDK_BASE_PATH}${PATHS.events}`;
  let queue: EventBatchItem[] = [];
  let timer: unknown = null;

  const flush = (keepalive = false) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!queue.length) return;
    const batch = queue.splice(0, MAX_EVENTS_PER_BATCH);
    postEvents(url, batch, keepalive);
    if (queue.length) flush(keepalive);
  };

  // Leaving or hiding the page may be the last chance to send; keepalive lets the request outlive the page.
  const onPageHide = () => flush(true);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush(true);
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);

  return {
    log(eventName, details = {}, error) {
      queue.push({
        telemetry: buildTelemetry(options.signedInIds()),
        event: { public_token: options.publicToken, event_name: eventName, details, ...error },
      });
      if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
      else if (timer === null) timer = clock.setTimeout(() => flush(), EVENTS_FLUSH_INTERVAL_MS);
    },
    flush,
    destroy() {
      flush();
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      queue = [];
    },
  };
}
