// The admin console (/admin): where it lives, how long its sign-in lasts, how much it lists, and the users export.

/** The console's pages; outside /sdk/v1 and /v1, so neither the SDK's CORS nor the backend API's rules apply. */
export const ADMIN_PATH = '/admin';
/**
 * How long a console sign-in lasts. Short: the console can delete any user, and an administrator signs in for a task,
 * not for the day; each sign-in is one line of the audit log.
 */
export const ADMIN_SESSION_LIFETIME_MS = 30 * 60_000;
/**
 * The console session's cookie. `__Host-` makes the browser refuse it unless it is Secure, for the path `/` and
 * without a Domain, so no other host (a sibling subdomain) can set or read it.
 */
export const ADMIN_SESSION_COOKIE = '__Host-admin-session';
/**
 * Development's stand-in for the session in the CSRF token: a random per-browser value, since the loopback console
 * has no sign-in. Plain name: a development service is reached over http, where a `__Host-` cookie cannot be set.
 */
export const ADMIN_DEV_CSRF_COOKIE = 'admin-console-csrf';
/** Prefix hashed with the session's token into the CSRF token, so the token is never the session's stored digest. */
export const ADMIN_CSRF_DIGEST_PREFIX = 'auth-login/v1/admin-csrf:';
/** Users a search lists: a registrar looks for one person; more than a page means the query was too broad. */
export const ADMIN_SEARCH_LIMIT = 25;
/** Audit rows the console's front page lists, newest first (the rest stay in the table). */
export const ADMIN_AUDIT_LIST_LENGTH = 50;
/** Audit rows a user's page lists: what was done to that user. */
export const ADMIN_USER_AUDIT_LIST_LENGTH = 20;
/** Who acted, in the audit log, when the console was used on loopback in development (no sign-in there). */
export const ADMIN_DEV_ACTOR = 'loopback (development)';
/** Users read per statement by the export, so a large table is never held in memory at once. */
export const EXPORT_USERS_BATCH = 500;
