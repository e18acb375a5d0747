// Telemetry: when the event queue flushes and how its ids are written (client spec 9, wire contract 1.7, 3.1).

/**
 * Telemetry: flush the `/events` queue this long after the first queued item (spec 9), or at once when it holds
 * MAX_EVENTS_PER_BATCH (src/api: the service refuses longer batches).
 */
export const EVENTS_FLUSH_INTERVAL_MS = 800;

/** Telemetry id prefixes (wire contract 1.7). */
export const EVENT_ID_PREFIX = 'event-id-';
export const APP_SESSION_ID_PREFIX = 'app-session-id-';
export const PERSISTENT_ID_PREFIX = 'persistent-id-';

/** The event every client instance emits once (wire contract 3.1). */
export const INSTANTIATED_EVENT = 'sdk_instance_instantiated';
/** The event a social sign-in start emits just before the page leaves for the provider (wire contract 3.1). */
export const START_OAUTH_FLOW_EVENT = 'start_oauth_flow';
