// Account-management helpers for the headless-client browser tests: the service's clock and dev tools (through server
// commands), an RFC 6238 code computed here with WebCrypto (independently of the service's implementation), and an
// HS256 trusted-auth token signed with WebCrypto.
import { executeServerCommand } from '@web/test-runner-commands';

export const TRUSTED_PROFILE = {
  profileId: 'trusted-profile-test-wtr',
  issuer: 'https://idp.example.com',
  audience: 'westlight',
  secret: 'wtr-trusted-token-secret',
};
export const CONNECTED_APP_ID = 'connected-app-test-wtr';

export async function serviceNow(): Promise<number> {
  return (await executeServerCommand('service-now')) as number;
}

export async function devPost<T>(path: string, body: unknown): Promise<T> {
  return (await executeServerCommand('dev-post', { path, body })) as T;
}

function base32Bytes(text: string): Uint8Array<ArrayBuffer> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** RFC 6238 with HMAC-SHA1, 30 s steps, 6 digits. */
export async function totpCode(secret: string, atMs: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    base32Bytes(secret) as BufferSource,
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const counter = new DataView(new ArrayBuffer(8));
  counter.setBigUint64(0, BigInt(Math.floor(atMs / 1000 / 30)));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter.buffer));
  const offset = mac[19]! & 0x0f;
  const binary = (new DataView(mac.buffer).getUint32(offset) & 0x7fffffff) % 1_000_000;
  return String(binary).padStart(6, '0');
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export async function trustedToken(claims: Record<string, unknown>): Promise<string> {
  const enc = new TextEncoder();
  const part = (value: unknown) => b64url(enc.encode(JSON.stringify(value)));
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  const key = await crypto.subtle.importKey(
    'raw',
    enc.encode(TRUSTED_PROFILE.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return `${head}.${b64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(head))))}`;
}

/** The error a promise rejects with (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to reject');
  return error;
}

/** The telemetry the service stored, newest first (its dev events view as JSON). */
export async function devEvents(): Promise<
  { name: string; details: { telemetry: Record<string, unknown>; event: Record<string, unknown> } }[]
> {
  return (await executeServerCommand('dev-events')) as never;
}
