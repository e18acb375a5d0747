// reCAPTCHA Enterprise, the production captcha (services/recaptcha.ts): where its assessments are created, what a
// token must score to pass, and how long the service waits for Google. The action it must be for is a wire fact
// (src/api/bootstrap.ts RECAPTCHA_ACTION).

/** Google's REST endpoint for assessments; `recaptcha.apiUrl` replaces it (a proxy, or a stand-in in tests). */
export const RECAPTCHA_API_URL = 'https://recaptchaenterprise.googleapis.com';
/**
 * The lowest risk score that passes when `recaptcha.minScore` is not set: Google's own suggested threshold, from 0.0
 * (very likely a bot) to 1.0 (very likely a person). Env: RECAPTCHA_MIN_SCORE.
 */
export const RECAPTCHA_DEFAULT_MIN_SCORE = 0.5;
/**
 * How long one assessment may take. Google answers in well under a second; a visitor's send or login call waits on
 * it, so after 3 s the captcha counts as not solved rather than holding the call.
 */
export const RECAPTCHA_TIMEOUT_MS = 3_000;
/**
 * Longest token sent to Google: real tokens are a few hundred to about two thousand characters, so a longer one is
 * refused without a call (no one gets to make the service post megabytes to Google).
 */
export const RECAPTCHA_MAX_TOKEN_LENGTH = 8_192;
