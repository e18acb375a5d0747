import { Hono, type MiddlewareHandler } from 'hono';
import { RECAPTCHA_ACTION } from '../../api/bootstrap.ts';
import { CAPTCHA_REQUIRED_TEXT } from '../../api/errors.ts';
import { DEV_CAPTCHA_SCRIPT_PATH, DEV_CAPTCHA_SITE_KEY } from '../constants/dev-mode.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from './constants.ts';
import type { AppEnv } from '../context.ts';
import { isJsonObject } from '../http/validate.ts';
import { PROTECTED_PATHS, type CaptchaVerifier } from '../services/dfp.ts';

/**
 * The dev captcha (config `devCaptcha`): a retriable endpoint answers the provider's non-JSON `Captcha required`
 * (wire contract 1.4) unless the body carries the dev pass token, so the client's retry path can be exercised for real.
 * The body is read here and cached by Hono, so the route reads it again unchanged.
 */
export function devCaptcha(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path.replace(/^.*?\/sdk\/v1/, '');
    if (!PROTECTED_PATHS.includes(path)) return next();
    let body: unknown = null;
    try {
      body = JSON.parse(await c.req.text()) as unknown;
    } catch {
      // Malformed bodies are the route's business (a 400 with error_type).
    }
    if (isJsonObject(body) && body.captcha_token === DEV_CAPTCHA_PASS_TOKEN) return next();
    return c.text(CAPTCHA_REQUIRED_TEXT, 403);
  };
}

/** The dev captcha's answer to whether a token was solved: only the stand-in's pass token was. */
export const devCaptchaVerifier: CaptchaVerifier = (token) => Promise.resolve(token === DEV_CAPTCHA_PASS_TOKEN);

/**
 * The stand-in for reCAPTCHA Enterprise's script (`enterprise.js?render=<siteKey>`), which the bootstrap names in
 * development (`captcha_settings.scriptUrl`): `grecaptcha.enterprise.execute` "solves" the captcha at once with the
 * pass token, for the dev site key and the LOGIN action only. For any other site key the script itself fails to load
 * (503), so a page can meet the widget's captcha-unavailable path without leaving the machine.
 */
export function devCaptchaScriptRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(DEV_CAPTCHA_SCRIPT_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.query('render') !== DEV_CAPTCHA_SITE_KEY) return c.text('Unknown site key', 503);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(`// Dev stand-in for reCAPTCHA Enterprise (auth-login identity service), for local development only.
window.grecaptcha = {
  enterprise: {
    ready: (callback) => void Promise.resolve().then(callback),
    execute: (siteKey, options) =>
      siteKey === ${JSON.stringify(DEV_CAPTCHA_SITE_KEY)} &&
      options &&
      options.action === ${JSON.stringify(RECAPTCHA_ACTION)}
        ? Promise.resolve(${JSON.stringify(DEV_CAPTCHA_PASS_TOKEN)})
        : Promise.reject(new Error('dev captcha: unknown site key or action')),
  },
};
`);
  });
  return routes;
}
