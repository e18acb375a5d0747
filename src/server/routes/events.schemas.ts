import * as v from 'valibot';
import { MAX_EVENTS_PER_BATCH } from '../../api/telemetry.ts';
import { MAX_JSON_DEPTH } from '../constants/input-limits.ts';
import { Errors } from '../http/errors.ts';
import { refine } from '../http/fields.ts';
import { isJsonObject, nestsDeeperThan } from '../http/validate.ts';

/** One telemetry event as the client sends it; everything besides the two names is stored as it came. */
export interface EventItem {
  event: { event_name: string; public_token: string; [detail: string]: unknown };
  [detail: string]: unknown;
}

function isEventItem(item: unknown): item is EventItem {
  const event = isJsonObject(item) ? item.event : undefined;
  return isJsonObject(event) && typeof event.event_name === 'string' && typeof event.public_token === 'string';
}

/**
 * POST /events: a batch (a JSON array, not an object) of 1 to MAX_EVENTS_PER_BATCH events, nested at most
 * MAX_JSON_DEPTH deep. The items are checked, never copied: they are stored exactly as sent.
 */
export const eventBatchBody = v.pipe(
  v.unknown(),
  refine((batch: unknown) => {
    if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_EVENTS_PER_BATCH) {
      throw Errors.invalidRequest('eventsBatchSize', { max: MAX_EVENTS_PER_BATCH });
    }
    if (nestsDeeperThan(batch, MAX_JSON_DEPTH))
      throw Errors.invalidRequest('eventsNestTooDeep', { max: MAX_JSON_DEPTH });
    if (!batch.every(isEventItem)) throw Errors.invalidRequest('eventsItemShape');
    return batch as EventItem[];
  }),
);
