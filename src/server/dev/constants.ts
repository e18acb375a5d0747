// Values only the dev tools use: the dev inbox, the dev captcha's answer, and the dev identity provider that stands
// in for Google (One Tap) and other social providers when no real credentials are configured.

// The dev inbox.

/** The inbox shows the newest messages only; a long-running dev service should not render thousands. */
export const DEV_INBOX_MAX_MESSAGES = 200;
/**
 * Dev inbox rows are deleted a day after they were sent: every live link and code sits there in the clear, and a day
 * covers any local session of work while keeping the table from holding a history of every code ever sent.
 */
export const DEV_INBOX_RETENTION_MS = 24 * 60 * 60_000;

// The dev captcha.

/** The one captcha token the dev captcha accepts: a stand-in for a reCAPTCHA token, for local development only. */
export const DEV_CAPTCHA_PASS_TOKEN = 'dev-captcha-pass';

// The dev identity provider (only when no real credentials are configured).

/**
 * The Google client id the service hands out for One Tap when the dev identity provider stands in for Google. It
 * looks like a Google client id so code that checks the shape accepts it, and says "dev" so nobody mistakes it.
 */
export const DEV_ONE_TAP_CLIENT_ID = 'dev-one-tap-client.apps.googleusercontent.com';
/** Dev ID tokens live 5 minutes: long enough to post one, short like Google's own (which live 1 hour at most). */
export const DEV_ID_TOKEN_LIFETIME_SECONDS = 5 * 60;
/** The dev sign-in page offers the identities used most recently, up to this many, as one-click choices. */
export const DEV_IDP_RECENT_IDENTITIES = 8;
/** Name and length limit of a dev identity; longer is a mistake. */
export const MAX_DEV_NAME_LENGTH = 100;
/** The dev identity a One Tap card is prefilled with, so a demo needs no typing. */
export const DEV_ONE_TAP_DEFAULT_IDENTITY = {
  email: 'ada.lovelace@westlight.localhost',
  name: 'Ada Lovelace',
} as const;
