// The passkey product's calls, over the client's public API (client.webauthn, client.user), and how their failures
// read (spec section 8).
import { fromPromise } from 'xstate';
import type { User, WebAuthnRegistration } from '../../../api/index.ts';
import type { AuthClient, WebAuthnApi } from '../../../client/types.ts';
import { WEBAUTHN_INVALID_STATE, WEBAUTHN_NOT_ALLOWED } from './constants.ts';
import { createTranslator, type MessageKey } from '../../i18n/index.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import { toErrorDescriptor } from '../kit.ts';
import './strings.ts';

type Registered = Awaited<ReturnType<WebAuthnApi['register']>>;
type SignedIn = NonNullable<Awaited<ReturnType<WebAuthnApi['authenticate']>>>;
export type PasskeySignIn = SignedIn;

/** The service's error type for a credential the user has already registered (wire contract 3.8). */
const DUPLICATE_REGISTRATION = 'duplicate_webauthn_registration';

/** The name of a browser ceremony's DOMException, also when the client wrapped it (as its `cause`). */
export function ceremonyErrorName(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string' && name.endsWith('Error') && name !== 'Error' && name !== 'APIError') return name;
  }
  return undefined;
}

/** A passkey message of the catalogue, with its English text as the message the error handler gets. */
function passkeyError(messageKey: MessageKey, cause: ErrorDescriptor): ErrorDescriptor {
  return {
    messageKey,
    message: createTranslator()(messageKey),
    ...(cause.errorType ? { errorType: cause.errorType } : {}),
  };
}

/**
 * A failed sign-in: the service's catalogue message when it gave an error type (a deleted passkey:
 * webauthn_registration_not_found), else the browser's ceremony failed (cancelled, timed out, no passkey): the
 * spec's 'Unknown error occurred during passkey authentication…'.
 */
export function authenticateError(error: unknown): ErrorDescriptor {
  const described = toErrorDescriptor(error);
  if (described.errorType)
    return described.messageKey ? { ...described, message: createTranslator()(described.messageKey) } : described;
  return passkeyError('passkey.unknownError', described);
}

/**
 * A failed registration: the authenticator already holds a credential for this user (the browser's InvalidStateError,
 * or the service's duplicate_webauthn_registration) reads 'The Passkey cannot be created as it seems to be already
 * registered…'; anything else 'Your Passkey was not created…'.
 */
export function registerError(error: unknown): ErrorDescriptor {
  const described = toErrorDescriptor(error);
  const duplicate =
    ceremonyErrorName(error) === WEBAUTHN_INVALID_STATE || described.errorType === DUPLICATE_REGISTRATION;
  return passkeyError(duplicate ? 'passkey.duplicate' : 'passkey.notCreated', described);
}

/** Whether an autofill sign-in ended because the visitor declined (or the browser refused): it is not tried again. */
export function isNotAllowed(error: unknown): boolean {
  return ceremonyErrorName(error) === WEBAUTHN_NOT_ALLOWED;
}

/** A failed rename or delete: the catalogue message for the service's error type, else its message. */
export function rowError(error: unknown): ErrorDescriptor {
  return toErrorDescriptor(error);
}

export const browserSupportsAutofill = fromPromise<boolean, { client: AuthClient }>(({ input }) =>
  input.client.webauthn.browserSupportsAutofill(),
);

/**
 * Sign-in with a passkey. With `conditional` the browser offers the passkeys in the email field's suggestions and the
 * promise settles only when the visitor picks one; the actor's signal aborts the ceremony when it is stopped.
 */
export const authenticatePasskey = fromPromise<
  SignedIn | null,
  { client: AuthClient; sessionDurationMinutes: number; conditional: boolean }
>(({ input, signal }) =>
  input.client.webauthn.authenticate({
    is_passkey: true,
    session_duration_minutes: input.sessionDurationMinutes,
    ...(input.conditional ? { conditional_mediation: true } : {}),
    signal,
  }),
);

export const registerPasskey = fromPromise<Registered, { client: AuthClient; sessionDurationMinutes: number }>(
  ({ input }) =>
    input.client.webauthn.register({ is_passkey: true, session_duration_minutes: input.sessionDurationMinutes }),
);

/** The signed-in user (users/me), or null when nobody is signed in. */
export const loadUser = fromPromise<User | null, { client: AuthClient }>(async ({ input }) => {
  if (!input.client.session.getSync()) return null;
  // The client already holds the signed-in user (a page's portal opens this right after a sign-in): no request, so
  // none can reach the service after the visitor has signed out meanwhile.
  return input.client.user.getSync() ?? input.client.user.get();
});

/** The user's passkeys, fresh from users/me. */
export const loadRegistrations = fromPromise<WebAuthnRegistration[], { client: AuthClient }>(
  async ({ input }) => (await input.client.user.get()).webauthn_registrations,
);

export const renamePasskey = fromPromise<WebAuthnRegistration, { client: AuthClient; id: string; name: string }>(
  async ({ input }) =>
    (await input.client.webauthn.update({ webauthn_registration_id: input.id, name: input.name }))
      .webauthn_registration,
);

export const deletePasskey = fromPromise<unknown, { client: AuthClient; id: string }>(({ input }) =>
  input.client.user.deleteWebauthnRegistration(input.id),
);
