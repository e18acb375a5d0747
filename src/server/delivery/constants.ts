// Real delivery: SMTP timeouts, and the SMS webhook's retries, timeouts, secret and headers.

/**
 * SMTP timeouts. Nodemailer's defaults (2 minutes to connect, 10 to idle) would hold a visitor's request, and the
 * database transaction around the send, far longer than anyone waits; 10 s covers a slow server across the world.
 */
export const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
export const SMTP_GREETING_TIMEOUT_MS = 10_000;
/** Idle time allowed once connected: a server that stops answering mid-message for 15 s is not coming back soon. */
export const SMTP_SOCKET_TIMEOUT_MS = 15_000;

// The SMS webhook.

/**
 * Tries per text message: the first plus two retries on a 5xx or network error. A visitor waits for the answer, so a
 * receiver that fails three times is reported as down rather than retried for minutes.
 */
export const SMS_WEBHOOK_ATTEMPTS = 3;
/**
 * Wait before the first retry; each later retry waits twice as long (250 ms, 500 ms): short blips pass, outages fail
 * fast.
 */
export const SMS_WEBHOOK_RETRY_BASE_DELAY_MS = 250;
/** Time one POST to the webhook may take: a receiver that forwards to an SMS provider answers well within 5 s. */
export const SMS_WEBHOOK_ATTEMPT_TIMEOUT_MS = 5_000;
/** Shortest accepted HMAC secret: 32 characters (e.g. 16 random bytes as hex, or `openssl rand -hex 32`'s 64). */
export const SMS_WEBHOOK_SECRET_MIN_LENGTH = 32;
/** Stripe's header layout (`t=<unix seconds>,v1=<hex HMAC>`), which receivers' webhook libraries already parse. */
export const SMS_WEBHOOK_SIGNATURE_HEADER = 'X-Signature';
/** The message id, the same on every retry, so a receiver that saw it already can answer 200 without sending again. */
export const SMS_WEBHOOK_IDEMPOTENCY_HEADER = 'Idempotency-Key';
