// Device fingerprinting ("DFP", wire contract 1.5) as the service does it: the telemetry script's signals name a
// device (the SHA-256 of the signals), each submit issues a short-lived telemetry id for that device, and the send and
// login calls that carry one are counted on it. What the project's mode does with a call:
// - OBSERVATION (the default): records the call on its device and lets every call through.
// - DECISIONING: a call passes when it carries a solved captcha, or a live telemetry id whose device has made at most
//   `maxCallsPerDevice` protected calls in the last DFP_DEVICE_WINDOW_MS; any other call (no id, an unknown or expired
//   id, a device over its budget) is answered with the provider's non-JSON `Captcha required`, and the client's retry
//   carries a captcha token. The budget is one atomic counter per device in the database (store/rate-limits.ts), so
//   parallel calls from one device, on any number of instances, get exactly `maxCallsPerDevice` passes.
import { createHash } from 'node:crypto';
import { ACCOUNT_PATHS } from '../../api/accounts.ts';
import type { DfpMode } from '../../api/bootstrap.ts';
import { CRYPTO_WALLET_PATHS } from '../../api/crypto-wallets.ts';
import { OTP_METHODS } from '../../api/otps.ts';
import { PATHS } from '../../api/paths.ts';
import { DFP_DEVICE_WINDOW_MS, DFP_TELEMETRY_ID_LIFETIME_MS } from '../constants/dfp.ts';
import type { Deps } from '../context.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { countFlaggedCall, insertTelemetryId, recordProtectedCall, sweepTelemetryIds } from '../store/dfp.ts';
import { takeRateLimit } from '../store/rate-limits.ts';

/** A project's protection: the mode and the DECISIONING rule's budget. */
export interface DfpSettings {
  mode: DfpMode;
  maxCallsPerDevice: number;
}

/**
 * Whether a captcha token was solved: reCAPTCHA Enterprise's assessment when `recaptcha` is configured
 * (services/recaptcha.ts, a call to Google, hence a promise), else the dev captcha's stand-in in development.
 */
export type CaptchaVerifier = (token: string) => Promise<boolean>;

/**
 * The send and login calls the client protects (marked R in wire contract section 3, the ones it retries with a
 * captcha token): the dev captcha gates them too.
 */
export const PROTECTED_PATHS: readonly string[] = [
  PATHS.magicLinksEmailLoginOrCreate,
  PATHS.magicLinksEmailSendPrimary,
  PATHS.magicLinksEmailSendSecondary,
  ...OTP_METHODS.flatMap((m) =>
    m === 'email'
      ? [PATHS.otpsLoginOrCreate(m)]
      : [PATHS.otpsLoginOrCreate(m), PATHS.otpsSendPrimary(m), PATHS.otpsSendSecondary(m)],
  ),
  PATHS.otpsAuthenticate,
  ACCOUNT_PATHS.totpsAuthenticate,
  ACCOUNT_PATHS.totpsRecover,
  ACCOUNT_PATHS.impersonationAuthenticate,
  CRYPTO_WALLET_PATHS.authenticate,
];

/**
 * The device the signals describe: the SHA-256 of the signals in a fixed key order, so the same browser gives the same
 * name whatever order its script listed them in.
 */
export function visitorIdOf(signals: Record<string, string>): string {
  const canonical = JSON.stringify(
    Object.keys(signals)
      .sort()
      .map((key) => [key, signals[key]]),
  );
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** POST /dfp/submit: records the device and issues a fresh telemetry id for it (the client sends it on one call). */
export async function issueTelemetryId(
  deps: Deps,
  signals: Record<string, string>,
  meta: Pick<RequestMeta, 'ipAddress' | 'userAgent'>,
): Promise<string> {
  const now = deps.config.now();
  const telemetryId = newSecretToken();
  await sweepTelemetryIds(deps.db, now);
  await insertTelemetryId(deps.db, {
    idDigest: hashToken(telemetryId),
    visitorId: visitorIdOf(signals),
    signals,
    userAgent: meta.userAgent,
    ipAddress: meta.ipAddress,
    now,
    expiresAt: now + DFP_TELEMETRY_ID_LIFETIME_MS,
  });
  return telemetryId;
}

/** What a protected call may do: go on to its route, or meet the captcha. */
export type DfpVerdict = 'pass' | 'captcha';

/** The project's mode applied to one protected call (see the top of this file). */
export async function judgeProtectedCall(
  deps: Pick<Deps, 'config' | 'db' | 'captchaVerifier'>,
  input: { telemetryId: string | undefined; captchaToken: string | undefined },
): Promise<DfpVerdict> {
  const settings = deps.config.dfp;
  if (!settings) return 'pass';
  const now = deps.config.now();
  const visitorId = input.telemetryId
    ? await recordProtectedCall(deps.db, { idDigest: hashToken(input.telemetryId), now })
    : null;
  if (settings.mode === 'OBSERVATION') return 'pass';
  if (visitorId) {
    const key = `dfp-device:${visitorId}`;
    const window = await takeRateLimit(deps.db, { key, now, windowMs: DFP_DEVICE_WINDOW_MS });
    if (window.count <= settings.maxCallsPerDevice) return 'pass';
  }
  // Only a call the rule refuses has its captcha checked: with reCAPTCHA that is a call to Google, billed per token.
  if (input.captchaToken && (await deps.captchaVerifier?.(input.captchaToken))) return 'pass';
  if (visitorId) await countFlaggedCall(deps.db, visitorId);
  return 'captcha';
}
