/**
 * The CORS allowlist: exact origins only (scheme, host and port), no wildcards and no suffix matching, because
 * every allowed origin can make credentialed calls with a visitor's session.
 */
export function isAllowedOrigin(origin: string, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.includes(origin);
}

/** `http://localhost:8787/x` → `http://localhost:8787`; null for anything that is not an absolute http(s) URL. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
