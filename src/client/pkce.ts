// PKCE (RFC 7636, S256) key pairs, one per namespace, kept in localStorage across the redirect (wire contract 5).
import { PKCE_VERIFIER_WORDS, PKCE_WORD_MIN_HEX_DIGITS, type PkceNamespace } from './constants/pkce.ts';
import { PKCE_KEY_SUFFIX } from './constants/storage.ts';
import { readJson, readRaw, removeKey, storageKey, writeJson } from './storage.ts';

export interface PkcePair {
  code_challenge: string;
  code_verifier: string;
}

/** 16 random 32-bit words in lowercase hex, unpadded beyond 2 digits, concatenated: 32 to 128 characters. */
export function createVerifier(): string {
  const words = crypto.getRandomValues(new Uint32Array(PKCE_VERIFIER_WORDS));
  return Array.from(words, (w) => w.toString(16).padStart(PKCE_WORD_MIN_HEX_DIGITS, '0')).join('');
}

/** base64url(SHA-256(ASCII verifier)) without padding. */
export async function challengeFor(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const pairKey = (publicToken: string, ns: PkceNamespace) => storageKey(publicToken, PKCE_KEY_SUFFIX + ns);

function isPair(v: unknown): v is PkcePair {
  if (!v || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o.code_challenge === 'string' && typeof o.code_verifier === 'string';
}

/** The stored pair, or null. A malformed entry is reported and removed so the next transaction replaces it. */
export function getPair(publicToken: string, ns: PkceNamespace): PkcePair | null {
  const key = pairKey(publicToken, ns);
  if (readRaw(key) === null) return null;
  const value = readJson(key);
  if (isPair(value)) return value;
  console.warn(`Malformed PKCE key pair in storage (${ns}); it will be replaced.`);
  removeKey(key);
  return null;
}

/** A new pair, stored under the namespace (replacing any previous one). */
export async function startPair(publicToken: string, ns: PkceNamespace): Promise<PkcePair> {
  const code_verifier = createVerifier();
  const pair = { code_challenge: await challengeFor(code_verifier), code_verifier };
  writeJson(pairKey(publicToken, ns), pair);
  return pair;
}

/** The stored pair if there is one (so a resent link still matches the first verifier), else a new one. */
export async function getOrStartPair(publicToken: string, ns: PkceNamespace): Promise<PkcePair> {
  return getPair(publicToken, ns) ?? startPair(publicToken, ns);
}

export function clearPair(publicToken: string, ns: PkceNamespace): void {
  removeKey(pairKey(publicToken, ns));
}
