import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import { MAX_EVENTS_PER_BATCH } from '../../api/telemetry.ts';
import { MAX_JSON_DEPTH } from '../constants.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJson } from '../http/body.ts';
import { ok } from '../http/envelope.ts';
import { Errors } from '../http/errors.ts';
import { requestMeta } from '../http/request-meta.ts';
import { isJsonObject, nestsDeeperThan } from '../http/validate.ts';
import { ipSubject } from '../security/rate-limit.ts';
import { insertEvent } from '../store/events.ts';

/**
 * POST /events: the client's telemetry batches. The client sends no Authorization here (wire contract 3.1), so
 * events naming another project's public token are dropped rather than stored.
 */
export function eventRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(PATHS.events, async (c) => {
    // Per client IP, before the body is read: a flood costs one statement each. The body itself is capped by
    // MAX_BODY_BYTES (app.ts) and the batch by MAX_EVENTS_PER_BATCH below.
    await deps.limits.ipEvents.take(ipSubject(requestMeta(c).ipAddress), deps.config.now());
    const batch = await readJson(c, undefined);
    if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_EVENTS_PER_BATCH) {
      throw Errors.invalidRequest('eventsBatchSize', { max: MAX_EVENTS_PER_BATCH });
    }
    if (nestsDeeperThan(batch, MAX_JSON_DEPTH)) {
      throw Errors.invalidRequest('eventsNestTooDeep', { max: MAX_JSON_DEPTH });
    }
    for (const item of batch) {
      const event = isJsonObject(item) ? item['event'] : undefined;
      if (
        !isJsonObject(event) ||
        typeof event['event_name'] !== 'string' ||
        typeof event['public_token'] !== 'string'
      ) {
        throw Errors.invalidRequest('eventsItemShape');
      }
    }
    for (const item of batch as { event: { public_token: string; event_name: string } }[]) {
      if (item.event.public_token !== deps.config.publicToken) continue;
      await insertEvent(
        deps.db,
        { source: 'sdk', name: item.event.event_name, userId: null, details: item },
        deps.config.now(),
      );
    }
    return ok(c);
  });
  return routes;
}
