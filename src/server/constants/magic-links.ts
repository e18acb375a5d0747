// Email magic links: how long a link may be asked to live, and how many one address may be sent.

/** Shortest magic-link lifetime: less than 5 minutes is shorter than mail delivery sometimes takes. */
export const MAGIC_LINK_EXPIRATION_MINUTES_MIN = 5;
/** Longest magic-link lifetime: one week, the hosted provider's limit. */
export const MAGIC_LINK_EXPIRATION_MINUTES_MAX = 10_080;
/** Magic links one address may be sent per window: enough for a few retries, too few to flood an inbox. */
export const MAGIC_LINK_SEND_LIMIT = 5;
/** Length of the magic-link send window. */
export const MAGIC_LINK_SEND_WINDOW_MS = 60_000;
