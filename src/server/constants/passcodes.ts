// One-time passcodes (email, SMS, WhatsApp): how long one may be asked to live, the guesses one survives, and how
// many one address or phone number may be sent.

/** Shortest passcode lifetime: one minute still lets a visitor read a text and type six digits. */
export const OTP_EXPIRATION_MINUTES_MIN = 1;
/**
 * Longest passcode lifetime: ten minutes, the hosted provider's limit. A six-digit code is guessable in principle, so
 * its window stays short (the attempt limit below caps guesses per code at 5 in 1,000,000).
 */
export const OTP_EXPIRATION_MINUTES_MAX = 10;
/**
 * Wrong guesses one passcode survives: after the 5th it is dead even for the right digits, so a guesser gets at most
 * 5 tries per code (a 1 in 200,000 chance) while a visitor still has room for typos.
 */
export const OTP_MAX_ATTEMPTS_PER_CODE = 5;
/** Passcodes one phone number or address may be sent per window (any channel): a few resends, no message bombing. */
export const OTP_SEND_LIMIT = 5;
/** Length of the passcode send window. */
export const OTP_SEND_WINDOW_MS = 60_000;
