import type { MiddlewareHandler } from 'hono';
import { ACCOUNT_PATHS } from '../../api/accounts.ts';
import { CRYPTO_WALLET_PATHS } from '../../api/crypto-wallets.ts';
import { OTP_METHODS } from '../../api/otps.ts';
import { PATHS } from '../../api/paths.ts';
import { CAPTCHA_REQUIRED_TEXT } from '../../api/errors.ts';
import { DEV_CAPTCHA_PASS_TOKEN } from './constants.ts';
import type { AppEnv } from '../context.ts';
import { isJsonObject } from '../http/validate.ts';

/** The endpoints the client retries with a captcha token (marked R in wire contract section 3). */
export const RETRIABLE_PATHS: readonly string[] = [
  PATHS.magicLinksEmailLoginOrCreate,
  PATHS.magicLinksEmailSendPrimary,
  PATHS.magicLinksEmailSendSecondary,
  ...OTP_METHODS.flatMap((m) =>
    m === 'email'
      ? [PATHS.otpsLoginOrCreate(m)]
      : [PATHS.otpsLoginOrCreate(m), PATHS.otpsSendPrimary(m), PATHS.otpsSendSecondary(m)],
  ),
  PATHS.otpsAuthenticate,
  ACCOUNT_PATHS.totpsAuthenticate,
  ACCOUNT_PATHS.totpsRecover,
  ACCOUNT_PATHS.impersonationAuthenticate,
  CRYPTO_WALLET_PATHS.authenticate,
];

/**
 * The dev captcha (config `devCaptcha`): a retriable endpoint answers the provider's non-JSON `Captcha required`
 * (wire contract 1.4) unless the body carries the dev pass token, so the client's retry path can be exercised for real.
 * The body is read here and cached by Hono, so the route reads it again unchanged.
 */
export function devCaptcha(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path.replace(/^.*?\/sdk\/v1/, '');
    if (!RETRIABLE_PATHS.includes(path)) return next();
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
