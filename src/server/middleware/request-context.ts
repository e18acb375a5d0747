import type { MiddlewareHandler } from 'hono';
import { LOCALE_HEADER } from '../../api/locales.ts';
import type { ServiceMode } from '../config.ts';
import { ID_ENVIRONMENTS } from '../constants/identifiers.ts';
import type { AppEnv } from '../context.ts';
import { preferredLocale } from '../i18n/accept-language.ts';
import { newRequestId } from '../ids.ts';
import { clientAddress } from './client-ip.ts';

export interface RequestContextOptions {
  mode: ServiceMode;
  /** How many proxies in front of the service append to X-Forwarded-For (client-ip.ts). */
  trustProxy: number;
  /** The configured public origin (PUBLIC_URL), or null. */
  publicUrl: string | null;
}

/**
 * The app's first middleware: what every request carries, set once before anything else reads it.
 * - `requestId` first of all, so success and error bodies alike can carry it. It carries the service's environment,
 *   `live` in production and `test` in development, as the ids its stores make do (ids.ts).
 * - `locale`: the language of this request's error messages, from Accept-Language (i18n/accept-language.ts).
 * - `clientIp` (client-ip.ts): rate limits, the request log and `RequestMeta.ipAddress` all read it.
 * - `publicUrl`: so `requestMeta` resolves a relative redirect URL on a call without Origin or X-SDK-Parent-Host
 *   against the configured origin rather than the request's Host.
 *
 * One layer rather than one per value: each layer costs every request a dispatch, and none of these depends on the
 * route or the response.
 */
export function requestContext({ mode, trustProxy, publicUrl }: RequestContextOptions): MiddlewareHandler<AppEnv> {
  const environment = ID_ENVIRONMENTS[mode];
  return (c, next) => {
    c.set('requestId', newRequestId(environment));
    c.set('locale', preferredLocale(c.req.header(LOCALE_HEADER)));
    c.set('clientIp', clientAddress(c, trustProxy));
    c.set('publicUrl', publicUrl);
    return next();
  };
}
