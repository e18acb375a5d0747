// Sessions: the session JWT, how long a session may be asked to last, and the tokens that start one from
// elsewhere (access-token exchange, attest, impersonation).

/** ES256 on P-256: small signatures, supported by every JOSE library, signable with node:crypto alone. */
export const JWT_ALGORITHM = 'ES256';
export const JWT_CURVE = 'P-256';
/** The hosted provider's session JWTs live 5 minutes; the client refreshes every 3, so one is always fresh. */
export const SESSION_JWT_LIFETIME_SECONDS = 5 * 60;
/** The claim that carries the session, named like the hosted provider's so existing verifiers read it. */
export const SESSION_JWT_CLAIM = 'https://stytch.com/session';
/** `iss` is `<prefix><project_id>`, the hosted provider's format, so backends that verify its tokens verify ours. */
export const JWT_ISSUER_PREFIX = 'stytch.com/';

// How long a session may be asked to last.

/** Shortest session a caller may ask for: shorter than the client's 3-minute refresh makes no sense. */
export const SESSION_DURATION_MINUTES_MIN = 5;
/** Longest session a caller may ask for: one year, the hosted provider's limit. */
export const SESSION_DURATION_MINUTES_MAX = 525_600;

// Access-token exchange, attest and impersonation.

/** An impersonation token is a short-lived, single-use support tool: 5 minutes is time to paste it, no more. */
export const IMPERSONATION_TOKEN_LIFETIME_MS = 5 * 60_000;
/** The trusted-auth JWT clock skew we tolerate on `exp`/`nbf`: 30 s, the usual allowance between servers. */
export const TRUSTED_TOKEN_CLOCK_SKEW_SECONDS = 30;
