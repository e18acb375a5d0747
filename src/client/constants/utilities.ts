// The client's utilities' defaults (client spec 9).

/** The client's `debounce` waits this long after the last call unless told otherwise (spec 9: 500 ms). */
export const DEFAULT_DEBOUNCE_MS = 500;
