// The provider's captcha (wire contract 1.5).

/** reCAPTCHA Enterprise, the provider's captcha (wire contract 1.5); the action it tokens for. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js?render=';
export const RECAPTCHA_ACTION = 'LOGIN';
