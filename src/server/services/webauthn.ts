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
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AuthenticationFactor } from '../../api/session.ts';
import {
  AUTHENTICATOR_TYPES,
  WEBAUTHN_FACTOR_DELIVERY_METHOD,
  type AuthenticatorType,
  type WebAuthnAuthenticateResponse,
  type WebAuthnAuthenticateStartResponse,
  type WebAuthnRegisterResponse,
  type WebAuthnRegisterStartResponse,
  type WebAuthnUpdateResponse,
} from '../../api/webauthn.ts';
import {
  MAX_WEBAUTHN_NAME_LENGTH,
  MAX_WEBAUTHN_USER_AGENT_LENGTH,
  MAX_WEBAUTHN_USER_HANDLE_BYTES,
  MAX_WEBAUTHN_USER_NAME_LENGTH,
  SESSION_DURATION_MINUTES_MAX,
  SESSION_DURATION_MINUTES_MIN,
  WEBAUTHN_CHALLENGE_BYTES,
  WEBAUTHN_CHALLENGE_LIFETIME_MS,
  WEBAUTHN_DEFAULT_REGISTRATION_NAME,
} from '../constants.ts';
import type { Deps } from '../context.ts';
import { Errors } from '../http/errors.ts';
import type { RequestMeta } from '../http/request-meta.ts';
import {
  isJsonObject,
  minutesInRange,
  optionalBoolean,
  optionalNumber,
  optionalString,
  requiredString,
  type JsonObject,
} from '../http/validate.ts';
import { isAllowedOrigin } from '../security/origins.ts';
import { hashToken } from '../security/tokens.ts';
import { isHostname, rpIdServesOrigin } from '../security/webauthn-relying-party.ts';
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
type AuthenticatorAttachment = 'platform' | 'cross-platform';

/** Unpadded base64url as browsers' toJSON() makes it; padding is tolerated (some recorded responses carry it). */
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
/** Control characters (C0, DEL, C1): never part of a label a person typed. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

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
 * name. A call without one did not come from a browser page, so no ceremony can be checked against it.
 */
function requirePageOrigin(deps: Deps, origin: string | undefined): string {
  if (!origin) throw Errors.invalidRequest('webauthnOriginMissing');
  if (!isAllowedOrigin(origin, webauthnOrigins(deps))) throw Errors.originNotAllowed(origin);
  return origin;
}

/** `domain`: the relying party id asked for, which must be the page's host or a parent domain of it. */
function readDomain(body: JsonObject, origin: string): string {
  const domain = requiredString(body, 'domain');
  if (!isHostname(domain)) throw Errors.invalidRequest('webauthnDomainNotHostName');
  if (!rpIdServesOrigin(domain, origin)) {
    throw Errors.invalidRequest('webauthnDomainNotOfPage', { domain, origin });
  }
  return domain;
}

// ---- Reading the credential JSON ----

interface ParsedCredential<T> {
  credential: T;
  /** The challenge the client data names (base64url): which stored challenge this response answers. */
  challenge: string;
}

function requireBase64url(value: unknown, field: string): string {
  if (typeof value !== 'string' || !BASE64URL.test(value)) {
    throw Errors.invalidRequest('credentialFieldNotBase64url', { field: `public_key_credential.${field}` });
  }
  return value;
}

/**
 * Parses `public_key_credential` (a JSON text) and checks its shape, so a malformed one is a 400 naming the member,
 * never an exception inside the verifier. The signature and contents are the verifier's to judge.
 */
function readCredential(body: JsonObject, kind: 'register'): ParsedCredential<RegistrationResponseJSON>;
function readCredential(body: JsonObject, kind: 'authenticate'): ParsedCredential<AuthenticationResponseJSON>;
function readCredential(
  body: JsonObject,
  kind: 'register' | 'authenticate',
): ParsedCredential<RegistrationResponseJSON | AuthenticationResponseJSON> {
  const text = requiredString(body, 'public_key_credential');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw Errors.invalidRequest('credentialNotJsonText');
  }
  if (!isJsonObject(parsed)) throw Errors.invalidRequest('credentialNotJsonObject');
  const id = requireBase64url(parsed['id'], 'id');
  if (id.length === 0) throw Errors.invalidRequest('fieldEmpty', { field: 'public_key_credential.id' });
  const rawId = requireBase64url(parsed['rawId'], 'rawId');
  if (parsed['type'] !== 'public-key') throw Errors.invalidRequest('credentialTypeNotPublicKey');
  const attachment = parsed['authenticatorAttachment'];
  if (attachment !== undefined && attachment !== null && typeof attachment !== 'string') {
    throw Errors.invalidRequest('credentialFieldNotString', { field: 'public_key_credential.authenticatorAttachment' });
  }
  const extensions = parsed['clientExtensionResults'] ?? {};
  if (!isJsonObject(extensions))
    throw Errors.invalidRequest('credentialFieldNotObject', { field: 'public_key_credential.clientExtensionResults' });
  const response = parsed['response'];
  if (!isJsonObject(response))
    throw Errors.invalidRequest('credentialFieldNotObject', { field: 'public_key_credential.response' });
  const clientDataJSON = requireBase64url(response['clientDataJSON'], 'response.clientDataJSON');
  const challenge = challengeOf(clientDataJSON);
  const common = {
    id,
    rawId,
    type: 'public-key' as const,
    clientExtensionResults: extensions,
    ...(typeof attachment === 'string' ? { authenticatorAttachment: attachment as AuthenticatorAttachment } : {}),
  };
  if (kind === 'register') {
    const attestationObject = requireBase64url(response['attestationObject'], 'response.attestationObject');
    const transports = response['transports'] ?? [];
    if (!Array.isArray(transports) || !transports.every((t) => typeof t === 'string')) {
      throw Errors.invalidRequest('credentialFieldNotStringArray', {
        field: 'public_key_credential.response.transports',
      });
    }
    return {
      challenge,
      credential: {
        ...common,
        response: { clientDataJSON, attestationObject, transports: transports as AuthenticatorTransportFuture[] },
      },
    };
  }
  const authenticatorData = requireBase64url(response['authenticatorData'], 'response.authenticatorData');
  const signature = requireBase64url(response['signature'], 'response.signature');
  const userHandle = response['userHandle'];
  if (userHandle !== undefined && userHandle !== null) requireBase64url(userHandle, 'response.userHandle');
  return {
    challenge,
    credential: {
      ...common,
      response: {
        clientDataJSON,
        authenticatorData,
        signature,
        ...(typeof userHandle === 'string' && userHandle !== '' ? { userHandle } : {}),
      },
    },
  };
}

/** The `challenge` member of the client data (base64url JSON). */
function challengeOf(clientDataJSON: string): string {
  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw Errors.invalidRequest('clientDataNotJson');
  }
  if (
    !isJsonObject(clientData) ||
    typeof clientData['challenge'] !== 'string' ||
    !BASE64URL.test(clientData['challenge'])
  ) {
    throw Errors.invalidRequest('clientDataHasNoChallenge');
  }
  return clientData['challenge'];
}

function readOptionalDuration(body: JsonObject): number | undefined {
  const value = optionalNumber(body, 'session_duration_minutes');
  return value === undefined
    ? undefined
    : minutesInRange(value, 'session_duration_minutes', SESSION_DURATION_MINUTES_MIN, SESSION_DURATION_MINUTES_MAX);
}

function readRequiredDuration(body: JsonObject): number {
  const value = readOptionalDuration(body);
  if (value === undefined) throw Errors.invalidRequest('fieldRequired', { field: 'session_duration_minutes' });
  return value;
}

/** Captcha and DFP are accepted and type-checked for compatibility, not used (as for passwords). */
function readProtection(body: JsonObject): void {
  for (const field of ['captcha_token', 'dfp_telemetry_id']) optionalString(body, field);
}

function readBoundedString(body: JsonObject, field: string, max: number): string | undefined {
  const value = optionalString(body, field);
  if (value !== undefined && value.length > max) throw Errors.invalidRequest('fieldTooLong', { field, max });
  return value;
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
  pageOrigin: string | undefined,
  body: JsonObject,
): Promise<Payload<WebAuthnRegisterStartResponse>> {
  const origin = requirePageOrigin(deps, pageOrigin);
  const domain = readDomain(body, origin);
  const userAgent = requiredString(body, 'user_agent');
  if (userAgent.length > MAX_WEBAUTHN_USER_AGENT_LENGTH) {
    throw Errors.invalidRequest('fieldTooLong', { field: 'user_agent', max: MAX_WEBAUTHN_USER_AGENT_LENGTH });
  }
  const authenticatorType = optionalString(body, 'authenticator_type');
  if (authenticatorType !== undefined && !(AUTHENTICATOR_TYPES as readonly string[]).includes(authenticatorType)) {
    throw Errors.invalidRequest('fieldNotOneOf', {
      field: 'authenticator_type',
      values: AUTHENTICATOR_TYPES.join(', '),
    });
  }
  const passkey = optionalBoolean(body, 'return_passkey_credential_options') ?? false;
  const overrideId = optionalString(body, 'override_id');
  const overrideName = readBoundedString(body, 'override_name', MAX_WEBAUTHN_USER_NAME_LENGTH);
  const overrideDisplayName = readBoundedString(body, 'override_display_name', MAX_WEBAUTHN_USER_NAME_LENGTH);
  // Binary members are always base64url (the only encoding the client and the browser's JSON forms use).
  optionalBoolean(body, 'use_base64_url_encoding');

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
      ...(authenticatorType ? { authenticatorAttachment: authenticatorType as AuthenticatorType } : {}),
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
  body: JsonObject,
): Promise<Payload<WebAuthnRegisterResponse>> {
  const { credential, challenge: challengeText } = readCredential(body, 'register');
  const durationMinutes = readOptionalDuration(body);
  const origin = requirePageOrigin(deps, pageOrigin);

  const challenge = await useChallenge(deps, challengeText, 'register');
  // Another user's challenge (it would have to be stolen) is as unknown as a used one.
  if (challenge.user_id !== session.userId) throw Errors.webauthnChallengeNotFound();
  if (!rpIdServesOrigin(challenge.rp_id, origin)) {
    throw Errors.invalidWebauthnCredential(message('pageMayNotUseRelyingParty', { origin, rpId: challenge.rp_id }));
  }
  let info;
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
  pageOrigin: string | undefined,
  body: JsonObject,
): Promise<Payload<WebAuthnAuthenticateStartResponse>> {
  const origin = requirePageOrigin(deps, pageOrigin);
  const domain = readDomain(body, origin);
  const passkey = optionalBoolean(body, 'return_passkey_credential_options') ?? false;
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
  body: JsonObject,
): Promise<Payload<WebAuthnAuthenticateResponse>> {
  const { credential, challenge: challengeText } = readCredential(body, 'authenticate');
  const durationMinutes = readRequiredDuration(body);
  readProtection(body);
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

/** PUT /webauthn/update/{id} (session required): renames the user's own registration. */
export async function updateRegistration(
  deps: Deps,
  userId: string,
  registrationId: string,
  body: JsonObject,
): Promise<Payload<WebAuthnUpdateResponse>> {
  if (registrationId.includes('\u0000'))
    throw Errors.invalidRequest('fieldHasNul', { field: 'webauthn_registration_id' });
  const name = requiredString(body, 'name').trim();
  if (name.length === 0) throw Errors.invalidRequest('fieldEmpty', { field: 'name' });
  if (name.length > MAX_WEBAUTHN_NAME_LENGTH)
    throw Errors.invalidRequest('fieldTooLong', { field: 'name', max: MAX_WEBAUTHN_NAME_LENGTH });
  if (CONTROL_CHARACTERS.test(name)) throw Errors.invalidRequest('fieldHasControlCharacters', { field: 'name' });
  const row = await renameRegistration(deps.db, { id: registrationId, userId, name });
  if (!row) throw Errors.webauthnRegistrationIdNotFound();
  return { webauthn_registration: toWireRegistration(row) };
}
