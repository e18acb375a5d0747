import { createHash, randomInt } from 'node:crypto';
import { OTP_CODE_LENGTH } from '../../api/otps.ts';

/** Exactly OTP_CODE_LENGTH ASCII digits; anything else is not a passcode at all. */
export const OTP_CODE_PATTERN = new RegExp(`^[0-9]{${OTP_CODE_LENGTH}}$`);

/** A passcode: OTP_CODE_LENGTH uniformly random decimal digits from the CSPRNG (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
}

/**
 * What the database stores instead of a passcode: SHA-256 of `<method_id>:<code>`. Binding the method means two
 * visitors who happen to get the same digits have different digests, and a digest can only ever match its own method.
 */
export function hashOtpCode(methodId: string, code: string): string {
  return createHash('sha256').update(`${methodId}:${code}`, 'utf8').digest('hex');
}
