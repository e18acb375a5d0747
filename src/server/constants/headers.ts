// Headers of the service's answers: the security headers (middleware/security-headers.ts) and CORS
// (middleware/cors.ts). The header names the client sends are wire facts, so they come from src/api.
import { ONE_TAP_TYPE_HEADER } from '../../api/oauth.ts';
import { HEADERS } from '../../api/telemetry.ts';

/**
 * No site may frame a page of the service: a framed sign-in, consent or logout page can be clickjacked. Nothing
 * frames one on purpose (the dev One Tap card is drawn into the site's own page, not an iframe), so no page needs an
 * allowlist.
 */
export const FRAME_ANCESTORS_DIRECTIVE = "frame-ancestors 'none'";
/**
 * Two years (hstspreload.org's recommended value, twice its one-year minimum): a browser that once reached the
 * service over https never tries plain http for it again, so no network can strip TLS from a later sign-in.
 */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
/**
 * includeSubDomains covers hosts under PUBLIC_URL's host only (never its parent domain), which carry the same trust.
 */
export const STRICT_TRANSPORT_SECURITY = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;

// CORS.

/** The headers the client sends on every call (wire contract 1.2), as src/api names them. */
export const CORS_ALLOWED_HEADERS: readonly string[] = Object.values(HEADERS);
/** One Tap's callback also sends the header that names the flow (wire contract 3.6). */
export const ONE_TAP_CORS_ALLOWED_HEADERS: readonly string[] = [...CORS_ALLOWED_HEADERS, ONE_TAP_TYPE_HEADER];
/** The methods the client uses (wire contract 1.2). */
export const CORS_ALLOWED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];
/** Browsers cap preflight caching at 2 hours (Chromium) anyway; 10 minutes keeps allowlist changes quick to apply. */
export const CORS_MAX_AGE_SECONDS = 600;
