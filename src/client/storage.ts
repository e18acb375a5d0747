// localStorage access that never throws: storage can be disabled (privacy modes, sandboxed iframes) or full, and a
// broken cache must never break sign-in.
import { STORAGE_PREFIX } from './constants/storage.ts';

/** `stytch_sdk_state_<public_token>` plus an optional `::suffix` (wire contract 5). */
export function storageKey(publicToken: string, suffix = ''): string {
  return `${STORAGE_PREFIX}${publicToken}${suffix}`;
}

export function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Parsed JSON, or undefined when the key is absent or not JSON. */
export function readJson(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: the in-memory state still works for this page.
  }
}

export function removeKey(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // See writeJson.
  }
}

/** A plain string value (not JSON), e.g. the last-used social provider. */
export function writeRaw(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // See writeJson.
  }
}
