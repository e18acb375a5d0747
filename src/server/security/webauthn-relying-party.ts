// Which relying party (RP) id and which page origins a WebAuthn ceremony may use. The browser already refuses an
// rpId that is not the page's host or a registrable parent of it; the service checks the same so that a credential
// can only ever be made or used for this project's own pages, whatever a caller puts in `domain`.
import { isIP } from 'node:net';

/**
 * True when `rpId` may serve a page on `origin`: it is the origin's host, or a parent domain of it with at least two
 * labels (so `students.westlight.edu` may use `westlight.edu`, never `edu`). IP addresses only as themselves.
 *
 * Without the Public Suffix List a parent such as `co.uk` would pass this check; the browser refuses such an rpId
 * (it is not registrable), so no credential can be made or asserted for it.
 */
export function rpIdServesOrigin(rpId: string, origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  if (rpId === host) return true;
  if (isIP(host) !== 0 || isIP(rpId) !== 0) return false;
  return host.endsWith(`.${rpId}`) && rpId.includes('.') && !rpId.startsWith('.') && !rpId.endsWith('.');
}

/** A plausible DNS name or IP (what `location.hostname` gives): lower-case letters, digits, '-', '.', or an IP. */
export function isHostname(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  if (isIP(value) !== 0) return true;
  return value.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
}
