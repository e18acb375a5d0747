// TOTP authenticators (wire contract 3.10): create with recovery codes, authenticate (a code once per period),
// list/regenerate recovery codes, and recover (a recovery code once, ever). Security decisions are all here:
// the accepted window, replay refusal, lockout, and recovery codes hashed at rest.
import type { TotpAuthenticateResponse, TotpCreateResponse, TotpRecoveryCodesResponse } from '../../api/accounts.ts';
import type { AuthenticationFactor } from '../../api/session.ts';
import { TOTP_EXPIRATION_MINUTES_DEFAULT } from '../constants/totp.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { TotpAuthenticateInput, TotpCreateInput, TotpRecoverInput } from '../routes/accounts.schemas.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../security/recovery-codes.ts';
import { hashToken } from '../security/tokens.ts';
import { keyUri, matchingStep, newTotpSecret, TOTP_CODE_PATTERN } from '../security/totp.ts';
import { findActiveSession, touchSession, type ActiveSession } from '../store/sessions.ts';
import {
  claimTotpStep,
  consumeRecoveryCode,
  insertRecoveryCodes,
  insertTotp,
  openTotpSecret,
  replaceRecoveryCodes,
  usableTotps,
  verifiedTotps,
} from '../store/totps.ts';
import { reserveAuthAttempt } from './client-limits.ts';
import { checkUnderLock, WRONG_SECRET } from './lockout.ts';
import { authenticatePayload, minutesToMs, sessionAfterAuthentication } from './sessions.ts';
import { loadFullUser } from './users.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

/** POST /totps (session required): a new, unverified authenticator; the first accepted code verifies it. */
export async function createTotp(
  deps: Deps,
  session: ActiveSession,
  input: TotpCreateInput,
): Promise<Payload<TotpCreateResponse>> {
  const userId = session.userId;
  const minutes = input.expiration_minutes ?? TOTP_EXPIRATION_MINUTES_DEFAULT;
  const now = deps.config.now();
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const user = await loadFullUser(deps, userId);
  const totpId = await deps.db.transaction(async (tx) => {
    // The session is held while the authenticator is added: if the proof rule (services/proof.ts) ends it meanwhile,
    // the authenticator is refused here, or added first and then removed by the rule, never left behind.
    if (!(await touchSession(tx, session.id, now))) throw Errors.sessionNotFound();
    const id = await insertTotp(tx, deps.secrets, { userId, secret, now, expiresAt: now + minutesToMs(minutes) });
    await insertRecoveryCodes(tx, { totpId: id, userId, codeHashes: recoveryCodes.map(hashRecoveryCode), now });
    return id;
  });
  const account = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? userId;
  return {
    totp_id: totpId,
    secret,
    qr_code: keyUri({ issuer: deps.config.projectName, account, secret }),
    recovery_codes: recoveryCodes,
    __user: user,
  };
}

/**
 * POST /totps/authenticate. The caller must already be signed in with another factor (a TOTP is a second factor:
 * the session names the user). A code matches within one step either side of now, and each step is accepted once.
 */
export async function authenticateTotp(
  deps: Deps,
  meta: RequestMeta,
  input: TotpAuthenticateInput,
): Promise<Payload<TotpAuthenticateResponse>> {
  const { totp_code: code, session_duration_minutes: durationMinutes } = input;
  const userId = await sessionUser(deps, meta);
  if (!TOTP_CODE_PATTERN.test(code)) throw Errors.invalidCode();
  const now = deps.config.now();
  const attempt = await reserveAuthAttempt(deps, meta);
  // The code is checked on a reserved attempt (services/lockout.ts), so parallel guesses cannot outrun the lock.
  const totpId = await checkUnderLock(
    deps,
    userId,
    async () => {
      const totps = await usableTotps(deps.db, userId, now);
      if (totps.length === 0) throw Errors.totpNotFound();
      for (const totp of totps) {
        const step = matchingStep(openTotpSecret(deps.secrets, totp), code, now);
        if (step === null) continue;
        // The atomic "later than the last used step" update is the replay guard.
        if (!(await claimTotpStep(deps.db, totp.id, step))) throw Errors.totpCodeAlreadyUsed();
        return totp.id;
      }
      return WRONG_SECRET;
    },
    Errors.totpCodeWrong,
  );
  await attempt.release();
  const factor: AuthenticationFactor = {
    type: 'totp',
    delivery_method: 'authenticator_app',
    last_authenticated_at: new Date(now).toISOString(),
    authenticator_app_factor: { totp_id: totpId },
  };
  const started = await sessionAfterAuthentication(deps, meta, { userId, factor, durationMinutes });
  return { ...(await authenticatePayload(deps, started.session, started.sessionToken)), totp_id: totpId };
}

/** POST /totps/recover: a recovery code instead of the app's code; each code works once. */
export async function recoverTotp(
  deps: Deps,
  meta: RequestMeta,
  input: TotpRecoverInput,
): Promise<Payload<TotpAuthenticateResponse>> {
  const { recovery_code: recoveryCode, session_duration_minutes: durationMinutes } = input;
  const userId = await sessionUser(deps, meta);
  const now = deps.config.now();
  const attempt = await reserveAuthAttempt(deps, meta);
  const used = await checkUnderLock(
    deps,
    userId,
    async () =>
      (await consumeRecoveryCode(deps.db, { userId, codeHash: hashRecoveryCode(recoveryCode), now })) ?? WRONG_SECRET,
    Errors.recoveryCodeNotFound,
  );
  await attempt.release();
  const factor: AuthenticationFactor = {
    type: 'recovery_code',
    delivery_method: 'recovery_code',
    last_authenticated_at: new Date(now).toISOString(),
    recovery_code_factor: { totp_recovery_code_id: used.id },
  };
  const started = await sessionAfterAuthentication(deps, meta, { userId, factor, durationMinutes });
  return { ...(await authenticatePayload(deps, started.session, started.sessionToken)), totp_id: used.totp_id };
}

/** POST /totps/recovery_codes (session required): fresh codes for each verified authenticator; old unused ones die. */
export async function regenerateRecoveryCodes(deps: Deps, userId: string): Promise<Payload<TotpRecoveryCodesResponse>> {
  const now = deps.config.now();
  const totps = await verifiedTotps(deps.db, userId);
  if (totps.length === 0) throw Errors.totpNotFound();
  const result: TotpRecoveryCodesResponse['totps'] = [];
  for (const totp of totps) {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(deps.db, { totpId: totp.id, userId, codeHashes: codes.map(hashRecoveryCode), now });
    result.push({ totp_id: totp.id, verified: totp.verified, recovery_codes: codes });
  }
  return { user_id: userId, totps: result };
}

/** The user whose live session the caller holds; TOTP is never a first factor here. */
async function sessionUser(deps: Deps, meta: RequestMeta): Promise<string> {
  if (!meta.sessionToken) throw Errors.userUnauthenticated();
  const session = await findActiveSession(deps.db, hashToken(meta.sessionToken), deps.config.now());
  if (!session) throw Errors.sessionNotFound();
  return session.userId;
}
