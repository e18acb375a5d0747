import type { Context } from 'hono';
import { DEFAULT_LOCALE, type Locale } from '../../api/locales.ts';
import type { AppEnv } from '../context.ts';
import { originOf } from '../security/origins.ts';
import { HEADERS } from '../../api/telemetry.ts';

/** What the flows need to know about the caller, read once from the request. */
export interface RequestMeta {
  ipAddress: string;
  userAgent: string;
  /** The calling page's origin, the base for relative redirect URLs. */
  pageOrigin: string | null;
  /** The Basic-auth session token, if any; not yet checked. */
  sessionToken: string | null;
  /** The language the request asks for (Accept-Language, negotiated by middleware/request-context.ts). */
  locale: Locale;
}

export function requestMeta(c: Context<AppEnv>): RequestMeta {
  return {
    ipAddress: c.get('clientIp') ?? '',
    userAgent: c.req.header('User-Agent') ?? '',
    pageOrigin:
      originOf(c.req.header(HEADERS.parentHost) ?? '') ??
      originOf(c.req.header('Origin') ?? '') ??
      c.get('publicUrl') ??
      originOf(c.req.url),
    sessionToken: c.get('sessionToken') ?? null,
    locale: c.get('locale') ?? DEFAULT_LOCALE,
  };
}

/**
 * The service's own origin as the browser reached it (the provider redirect URI and dev issuer are built on it):
 * the configured public URL, else the origin of this request. Production always has a public URL (main.ts refuses to
 * start without one, startServer too), so there no absolute URL is ever built from the Host header.
 */
export function serviceOrigin(c: Context<AppEnv>, publicUrl: string | null): string {
  return publicUrl ?? new URL(c.req.url).origin;
}
