// Device fingerprinting ("DFP", wire contract 1.5): the telemetry ids the service issues, the signals it accepts, and
// the DECISIONING rule (services/dfp.ts). The script's and backend's paths are the wire's (src/api/dfp.ts).

/**
 * A telemetry id is good for ten minutes: the client fetches a fresh one for each send or login call (and for its
 * captcha retry), so minutes are plenty, and an id copied off one device is soon useless to another.
 */
export const DFP_TELEMETRY_ID_LIFETIME_MS = 10 * 60_000;
/** Expired ids deleted per submit, so the table stays small without a timer; bounded so no submit waits long. */
export const DFP_SWEEP_BATCH = 100;

/**
 * The DECISIONING rule's default: one device may make this many send or login calls per DFP_DEVICE_WINDOW_MS before
 * each further call needs a solved captcha. A student signing in on a few devices makes a handful a day; a script
 * creating accounts from one browser makes hundreds. Env: DFP_MAX_CALLS_PER_DEVICE.
 */
export const DFP_DEFAULT_MAX_CALLS_PER_DEVICE = 20;
/** The rule's window: a day, so a flagged device is itself again tomorrow. */
export const DFP_DEVICE_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The signals the script sends: a few stable properties of the browser (user agent, languages, screen, time zone,
 * platform, hardware concurrency, a canvas drawing's hash). Each is text of at most this many characters, and the
 * object has at most DFP_MAX_SIGNALS keys: enough for every real value, too little to store anything else.
 */
export const DFP_MAX_SIGNAL_LENGTH = 512;
export const DFP_MAX_SIGNALS = 16;
/** The dev fingerprints page shows the most recently seen devices only, like the dev inbox. */
export const DFP_DEV_MAX_DEVICES = 200;
