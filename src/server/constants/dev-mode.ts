// Values of development mode that production code names too (the bootstrap document's dev captcha, the events
// list), so they stay outside src/server/dev/, which production never loads.

/** The site key the bootstrap document names when the dev captcha is on; it is not secret. */
export const DEV_CAPTCHA_SITE_KEY = 'dev-captcha-site-key';
/**
 * Where the dev captcha's stand-in for reCAPTCHA Enterprise's script is served; the bootstrap names it (with the site
 * key appended, as Google's `?render=`) so the client's default loader runs against it, on no outside network.
 */
export const DEV_CAPTCHA_SCRIPT_PATH = '/dev/captcha/enterprise.js';
/** The dev events view shows the newest telemetry only, like the dev inbox. */
export const DEV_EVENTS_MAX_ROWS = 200;
