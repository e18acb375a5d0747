// What the service accepts in one request, whatever the route: body size, nesting, and the longest address and URL.

/** Every /sdk/v1 request body is a small JSON object; 64 KiB leaves room for metadata and stops memory abuse. */
export const MAX_BODY_BYTES = 64 * 1024;
/** RFC 5321 limits a forward path to 254 characters; longer cannot be a deliverable address. */
export const MAX_EMAIL_LENGTH = 254;
/** Browsers and servers handle URLs up to about 2 KB reliably; a longer redirect URL is a mistake or an attack. */
export const MAX_REDIRECT_URL_LENGTH = 2048;
/** Telemetry details are shallow; deeper nesting is abuse and would overflow JSON.stringify when stored. */
export const MAX_JSON_DEPTH = 32;
