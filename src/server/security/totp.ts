// RFC 4226 (HOTP) and RFC 6238 (TOTP) with node:crypto alone, plus the base32 (RFC 4648) the key URI carries.
import { createHmac, randomBytes } from 'node:crypto';
import {
  TOTP_ALGORITHM,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_SECRET_BYTES,
  TOTP_T0_SECONDS,
  TOTP_WINDOW_STEPS,
} from '../constants/totp.ts';
import { secretsEqual } from './tokens.ts';

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** What an authenticator app shows: exactly TOTP_DIGITS ASCII digits; anything else is not a code at all. */
export const TOTP_CODE_PATTERN = new RegExp(`^[0-9]{${TOTP_DIGITS}}$`);

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding (authenticator apps show secrets grouped and lower-case). */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: TOTP_SECRET_BYTES from the CSPRNG, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

/** RFC 4226 section 5.3: HMAC of the 8-byte big-endian counter, dynamic truncation, modulo 10^digits. */
export function hotp(
  key: Uint8Array,
  counter: bigint,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = TOTP_ALGORITHM,
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** RFC 6238 section 4.2: T = floor((unix time - T0) / X). */
export function timeStep(nowMs: number, periodSeconds = TOTP_PERIOD_SECONDS): bigint {
  return BigInt(Math.floor((Math.floor(nowMs / 1000) - TOTP_T0_SECONDS) / periodSeconds));
}

/** The code at a time (RFC 6238): HOTP with the time step as the counter. */
export function totpAt(
  key: Uint8Array,
  nowMs: number,
  options: { digits?: number; algorithm?: TotpAlgorithm; periodSeconds?: number } = {},
): string {
  return hotp(key, timeStep(nowMs, options.periodSeconds), options.digits, options.algorithm);
}

/**
 * The time step whose code `code` is, within TOTP_WINDOW_STEPS either side of now, or null. Every step in the window
 * is compared (in constant time) so the answer's timing does not say which step matched.
 */
export function matchingStep(secret: string, code: string, nowMs: number): bigint | null {
  const key = base32Decode(secret);
  const now = timeStep(nowMs);
  let found: bigint | null = null;
  for (let delta = -TOTP_WINDOW_STEPS; delta <= TOTP_WINDOW_STEPS; delta++) {
    const step = now + BigInt(delta);
    if (secretsEqual(hotp(key, step), code) && found === null) found = step;
  }
  return found;
}

/** The key URI authenticator apps read from a QR code (Google Authenticator's `otpauth://totp/` format). */
export function keyUri(input: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: TOTP_ALGORITHM.toUpperCase(),
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
