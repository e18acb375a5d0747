// The project a service serves when ServiceOptions leave it out (config.ts).

/** Contains `public-token-test`, so tools and the client treat it as a test project. */
export const DEFAULT_PUBLIC_TOKEN = 'public-token-test-6f1c9a2e-local-dev-0000-000000000000';
/**
 * The public token of the project's organization (B2B) side: the same service answers both, and a token says which
 * API it may call (middleware/auth.ts). Contains `public-token-test` like the consumer one.
 */
export const DEFAULT_B2B_PUBLIC_TOKEN = 'public-token-test-b2b-6f1c9a2e-local-dev-0000-000000000000';
/** Stable across restarts, so a persisted JWKS and the JWT `aud` stay valid after a restart. */
export const DEFAULT_PROJECT_ID = 'project-test-6f1c9a2e-local-dev-0000-000000000000';
/** The demo site's university; it names the project in the bootstrap document and in email subjects. */
export const DEFAULT_PROJECT_NAME = 'Westlight University';
/** One domain, so the widget's "Check your email" links can search the dev sender's domain. */
export const DEFAULT_EMAIL_DOMAINS: readonly string[] = ['westlight.localhost'];
/** Local part of the dev inbox sender address (`no-reply@<first email domain>`); nobody should reply to it. */
export const SENDER_LOCAL_PART = 'no-reply';
