import { createHmac, randomInt } from 'node:crypto';
import { OTP_CODE_LENGTH } from '../../api/otps.ts';

/** Exactly OTP_CODE_LENGTH ASCII digits; anything else is not a passcode at all. */
export const OTP_CODE_PATTERN = new RegExp(`^[0-9]{${OTP_CODE_LENGTH}}$`);

/** A passcode: OTP_CODE_LENGTH uniformly random decimal digits from the CSPRNG (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
}

/**
 * What the database stores instead of a passcode: HMAC-SHA256 of `<method_id>:<code>` under a key derived from
 * AUTH_SECRET_KEY (security/secret-keys.ts). A plain hash of a six-digit code is reversed by trying all 10^6 codes;
 * with the key, a stolen table says nothing without the server's secret. Binding the method means two visitors who
 * happen to get the same digits have different digests, and a digest can only ever match its own method.
 */
export function hashOtpCode(hmacKey: Buffer, methodId: string, code: string): string {
  return createHmac('sha256', hmacKey).update(`${methodId}:${code}`, 'utf8').digest('hex');
}
