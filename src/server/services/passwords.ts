// Passwords: create, authenticate, the strength check, the three resets, and the user search that decides which
// password screen a visitor sees. Every security decision of the slice is in this file: what is hashed (Argon2id,
// security/password-hashing.ts), what is strong enough (security/password-strength.ts), when a user is locked,
// when a breached or passwordless account must reset, and how reset tokens are checked.
import type { PasswordCreateResponse, PasswordStrengthCheckResponse, UserSearchResponse } from '../../api/passwords.ts';
import { DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES } from '../../api/passwords.ts';
import { TOKEN_TYPES } from '../../api/magic-links.ts';
import type { AuthenticationFactor } from '../../api/session.ts';
import { MAX_CODE_VERIFIER_LENGTH } from '../constants/secrets.ts';
import type { Deps } from '../context.ts';
import { deliveryLocale } from '../i18n/delivery-locale.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type {
  EmailResetInput,
  EmailResetStartInput,
  ExistingPasswordResetInput,
  PasswordSignInInput,
  SessionResetInput,
  StrengthCheckInput,
  UserSearchInput,
} from '../routes/passwords.schemas.ts';
import { verifyImportedPassword } from '../security/imported-passwords.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../security/password-hashing.ts';
import { checkStrength, userInputsOf, type StrengthResult } from '../security/password-strength.ts';
import { verifyPkce } from '../security/pkce.ts';
import { hashToken, newSecretToken } from '../security/tokens.ts';
import { revokeOtherSessions, touchSession, type ActiveSession } from '../store/sessions.ts';
import {
  clearUserLock,
  consumePasswordReset,
  findPassword,
  findUsablePasswordReset,
  insertPasswordReset,
  requirePasswordReset,
  setPassword,
  type PasswordRow,
} from '../store/passwords.ts';
import { importedHashInForce, replaceImportedPassword } from '../store/imported-passwords.ts';
import { createUserWithEmail, findEmail, findEmailById, type EmailRow } from '../store/users.ts';
import { proveContact, visitorOf } from './proof.ts';
import { passwordResetEmail } from '../views/password-reset-email.ts';
import { limitSendFrom, reserveAuthAttempt } from './client-limits.ts';
import { checkUnderLock, WRONG_SECRET } from './lockout.ts';
import { allowedRedirectUrl, tokenUrl } from './magic-links.ts';
import { deliver } from './mailer.ts';
import { authenticatePayload, minutesToMs, sessionAfterAuthentication, type AuthenticatePayload } from './sessions.ts';
import { message, verbatim } from '../i18n/message.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

// ---- Policy ----

function strengthOf(deps: Deps, password: string, email?: string): StrengthResult {
  return checkStrength(password, deps.config.passwordPolicy, userInputsOf(email));
}

/** Refuses a new password the policy does not accept, saying why (breached first: it is the actionable reason). */
function requireStrong(deps: Deps, password: string, email?: string): void {
  const strength = strengthOf(deps, password, email);
  if (strength.validPassword) return;
  if (strength.breached) throw Errors.weakPassword('passwordSeenInBreach');
  if (strength.policy === 'luds') {
    throw Errors.weakPassword('passwordMissesRequirements', {
      missingCharacters: strength.luds.missing_characters,
      missingComplexity: strength.luds.missing_complexity,
    });
  }
  // zxcvbn's feedback is its own English text; our fallback advice is translated.
  const feedback = [strength.warning, ...strength.suggestions].filter(Boolean).join(' ');
  throw Errors.weakPassword('passwordTooWeak', {
    advice: feedback ? verbatim(feedback) : message('passwordTooWeakAdvice'),
  });
}

/**
 * The user's current password checked against the user lock (one reserved attempt, services/lockout.ts): a wrong one
 * counts like a wrong passcode. No password at all (signed up by link or code): `reset_password`, not a failure.
 */
async function verifyCurrentPassword(deps: Deps, userId: string, password: string): Promise<PasswordRow> {
  return checkUnderLock(
    deps,
    userId,
    async () => {
      const stored = await findPassword(deps.db, userId);
      if (!stored) {
        await verifyNothing(password);
        throw Errors.resetPassword();
      }
      return (await passwordMatches(stored, password)) ? stored : WRONG_SECRET;
    },
    Errors.unauthorizedCredentials,
  );
}

/**
 * The stored password checked: our Argon2id hash, or, until the first sign-in with it, a hash imported from another
 * system (`npm run import-users`).
 */
function passwordMatches(stored: PasswordRow, password: string): Promise<boolean> {
  const imported = importedHashInForce(stored);
  if (!imported) return verifyPassword(stored.password_hash, password);
  return verifyImportedPassword(imported.type, imported.hash, password);
}

/**
 * Checks an address and password. Unknown address: the same time and answer as a wrong password. A user without a
 * password (signed up by link or code) or whose password must be reset: `reset_password`, which makes the widget send
 * a reset email. A right password that is breached: it is marked as requiring a reset and `breached_password` says so.
 */
async function checkLogin(deps: Deps, email: EmailRow | null, password: string): Promise<EmailRow> {
  if (!email) {
    await verifyNothing(password);
    throw Errors.unauthorizedCredentials();
  }
  const stored = await verifyCurrentPassword(deps, email.user_id, password);
  if (stored.requires_reset) throw Errors.resetPassword();
  if (strengthOf(deps, password).breached) {
    await requirePasswordReset(deps.db, email.user_id);
    throw Errors.breachedPassword();
  }
  // The first sign-in with an imported hash is the one moment the password is known: our own hash replaces it.
  const imported = importedHashInForce(stored);
  if (imported) {
    await replaceImportedPassword(deps.db, {
      userId: email.user_id,
      importedHash: imported.hash,
      passwordHash: await hashPassword(password),
      now: deps.config.now(),
    });
  }
  return email;
}

function passwordFactor(now: number): AuthenticationFactor {
  return { type: 'password', delivery_method: 'knowledge', last_authenticated_at: new Date(now).toISOString() };
}

// ---- Calls ----

/** POST /users/search: `new` (no such address), `password` (has one) or `passwordless` (signed up another way). */
export async function searchUser(deps: Deps, input: UserSearchInput): Promise<Payload<UserSearchResponse>> {
  const { email } = input;
  const row = await findEmail(deps.db, email);
  if (!row) return { userType: 'new' };
  return { userType: (await findPassword(deps.db, row.user_id)) ? 'password' : 'passwordless' };
}

/** POST /passwords/strength_check */
export function strengthCheck(deps: Deps, input: StrengthCheckInput): Payload<PasswordStrengthCheckResponse> {
  const { password, email } = input;
  const strength = strengthOf(deps, password, email);
  return {
    valid_password: strength.validPassword,
    score: strength.score,
    breached_password: strength.breached,
    breach_detection_on_create: true,
    strength_policy: strength.policy,
    feedback: { warning: strength.warning, suggestions: strength.suggestions, luds_requirements: strength.luds },
  };
}

/**
 * POST /passwords: a new user with this address and password. An address that already has a password is refused
 * (`duplicate_email`); one that signed up without a password gets `reset_password` (dedupe: proving the address by a
 * reset email is the only way to add a password to an existing account).
 */
export async function createPassword(
  deps: Deps,
  meta: RequestMeta,
  input: PasswordSignInInput,
): Promise<Payload<PasswordCreateResponse>> {
  const { email, password, session_duration_minutes: durationMinutes } = input;

  // A read first only to answer early (and skip the hash); the insert below is what decides.
  const existing = await findEmail(deps.db, email);
  if (existing) throw await refusalForTakenAddress(deps, existing);
  requireStrong(deps, password, email);
  const passwordHash = await hashPassword(password);

  // User, address and password in one transaction whose address insert decides the race: of concurrent requests for
  // one new address exactly one creates it, and the others' users are gone before they commit (createUserWithEmail).
  const now = deps.config.now();
  const started = await deps.db.transaction(async (tx) => {
    const created = await createUserWithEmail(tx, email, now);
    if (!created) return null;
    await setPassword(tx, { userId: created.userId, passwordHash, now });
    const session = await sessionAfterAuthentication({ ...deps, db: tx }, meta, {
      userId: created.userId,
      factor: passwordFactor(now),
      durationMinutes,
    });
    return { ...session, emailId: created.emailId };
  });
  if (!started) {
    const winner = await findEmail(deps.db, email);
    throw winner ? await refusalForTakenAddress(deps, winner) : Errors.duplicateEmail();
  }
  return { ...(await authenticatePayload(deps, started.session, started.sessionToken)), email_id: started.emailId };
}

/** An address that has a user already: `duplicate_email` when it has a password, else `reset_password` (dedupe). */
async function refusalForTakenAddress(deps: Deps, email: EmailRow): Promise<Error> {
  return (await findPassword(deps.db, email.user_id)) ? Errors.duplicateEmail() : Errors.resetPassword();
}

/** POST /passwords/authenticate */
export async function authenticatePassword(
  deps: Deps,
  meta: RequestMeta,
  input: PasswordSignInInput,
): Promise<AuthenticatePayload> {
  const { email, password, session_duration_minutes: durationMinutes } = input;

  const attempt = await reserveAuthAttempt(deps, meta);
  const row = await checkLogin(deps, await findEmail(deps.db, email), password);
  await attempt.release();
  const now = deps.config.now();
  const started = await sessionAfterAuthentication(deps, meta, {
    userId: row.user_id,
    factor: passwordFactor(now),
    durationMinutes,
  });
  return authenticatePayload(deps, started.session, started.sessionToken);
}

/** POST /passwords/email/reset/start: emails a single-use reset link to an existing address. */
export async function startEmailReset(
  deps: Deps,
  meta: RequestMeta,
  input: EmailResetStartInput,
): Promise<Payload<{ request_id: string; status_code: number }>> {
  const { email, code_challenge: codeChallenge } = input;
  const locale = deliveryLocale(input.locale, meta);
  const expiresInMinutes = input.reset_password_expiration_minutes ?? DEFAULT_PASSWORD_RESET_EXPIRATION_MINUTES;
  const redirectUrl = allowedRedirectUrl(deps, meta, input.reset_password_redirect_url || input.login_redirect_url);

  await limitSendFrom(deps, meta);
  await deps.limits.passwordResetSend.take(`email:${email}`, deps.config.now());
  const row = await findEmail(deps.db, email);
  if (!row) throw Errors.emailNotFound();

  // One transaction, delivery last: a reset email that cannot be sent leaves no usable reset token behind.
  await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const token = newSecretToken();
    await insertPasswordReset(tx, {
      tokenHash: hashToken(token),
      userId: row.user_id,
      emailId: row.id,
      codeChallenge: codeChallenge ?? null,
      now,
      expiresAt: now + minutesToMs(expiresInMinutes),
    });
    const link = tokenUrl(redirectUrl, TOKEN_TYPES.resetPassword, token);
    const content = passwordResetEmail({ locale, projectName: deps.config.projectName, link, expiresInMinutes });
    await deliver(
      { ...deps, db: tx },
      { channel: 'email', to: email, from: deps.config.senderAddress, links: [link], ...content },
    );
  });
  return {};
}

/**
 * POST /passwords/email/reset: the token from the emailed link sets a new password and signs the user in. The link
 * proves the address, so it is marked verified and any lock from wrong guesses ends. Every other session of the user
 * ends in the same transaction (whoever knew the old password may hold one). A weak password or a wrong PKCE verifier
 * leaves the token usable, so the visitor can try again.
 */
export async function resetByEmail(
  deps: Deps,
  meta: RequestMeta,
  input: EmailResetInput,
): Promise<AuthenticatePayload> {
  const { token, password, session_duration_minutes: durationMinutes, code_verifier: codeVerifier } = input;
  if (codeVerifier !== undefined && codeVerifier.length > MAX_CODE_VERIFIER_LENGTH) {
    throw Errors.invalidRequest('fieldTooLong', { field: 'code_verifier', max: MAX_CODE_VERIFIER_LENGTH });
  }

  const tokenHash = hashToken(token);
  const reset = await findUsablePasswordReset(deps.db, tokenHash, deps.config.now());
  if (!reset) throw Errors.passwordResetNotFound();
  if (reset.code_challenge !== null) {
    if (codeVerifier === undefined) throw Errors.pkceExpectedCodeVerifier();
    if (!verifyPkce(codeVerifier, reset.code_challenge)) throw Errors.pkceMismatch();
  }
  const email = await findEmailById(deps.db, reset.email_id);
  requireStrong(deps, password, email?.email);
  const passwordHash = await hashPassword(password);

  const started = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const consumed = await consumePasswordReset(tx, tokenHash, now);
    if (!consumed || !email) throw Errors.passwordResetNotFound();
    // The link proves the address: the proof rule decides whose account this is (and clears one nobody had proven).
    const prover = await visitorOf(tx, meta, now);
    const proven = await proveContact(tx, { kind: 'email', value: email.email, prover, now });
    await setPassword(tx, { userId: proven.userId, passwordHash, now });
    await clearUserLock(tx, proven.userId);
    const factor: AuthenticationFactor = {
      type: 'password_reset',
      delivery_method: 'email',
      last_authenticated_at: new Date(now).toISOString(),
      email_factor: { email_id: proven.contactId, email_address: email.email },
    };
    const started = await sessionAfterAuthentication({ ...deps, db: tx }, meta, {
      userId: proven.userId,
      factor,
      durationMinutes,
    });
    await revokeOtherSessions(tx, proven.userId, started.session.id, now);
    return started;
  });
  return authenticatePayload(deps, started.session, started.sessionToken);
}

/**
 * POST /passwords/existing_password/reset: the current password (checked like a login) replaced by a new one; the
 * user's other sessions end in the same transaction, the one the response returns stays.
 */
export async function resetByExistingPassword(
  deps: Deps,
  meta: RequestMeta,
  input: ExistingPasswordResetInput,
): Promise<AuthenticatePayload> {
  const { email, existing_password: existingPassword, new_password: newPassword } = input;
  const durationMinutes = input.session_duration_minutes;

  const attempt = await reserveAuthAttempt(deps, meta);
  const row = await findEmail(deps.db, email);
  if (!row) {
    await verifyNothing(existingPassword);
    throw Errors.unauthorizedCredentials();
  }
  // A breached or reset-flagged password may still prove who is asking here: replacing it is the point.
  await verifyCurrentPassword(deps, row.user_id, existingPassword);
  await attempt.release();
  requireStrong(deps, newPassword, email);
  const passwordHash = await hashPassword(newPassword);
  const started = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    await setPassword(tx, { userId: row.user_id, passwordHash, now });
    const started = await sessionAfterAuthentication({ ...deps, db: tx }, meta, {
      userId: row.user_id,
      factor: passwordFactor(now),
      durationMinutes,
    });
    await revokeOtherSessions(tx, row.user_id, started.session.id, now);
    return started;
  });
  return authenticatePayload(deps, started.session, started.sessionToken);
}

/**
 * POST /passwords/session/reset: the signed-in user sets a new password; the calling session stays (extended only when
 * asked) and every other session of the user ends in the same transaction.
 */
export async function resetBySession(
  deps: Deps,
  session: ActiveSession,
  sessionToken: string,
  input: SessionResetInput,
): Promise<AuthenticatePayload> {
  const { password, session_duration_minutes: durationMinutes } = input;
  requireStrong(deps, password, await firstEmailOf(deps, session.userId));
  const passwordHash = await hashPassword(password);
  const touched = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    // The calling session first: if it ended meanwhile, nothing changes.
    const touched = await touchSession(tx, session.id, now, {
      factor: passwordFactor(now),
      ...(durationMinutes === undefined ? {} : { expiresAt: now + minutesToMs(durationMinutes) }),
    });
    if (!touched) throw Errors.sessionNotFound();
    await setPassword(tx, { userId: session.userId, passwordHash, now });
    await revokeOtherSessions(tx, session.userId, session.id, now);
    return touched;
  });
  return authenticatePayload(deps, touched, sessionToken);
}

async function firstEmailOf(deps: Deps, userId: string): Promise<string | undefined> {
  const [row] = await deps.db.query<{ email: string }>(
    'select email from user_emails where user_id = $1 order by created_at, id limit 1',
    [userId],
  );
  return row?.email;
}
