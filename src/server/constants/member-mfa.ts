// Second factors of organization members (TOTP, SMS passcodes, recovery codes). The code format, the TOTP window,
// the recovery codes' shape, the attempts a passcode survives, the per-number send limit and the lockout are the
// consumer's (totp.ts, passcodes.ts, rate-limits.ts): a member's secrets are no weaker and no stronger than a user's.

/**
 * Minutes an unconfirmed authenticator-app registration waits for its first code when the request names none: the
 * hosted provider's organization product defaults to an hour, long enough to install an authenticator app first.
 */
export const MEMBER_TOTP_EXPIRATION_MINUTES_DEFAULT = 60;
/** Shortest confirmation window the hosted provider's organization product accepts. */
export const MEMBER_TOTP_EXPIRATION_MINUTES_MIN = 5;
/** Longest: a day, the hosted provider's limit; a registration nobody confirms should not linger past it. */
export const MEMBER_TOTP_EXPIRATION_MINUTES_MAX = 1440;
/**
 * Minutes an SMS passcode of a member lives: two, as the hosted provider's organization product. It is a second factor
 * typed while the visitor is at the screen that asked for it, so a short life costs nothing and shrinks the window
 * in which a stolen text is worth anything.
 */
export const MEMBER_SMS_CODE_EXPIRATION_MINUTES = 2;
