// How long rows that have stopped working stay in the database before the sweep deletes them (store/retention.ts),
// and how the sweep is cut into short statements. Every lookup of these rows already treats an expired, used or
// revoked row as absent, so deleting one never changes an answer; the periods below are for operators (what a
// recent sign-in left behind) and for clocks that differ a little between instances.
import { MAGIC_LINK_EXPIRATION_MINUTES_MAX } from './magic-links.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Links, passcodes, reset tokens, OAuth states and tokens, impersonation tokens, member email tokens and SMS codes,
 * intermediate sessions and unverified authenticators: kept a day after they expire. A day covers any clock skew
 * between instances many times over, and leaves a support desk the morning after to see what a user was sent.
 */
export const TOKEN_RETENTION_AFTER_EXPIRY_MS = DAY_MS;
/**
 * Sessions (consumer and member) are kept a week after they expired or were revoked: "which devices signed in last
 * week" is the question an operator asks after an incident. A revoked session named by a live Sign in with Westlight
 * token is kept longer, until that token is swept: its revocation is what ends the token (store/oidc-payloads.ts).
 */
export const SESSION_RETENTION_AFTER_END_MS = 7 * DAY_MS;
/**
 * Failed authentication attempts (the user and member lock) count only within the lock window, an hour
 * (USER_LOCK_FAILURE_WINDOW_MS); a day later they count for nothing.
 */
export const AUTH_FAILURE_RETENTION_MS = DAY_MS;
/**
 * An address or number a signed-in user asked to add waits for a link or passcode sent to it; the longest such link
 * lives MAGIC_LINK_EXPIRATION_MINUTES_MAX after the last send (which refreshes `created_at`), then a day as above.
 */
export const PENDING_CONTACT_RETENTION_MS = MAGIC_LINK_EXPIRATION_MINUTES_MAX * 60_000 + DAY_MS;
/**
 * Stored telemetry (the client's events) is kept this many days by default (TELEMETRY_RETENTION_DAYS): a month covers
 * a release cycle's comparisons without keeping a record of every visitor for ever.
 */
export const TELEMETRY_RETENTION_DAYS_DEFAULT = 30;
/** The longest TELEMETRY_RETENTION_DAYS accepted: ten years is "keep it", anything longer is a typo. */
export const TELEMETRY_RETENTION_DAYS_MAX = 3_650;
export const TELEMETRY_RETENTION_DAY_MS = DAY_MS;

/**
 * Rows one sweep statement deletes at most, per table. Each statement finds its rows through an index (migration
 * 019) and deletes 200 small rows in about a millisecond on the embedded database, whose single connection waits
 * meanwhile; the sweep runs every RATE_LIMIT_SWEEP_EVERY_TAKES takes, so it removes up to two rows of each kind per
 * take, more than a take adds.
 */
export const RETENTION_SWEEP_BATCH = 200;

/**
 * How often each instance runs the retention sweep on a timer as well, besides every RATE_LIMIT_SWEEP_EVERY_TAKES
 * rate-limit takes: a quiet service (no sends, no sign-ins) still deletes what outlives its period (telemetry past
 * TELEMETRY_RETENTION_DAYS, sessions a week after they ended) within minutes of it doing so, not at the next burst of
 * traffic. Ten minutes is a few bounded statements per table, nothing against a running service.
 */
export const RETENTION_SWEEP_INTERVAL_MS = 10 * 60_000;
