// The social provider last used on this device (`…::b2c_last_used_oauth`, wire contract 5), apart from the rest of
// oauth.* so that `oauth.lastUsedProvider()` answers at once while the rest of the OAuth calls load on first use.
import { LAST_USED_OAUTH_KEY_SUFFIX } from './constants/storage.ts';
import { readRaw, storageKey, writeRaw } from './storage.ts';

/** The social provider last used on this device, or null. */
export function readLastUsedOAuth(publicToken: string): string | null {
  return readRaw(storageKey(publicToken, LAST_USED_OAUTH_KEY_SUFFIX));
}

export function writeLastUsedOAuth(publicToken: string, provider: string): void {
  writeRaw(storageKey(publicToken, LAST_USED_OAUTH_KEY_SUFFIX), provider);
}
