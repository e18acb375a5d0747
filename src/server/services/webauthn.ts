// WebAuthn and passkeys (wire contract 3.8): register/start and register, authenticate/start (primary or secondary)
// and authenticate, rename. The cryptography (CBOR, COSE keys, attestation formats, signatures, flags) is
// @simplewebauthn/server's; this file decides everything else: which relying party id and origins a ceremony may use,
// that a challenge works once and for 5 minutes, which user a credential may sign in, that counters move forward,
// and what a passkey sign-in adds to the session.
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationFactor } from '../../api/session.ts';
import {
  WEBAUTHN_FACTOR_DELIVERY_METHOD,
  type WebAuthnAuthenticateResponse,
  type WebAuthnAuthenticateStartResponse,
  type WebAuthnRegisterResponse,
  type WebAuthnRegisterStartResponse,
  type WebAuthnUpdateResponse,
} from '../../api/webauthn.ts';
import {
  MAX_WEBAUTHN_USER_HANDLE_BYTES,
  WEBAUTHN_CHALLENGE_BYTES,
  WEBAUTHN_CHALLENGE_LIFETIME_MS,
  WEBAUTHN_DEFAULT_REGISTRATION_NAME,
} from '../constants/webauthn.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import type {
  AuthenticateInput,
  AuthenticateStartInput,
  RegisterInput,
  RegisterStartInput,
  UpdateRegistrationInput,
} from '../routes/webauthn.schemas.ts';
import { isAllowedOrigin } from '../security/origins.ts';
import { hashToken } from '../security/tokens.ts';
import { rpIdServesOrigin } from '../security/webauthn-relying-party.ts';
import { touchSession, type ActiveSession } from '../store/sessions.ts';
import {
  advanceCounter,
  consumeChallenge,
  findRegistrationByCredentialId,
  insertChallenge,
  insertRegistration,
  renameRegistration,
  toWireRegistration,
  userRegistrations,
  type WebAuthnChallengeRow,
  type WebAuthnRegistrationRow,
} from '../store/webauthn.ts';
import { reserveAuthAttempt } from './client-limits.ts';
import { checkUnderLock, WRONG_SECRET } from './lockout.ts';
import { authenticatePayload, minutesToMs, sessionAfterAuthentication } from './sessions.ts';
import { loadFullUser } from './users.ts';
import { message, verbatim, type Message } from '../i18n/message.ts';

type Payload<T> = Omit<T, 'request_id' | 'status_code'>;

// ---- Origins and relying party ----

/**
 * The origins a ceremony may run on: the page-origin allowlist, the same one CORS uses. A started server
 * (listen.ts) adds its own origin to it, which in production is PUBLIC_URL's, so the portal it serves is included.
 */
function webauthnOrigins(deps: Deps): readonly string[] {
  return deps.config.allowedOrigins;
}

/**
 * The calling page's origin (the Origin header browsers put on every fetch POST): the origin the client data must
 * name. A call without one did not come from a browser page, so no ceremony can be checked against it. The start
 * routes check it before the body's fields (the relying party id asked for must serve it); register and authenticate
 * after them.
 */
export function requirePageOrigin(deps: Deps, origin: string | undefined): string {
  if (!origin) throw Errors.invalidRequest('webauthnOriginMissing');
  if (!isAllowedOrigin(origin, webauthnOrigins(deps))) throw Errors.originNotAllowed(origin);
  return origin;
}

// ---- Challenges ----

function newChallenge(): { bytes: Uint8Array<ArrayBuffer>; text: string } {
  const bytes = randomBytes(WEBAUTHN_CHALLENGE_BYTES);
  return { bytes: new Uint8Array(bytes), text: bytes.toString('base64url') };
}

/**
 * Uses the stored challenge the client data names, once: a replayed, expired, unknown or other-kind challenge is
 * `webauthn_challenge_not_found`.
 */
async function useChallenge(
  deps: Deps,
  challenge: string,
  kind: 'register' | 'authenticate',
): Promise<WebAuthnChallengeRow> {
  const row = await consumeChallenge(deps.db, { challengeHash: hashToken(challenge), kind, now: deps.config.now() });
  if (!row) throw Errors.webauthnChallengeNotFound();
  return row;
}

/** The verifier's exceptions are all "this response does not verify"; its message says which check failed. */
function reasonOf(error: unknown): Message {
  return verbatim(error instanceof Error ? error.message : String(error));
}

function webauthnFactor(
  row: Pick<WebAuthnRegistrationRow, 'id' | 'domain' | 'user_agent'>,
  now: number,
): AuthenticationFactor {
  return {
    type: 'webauthn_registration',
    delivery_method: WEBAUTHN_FACTOR_DELIVERY_METHOD,
    last_authenticated_at: new Date(now).toISOString(),
    webauthn_factor: { webauthn_registration_id: row.id, domain: row.domain, user_agent: row.user_agent },
  };
}

function transportsOf(row: WebAuthnRegistrationRow): AuthenticatorTransportFuture[] {
  return row.transports ? (row.transports.split(',') as AuthenticatorTransportFuture[]) : [];
}

// ---- Calls ----

/**
 * POST /webauthn/register/start (session required). With `return_passkey_credential_options` the authenticator must
 * make a discoverable credential and verify the user (a passkey); otherwise a plain second-factor key. The user's
 * existing credentials are excluded, so an authenticator that already holds one says so instead of making another.
 */
export async function startRegistration(
  deps: Deps,
  session: ActiveSession,
  input: RegisterStartInput,
): Promise<Payload<WebAuthnRegisterStartResponse>> {
  const { domain, user_agent: userAgent, authenticator_type: authenticatorType } = input;
  const passkey = input.return_passkey_credential_options ?? false;
  const { override_id: overrideId, override_name: overrideName, override_display_name: overrideDisplayName } = input;

  const userId = session.userId;
  const userHandle = Buffer.from(overrideId ?? userId, 'utf8');
  if (userHandle.length === 0 || userHandle.length > MAX_WEBAUTHN_USER_HANDLE_BYTES) {
    throw Errors.invalidRequest('overrideIdSize', { max: MAX_WEBAUTHN_USER_HANDLE_BYTES });
  }
  const user = await loadFullUser(deps, userId);
  const userName = overrideName || user.emails[0]?.email || user.phone_numbers[0]?.phone_number || userId;
  const fullName = [user.name.first_name, user.name.last_name].filter(Boolean).join(' ');
  const existing = await userRegistrations(deps.db, userId);
  const challenge = newChallenge();
  const options = await generateRegistrationOptions({
    rpName: deps.config.projectName,
    rpID: domain,
    userName,
    userID: new Uint8Array(userHandle),
    userDisplayName: overrideDisplayName || fullName || userName,
    challenge: challenge.bytes,
    timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing
      .filter((row) => row.domain === domain)
      .map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: {
      residentKey: passkey ? 'required' : 'discouraged',
      requireResidentKey: passkey,
      userVerification: passkey ? 'required' : 'preferred',
      ...(authenticatorType ? { authenticatorAttachment: authenticatorType } : {}),
    },
  });
  const now = deps.config.now();
  await insertChallenge(deps.db, {
    challengeHash: hashToken(challenge.text),
    kind: 'register',
    user_id: userId,
    rp_id: domain,
    require_user_verification: passkey,
    user_handle: userHandle.toString('base64url'),
    authenticator_type: authenticatorType ?? null,
    user_agent: userAgent,
    now,
    expiresAt: now + WEBAUTHN_CHALLENGE_LIFETIME_MS,
  });
  return { user_id: userId, public_key_credential_creation_options: JSON.stringify(options) };
}

/**
 * POST /webauthn/register (session required): verifies the attestation against the challenge of register/start and
 * stores the credential; the calling session gains the WebAuthn factor. The credential id's unique constraint decides
 * a duplicate, also between concurrent requests (409 `duplicate_webauthn_registration`).
 */
export async function finishRegistration(
  deps: Deps,
  session: ActiveSession,
  sessionToken: string,
  pageOrigin: string | undefined,
  input: RegisterInput,
): Promise<Payload<WebAuthnRegisterResponse>> {
  const { credential, challenge: challengeText } = input.public_key_credential;
  const durationMinutes = input.session_duration_minutes;
  const origin = requirePageOrigin(deps, pageOrigin);

  const challenge = await useChallenge(deps, challengeText, 'register');
  // Another user's challenge (it would have to be stolen) is as unknown as a used one.
  if (challenge.user_id !== session.userId) throw Errors.webauthnChallengeNotFound();
  if (!rpIdServesOrigin(challenge.rp_id, origin)) {
    throw Errors.invalidWebauthnCredential(message('pageMayNotUseRelyingParty', { origin, rpId: challenge.rp_id }));
  }
  let info: VerifiedRegistrationResponse['registrationInfo'];
  try {
    const verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challengeText,
      expectedOrigin: origin,
      expectedRPID: challenge.rp_id,
      requireUserPresence: true,
      requireUserVerification: challenge.require_user_verification,
    });
    if (!verification.verified) throw new Error('the attestation did not verify.');
    info = verification.registrationInfo;
  } catch (error) {
    throw Errors.invalidWebauthnCredential(reasonOf(error));
  }

  const started = await deps.db.transaction(async (tx) => {
    const now = deps.config.now();
    const registrationId = await insertRegistration(tx, {
      user_id: session.userId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).join(','),
      user_handle: challenge.user_handle ?? '',
      authenticator_type: credential.authenticatorAttachment ?? challenge.authenticator_type ?? '',
      user_agent: challenge.user_agent ?? '',
      domain: challenge.rp_id,
      name: WEBAUTHN_DEFAULT_REGISTRATION_NAME,
      now,
    });
    if (!registrationId) throw Errors.duplicateWebauthnRegistration();
    const factor = webauthnFactor(
      { id: registrationId, domain: challenge.rp_id, user_agent: challenge.user_agent ?? '' },
      now,
    );
    const touched = await touchSession(tx, session.id, now, {
      factor,
      ...(durationMinutes === undefined ? {} : { expiresAt: now + minutesToMs(durationMinutes) }),
    });
    if (!touched) throw Errors.sessionNotFound();
    return { session: touched, registrationId };
  });
  return {
    ...(await authenticatePayload(deps, started.session, sessionToken)),
    webauthn_registration_id: started.registrationId,
  };
}

/**
 * POST /webauthn/authenticate/start/primary (no session: a passkey names its user) and /secondary (session
 * required: only that user's credentials). A passkey request has no allow list (the authenticator offers its
 * discoverable credentials) and requires user verification.
 */
export async function startAuthentication(
  deps: Deps,
  sessionUserId: string | null,
  input: AuthenticateStartInput,
): Promise<Payload<WebAuthnAuthenticateStartResponse>> {
  const { domain } = input;
  const passkey = input.return_passkey_credential_options ?? false;
  let allowCredentials: { id: string; transports: AuthenticatorTransportFuture[] }[] | undefined;
  if (sessionUserId !== null && !passkey) {
    const rows = (await userRegistrations(deps.db, sessionUserId)).filter((row) => row.domain === domain);
    if (rows.length === 0) throw Errors.webauthnRegistrationNotFound();
    allowCredentials = rows.map((row) => ({ id: row.credential_id, transports: transportsOf(row) }));
  }
  const challenge = newChallenge();
  const options = await generateAuthenticationOptions({
    rpID: domain,
    challenge: challenge.bytes,
    timeout: WEBAUTHN_CHALLENGE_LIFETIME_MS,
    userVerification: passkey ? 'required' : 'preferred',
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  const now = deps.config.now();
  await insertChallenge(deps.db, {
    challengeHash: hashToken(challenge.text),
    kind: 'authenticate',
    user_id: sessionUserId,
    rp_id: domain,
    require_user_verification: passkey,
    user_handle: null,
    authenticator_type: null,
    user_agent: null,
    now,
    expiresAt: now + WEBAUTHN_CHALLENGE_LIFETIME_MS,
  });
  return { public_key_credential_request_options: JSON.stringify(options) };
}

/**
 * POST /webauthn/authenticate: verifies an assertion against the challenge its client data names and the stored
 * credential, and signs in (or steps up) its user. A failed verification counts against the user like a wrong
 * password (services/lockout.ts); the counter must move forward and is advanced atomically.
 */
export async function authenticate(
  deps: Deps,
  meta: RequestMeta,
  pageOrigin: string | undefined,
  input: AuthenticateInput,
): Promise<Payload<WebAuthnAuthenticateResponse>> {
  const { credential, challenge: challengeText } = input.public_key_credential;
  const durationMinutes = input.session_duration_minutes;
  const origin = requirePageOrigin(deps, pageOrigin);

  const attempt = await reserveAuthAttempt(deps, meta);
  const challenge = await useChallenge(deps, challengeText, 'authenticate');
  const registration = await findRegistrationByCredentialId(deps.db, credential.id);
  // A secondary challenge names its user: another user's credential is as unknown as a deleted one.
  if (!registration || (challenge.user_id !== null && registration.user_id !== challenge.user_id)) {
    throw Errors.webauthnRegistrationNotFound();
  }
  let reason: Message = message('signatureNotVerified');
  const wrong = (why: Message) => {
    reason = why;
    return WRONG_SECRET;
  };
  await checkUnderLock(
    deps,
    registration.user_id,
    async () => {
      if (registration.domain !== challenge.rp_id) {
        return wrong(message('credentialOfOtherRelyingParty', { domain: registration.domain, rpId: challenge.rp_id }));
      }
      if (!rpIdServesOrigin(challenge.rp_id, origin))
        return wrong(message('pageMayNotUseRelyingParty', { origin, rpId: challenge.rp_id }));
      const userHandle = credential.response.userHandle;
      if (userHandle !== undefined && userHandle !== registration.user_handle) {
        return wrong(message('userHandleNotOfCredential'));
      }
      const seen = Number(registration.counter);
      let next: number;
      try {
        const verification = await verifyAuthenticationResponse({
          response: credential,
          expectedChallenge: challengeText,
          expectedOrigin: origin,
          expectedRPID: challenge.rp_id,
          credential: {
            id: registration.credential_id,
            publicKey: new Uint8Array(Buffer.from(registration.public_key, 'base64url')),
            counter: seen,
            transports: transportsOf(registration),
          },
          requireUserVerification: challenge.require_user_verification,
        });
        if (!verification.verified) return wrong(message('signatureNotVerified'));
        next = verification.authenticationInfo.newCounter;
      } catch (error) {
        return wrong(reasonOf(error));
      }
      // Two assertions with one counter value racing: only the first moves the counter, the other is a clone's.
      if (!(await advanceCounter(deps.db, { id: registration.id, seen, next }))) {
        return wrong(message('signatureCounterNotIncreased', { counter: next }));
      }
      return next;
    },
    () => Errors.invalidWebauthnCredential(reason),
  );
  await attempt.release();
  const now = deps.config.now();
  const started = await sessionAfterAuthentication(deps, meta, {
    userId: registration.user_id,
    factor: webauthnFactor(registration, now),
    durationMinutes,
  });
  return {
    ...(await authenticatePayload(deps, started.session, started.sessionToken)),
    webauthn_registration_id: registration.id,
  };
}

/**
 * The registration id in PUT /webauthn/update/{id}: PostgreSQL text cannot hold NUL. The route checks it before the
 * body's fields.
 */
export function requireRegistrationId(registrationId: string): void {
  if (registrationId.includes('\u0000')) {
    throw Errors.invalidRequest('fieldHasNul', { field: 'webauthn_registration_id' });
  }
}

/** PUT /webauthn/update/{id} (session required): renames the user's own registration. */
export async function updateRegistration(
  deps: Deps,
  userId: string,
  registrationId: string,
  input: UpdateRegistrationInput,
): Promise<Payload<WebAuthnUpdateResponse>> {
  const { name } = input;
  const row = await renameRegistration(deps.db, { id: registrationId, userId, name });
  if (!row) throw Errors.webauthnRegistrationIdNotFound();
  return { webauthn_registration: toWireRegistration(row) };
}
