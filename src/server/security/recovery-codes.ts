// Recovery codes, a consumer's (services/totps.ts) or an organization member's (services/mfa-totp.ts): the codes
// handed out once with an authenticator app, and the digest the database keeps instead of each.
import { randomBytes } from 'node:crypto';
import { TOTP_RECOVERY_CODE_BYTES, TOTP_RECOVERY_CODE_COUNT, TOTP_RECOVERY_CODE_GROUP } from '../constants/totp.ts';
import { hashToken } from './tokens.ts';
import { base32Encode } from './totp.ts';

/** Recovery codes: random, base32, dash-grouped; lower-case so they read and type easily. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TOTP_RECOVERY_CODE_COUNT }, () => {
    const text = base32Encode(randomBytes(TOTP_RECOVERY_CODE_BYTES)).toLowerCase();
    return text.match(new RegExp(`.{1,${TOTP_RECOVERY_CODE_GROUP}}`, 'g'))!.join('-');
  });
}

/** Recovery codes are 80-bit random values, so (like session tokens) a plain SHA-256 suffices at rest. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.trim().toLowerCase());
}
