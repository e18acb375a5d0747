// Languages: the header that names an error message's language, and the bounds of reading Accept-Language.

/** The response header naming the language of an error_message (the request's, from Accept-Language). */
export const CONTENT_LANGUAGE_HEADER = 'Content-Language';
/**
 * Accept-Language values remembered with their chosen language: a page sends the same value on every call, so the
 * header is parsed once per distinct value, not once per request. Bounded, so odd values cannot grow memory.
 */
export const ACCEPT_LANGUAGE_CACHE_ENTRIES = 256;
/** Longer Accept-Language values are parsed but not remembered (browsers send well under 100 characters). */
export const MAX_CACHED_ACCEPT_LANGUAGE_LENGTH = 200;
/** Only the first this many language ranges are read: no browser sends more, and it bounds the parse. */
export const MAX_ACCEPT_LANGUAGE_RANGES = 32;
