import { Hono } from 'hono';
import { PATHS } from '../../api/paths.ts';
import type { AppEnv, Deps } from '../context.ts';
import { readJson } from '../http/body.ts';
import { validated } from '../http/edge.ts';
import { ok } from '../http/envelope.ts';
import { requestMeta } from '../http/request-meta.ts';
import { ipSubject } from '../security/rate-limit.ts';
import { insertEvent } from '../store/events.ts';
import { eventBatchBody } from './events.schemas.ts';

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
    // An empty body reads as no batch at all (a size refusal); the batch is an array, so not `validJson`.
    const batch = validated(eventBatchBody, await readJson(c, undefined));
    for (const item of batch) {
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
