// The provider's captcha (wire contract 1.5).

/** reCAPTCHA Enterprise's script, the provider's captcha (wire contract 1.5), the site key appended. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/enterprise.js?render=';
