import type { OtpAuthenticateResponse, OtpMethod, OtpSendResponse } from '../../api/otps.ts';
import { DEFAULT_OTP_EXPIRATION_MINUTES } from '../../api/otps.ts';
import type { AuthenticationFactor } from '../../api/session.ts';
import { OTP_MAX_ATTEMPTS_PER_CODE } from '../constants/passcodes.ts';
import type { Deps } from '../context.ts';
import { deliveryLocale } from '../i18n/delivery-locale.ts';
import type { Db } from '../db/db.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type { OtpAuthenticateInput, OtpSendInput } from '../routes/otps.schemas.ts';
import { hashOtpCode, newOtpCode, OTP_CODE_PATTERN } from '../security/otp-codes.ts';
import { consumeOtpCode, countFailedAttempt, findLiveOtpCode, insertOtpCode } from '../store/otps.ts';
import { findOrCreateUserByPhoneNumber, findPhoneNumber } from '../store/phone-numbers.ts';
import { findEmail, findOrCreateUserByEmail } from '../store/users.ts';
import { otpMessage, type OtpPurpose } from '../views/otp-message.ts';
import { limitSendFrom, reserveAuthAttempt } from './client-limits.ts';
import { checkUnderLock, WRONG_SECRET } from './lockout.ts';
import { deliver } from './mailer.ts';
import type { SendMode } from './magic-links.ts';
import { contactOfMethod, methodIdToAdd, proveContact, proverOf } from './proof.ts';
import { authenticatePayload, minutesToMs, sessionAfterAuthentication } from './sessions.ts';

type SendPayload = Omit<OtpSendResponse, 'request_id' | 'status_code'>;
type AuthenticatePayload = Omit<OtpAuthenticateResponse, 'request_id' | 'status_code'>;

/**
 * POST /otps/{sms,whatsapp,email}/login_or_create, /send/primary and /send/secondary: a new passcode for the phone
 * number or address, delivered by `method` (delivery/deliver.ts). Sending again retires the method's older code.
 */
export async function sendOtp(
  deps: Deps,
  meta: RequestMeta,
  method: OtpMethod,
  request: OtpSendInput,
  mode: SendMode,
): Promise<SendPayload> {
  const locale = deliveryLocale(request.locale, meta);
  const destination = request.destination;
  const expiresInMinutes = request.expiration_minutes ?? DEFAULT_OTP_EXPIRATION_MINUTES;

  // One budget per number or address, whatever the channel: switching from SMS to WhatsApp does not reset it.
  await limitSendFrom(deps, meta);
  await deps.limits.otpSend.take(`${method === 'email' ? 'email' : 'phone'}:${destination}`, deps.config.now());

  // Decide and check everything before creating a user, so a refused request leaves nothing behind.
  const existing =
    method === 'email' ? await findEmail(deps.db, destination) : await findPhoneNumber(deps.db, destination);
  if (mode.kind === 'existing_user' && !existing) {
    throw method === 'email' ? Errors.emailNotFound() : Errors.phoneNumberNotFound();
  }
  const purpose: OtpPurpose = existing || mode.kind === 'add_to_user' ? 'login' : 'signup';

  // One transaction, delivery last: a message that cannot be sent rolls back the user, method and code it needed.
  const { userId, methodId, created } = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const owner = await ownerOf(tx, method, destination, mode, now);

    const code = newOtpCode();
    await insertOtpCode(tx, {
      methodId: owner.methodId,
      userId: owner.userId,
      sessionId: mode.kind === 'add_to_user' ? mode.sessionId : null,
      deliveryMethod: method,
      codeHash: hashOtpCode(deps.secrets.otpHmacKey, owner.methodId, code),
      now,
      expiresAt: now + minutesToMs(expiresInMinutes),
    });

    const content = otpMessage({
      locale,
      channel: method,
      projectName: deps.config.projectName,
      purpose,
      code,
      expiresInMinutes,
    });
    const from = method === 'email' ? deps.config.senderAddress : deps.config.projectName;
    await deliver({ ...deps, db: tx }, { channel: method, to: destination, from, links: [], ...content });
    return owner;
  });

  return { method_id: methodId, user_id: userId, user_created: created };
}

/**
 * POST /otps/authenticate. The code is checked against the live code of `method_id` only. A wrong code counts
 * against that code (dead after OTP_MAX_ATTEMPTS_PER_CODE) and against the user (locked after
 * USER_LOCK_FAILURE_LIMIT failures within USER_LOCK_FAILURE_WINDOW_MS).
 */
export async function authenticateOtp(
  deps: Deps,
  meta: RequestMeta,
  input: OtpAuthenticateInput,
): Promise<AuthenticatePayload> {
  const { token: code, method_id: methodId, session_duration_minutes: durationMinutes } = input;
  if (!OTP_CODE_PATTERN.test(code)) throw Errors.invalidCode();

  const attempt = await reserveAuthAttempt(deps, meta);
  const contact = await contactOfMethod(deps.db, methodId, ['phone', 'email']);
  // An unknown method id gets the same answer as a wrong code: it says nothing about which ids exist.
  if (!contact) throw Errors.otpCodeNotFound();
  const now = deps.config.now();
  const maxAttempts = OTP_MAX_ATTEMPTS_PER_CODE;
  const useCode = () =>
    deps.db.transaction(async (tx) => {
      // A code from send/secondary proves only for the session that asked for it; for any other it is a wrong code.
      const live = await findLiveOtpCode(tx, { methodId, now, maxAttempts });
      const prover = live ? await proverOf(tx, meta, live.session_id, now) : null;
      if (!prover) return null;
      const consumed = await consumeOtpCode(tx, {
        methodId,
        codeHash: hashOtpCode(deps.secrets.otpHmacKey, methodId, code),
        now,
        maxAttempts,
      });
      if (!consumed) return null;
      const proven = await proveContact(tx, {
        kind: contact.kind,
        value: contact.value,
        prover,
        now,
        pendingId: contact.pendingId,
      });
      const at = new Date(now).toISOString();
      const factor: AuthenticationFactor =
        contact.kind === 'email'
          ? {
              type: 'otp',
              delivery_method: 'email',
              last_authenticated_at: at,
              email_factor: { email_id: proven.contactId, email_address: contact.value },
            }
          : {
              type: 'otp',
              delivery_method: consumed.delivery_method === 'whatsapp' ? 'whatsapp' : 'sms',
              last_authenticated_at: at,
              phone_number_factor: { phone_id: proven.contactId, phone_number: contact.value },
            };
      const started = await sessionAfterAuthentication({ ...deps, db: tx }, meta, {
        userId: proven.userId,
        factor,
        durationMinutes,
      });
      return { ...started, contactId: proven.contactId };
    });

  // The code is tried on a reserved attempt of the user (services/lockout.ts): parallel guesses cannot outrun the lock.
  const started = await checkUnderLock(
    deps,
    contact.userId,
    async () => {
      const result = await useCode();
      if (result) return result;
      // Outside the transaction above, so the failure is recorded even though the request fails.
      await countFailedAttempt(deps.db, { methodId, now, maxAttempts });
      return WRONG_SECRET;
    },
    Errors.otpCodeNotFound,
  );
  await attempt.release();

  return { ...(await authenticatePayload(deps, started.session, started.sessionToken)), method_id: started.contactId };
}

/**
 * The user the passcode is for: the holder of the number or address (made, unproven, when new: the wire answers a
 * user_id), or for send/secondary the signed-in user, whose pending contact it stays until the session uses the code.
 */
async function ownerOf(
  db: Db,
  method: OtpMethod,
  destination: string,
  mode: SendMode,
  now: number,
): Promise<{ userId: string; methodId: string; created: boolean }> {
  if (mode.kind === 'add_to_user') {
    const kind = method === 'email' ? 'email' : 'phone';
    return {
      userId: mode.userId,
      methodId: await methodIdToAdd(db, kind, destination, mode.userId, now),
      created: false,
    };
  }
  if (method === 'email') {
    const { userId, emailId, created } = await findOrCreateUserByEmail(db, destination, now);
    return { userId, methodId: emailId, created };
  }
  const { userId, phoneId, created } = await findOrCreateUserByPhoneNumber(db, destination, now);
  return { userId, methodId: phoneId, created };
}
