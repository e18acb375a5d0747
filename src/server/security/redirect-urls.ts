import { MAX_REDIRECT_URL_LENGTH } from '../constants/input-limits.ts';

/**
 * Where a magic link may send the visitor with a token in the query. An open redirect here would hand tokens to
 * another site, so a URL is allowed only when its origin and path equal an allowlist entry's; the query is
 * ignored (sites add their own parameters) and so is the fragment.
 */
export function isAllowedRedirectUrl(candidate: URL, allowlist: readonly string[]): boolean {
  return allowlist.some((entry) => {
    const allowed = parseHttpUrl(entry);
    return allowed !== null && allowed.origin === candidate.origin && allowed.pathname === candidate.pathname;
  });
}

/**
 * Turns the redirect URL a request names into an absolute URL. A relative one ("/student-portal", as a site owner
 * writes in the widget config) is resolved against the calling page's origin; the allowlist check that follows
 * decides, so a forged base cannot widen what is allowed.
 */
export function resolveRedirectUrl(value: string, base: string | null): URL | null {
  if (value.length > MAX_REDIRECT_URL_LENGTH) return null;
  if (/^https?:\/\//i.test(value)) return parseHttpUrl(value);
  if (!value.startsWith('/') || value.startsWith('//') || base === null) return null;
  return parseHttpUrl(value, base);
}

function parseHttpUrl(value: string, base?: string): URL | null {
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}
