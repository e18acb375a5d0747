/** The two halves of `Authorization: Basic base64(public_token:secret)`, or null when the header is not that. */
export interface BasicCredentials {
  publicToken: string;
  secret: string;
}

export function parseBasicAuth(header: string | undefined): BasicCredentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  // The public token never contains ':', so the first one separates it from the secret (which may contain any).
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { publicToken: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
