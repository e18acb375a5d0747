// webauthn.register / authenticate / update (wire contract 3.8, client spec 5 and 7), loaded by webauthn.ts only when a
// passkey path starts, together with the browser ceremony (webauthn-ceremony.ts), so that pages that never use passkeys
// (and the widget's first paint) carry none of it.
import type {
  WebAuthnAuthenticateRequest,
  WebAuthnAuthenticateResponse,
  WebAuthnAuthenticateStartRequest,
  WebAuthnAuthenticateStartResponse,
  WebAuthnRegisterRequest,
  WebAuthnRegisterResponse,
  WebAuthnRegisterStartRequest,
  WebAuthnRegisterStartResponse,
  WebAuthnUpdateRequest,
  WebAuthnUpdateResponse,
} from '../api/index.ts';
import { WEBAUTHN_PATHS } from '../api/webauthn.ts';
import {
  MSG_WEBAUTHN_AUTOFILL_NO_INPUT,
  MSG_WEBAUTHN_AUTOFILL_UNSUPPORTED,
  WEBAUTHN_AUTOFILL_INPUT_SELECTOR,
} from './constants/webauthn.ts';
import { validate } from './schema.ts';
import { withoutUser } from './sessions.ts';
import type { CallContext } from './lazy.ts';
import type { WebAuthnAuthenticateOptions, WebAuthnRegisterOptions } from './types.ts';
import { browserSupportsAutofill } from './webauthn.ts';
import { createCredential, getCredential } from './webauthn-ceremony.ts';

/**
 * Whether `root` or any open shadow root below it holds an input offering passkeys. The widget's email field lives in
 * its element's shadow root, where `document.querySelector` cannot see it.
 */
function hasAutofillInput(root: Document | ShadowRoot): boolean {
  if (root.querySelector(WEBAUTHN_AUTOFILL_INPUT_SELECTOR)) return true;
  for (const element of root.querySelectorAll('*')) {
    if (element.shadowRoot && hasAutofillInput(element.shadowRoot)) return true;
  }
  return false;
}

export async function register({ http, store }: CallContext, options: WebAuthnRegisterOptions = {}) {
  const start: WebAuthnRegisterStartRequest = {
    domain: options.domain ?? location.hostname,
    user_agent: navigator.userAgent,
    authenticator_type: options.authenticator_type,
    return_passkey_credential_options: options.is_passkey,
    override_id: options.override_id,
    override_name: options.override_name,
    override_display_name: options.override_display_name,
    // The ceremony below decodes the options' binary members as base64url, so it asks for that encoding.
    use_base64_url_encoding: true,
  };
  const { public_key_credential_creation_options } = await http.request<WebAuthnRegisterStartResponse>(
    'POST',
    WEBAUTHN_PATHS.registerStart,
    { ...start },
  );
  const body: WebAuthnRegisterRequest = {
    public_key_credential: await createCredential(public_key_credential_creation_options),
    session_duration_minutes: options.session_duration_minutes,
  };
  const response = await http.request<WebAuthnRegisterResponse>('POST', WEBAUTHN_PATHS.register, { ...body });
  store.applyAuthResponse(response);
  return withoutUser(response);
}

export async function authenticate({ http, store }: CallContext, options: WebAuthnAuthenticateOptions) {
  // No client-side field checks here: the spec's table requires fields of WebAuthn update only; the service
  // answers a missing session_duration_minutes with its own 400.
  const { signal } = options;
  if (options.conditional_mediation) {
    const supported = await browserSupportsAutofill();
    // Aborted while the check ran (the form it was for went away): nothing to report.
    signal?.throwIfAborted();
    if (!supported) {
      console.error(MSG_WEBAUTHN_AUTOFILL_UNSUPPORTED);
      return null;
    }
    if (!hasAutofillInput(document)) {
      console.error(MSG_WEBAUTHN_AUTOFILL_NO_INPUT);
      return null;
    }
  }
  // An abort before the ceremony rejects the same way as one during it, and sends nothing more.
  signal?.throwIfAborted();
  const start: WebAuthnAuthenticateStartRequest = {
    domain: options.domain ?? location.hostname,
    return_passkey_credential_options: options.is_passkey,
  };
  // Like the provider's SDK (and otps.send, crypto wallets): with a session in local state this is a second factor
  // for that user (`secondary`, whose allow list names the user's credentials, so a non-discoverable one works);
  // without one a sign-in (`primary`, where only a passkey can say whose it is).
  const startPath = store.getSession()
    ? WEBAUTHN_PATHS.authenticateStartSecondary
    : WEBAUTHN_PATHS.authenticateStartPrimary;
  const { public_key_credential_request_options } = await http.request<WebAuthnAuthenticateStartResponse>(
    'POST',
    startPath,
    {
      ...start,
    },
  );
  signal?.throwIfAborted();
  const body: WebAuthnAuthenticateRequest = {
    public_key_credential: await getCredential(public_key_credential_request_options, {
      conditional: options.conditional_mediation === true,
      signal,
    }),
    session_duration_minutes: options.session_duration_minutes,
  };
  const response = await http.request<WebAuthnAuthenticateResponse>(
    'POST',
    WEBAUTHN_PATHS.authenticate,
    { ...body },
    {
      retriable: true,
    },
  );
  store.applyAuthResponse(response);
  return withoutUser(response);
}

export async function update({ http }: CallContext, options: { webauthn_registration_id: string; name: string }) {
  validate({ ...options }, { webauthn_registration_id: 'string', name: 'string' });
  const body: WebAuthnUpdateRequest = { name: options.name };
  return http.request<WebAuthnUpdateResponse>(
    'PUT',
    `${WEBAUTHN_PATHS.update}/${encodeURIComponent(options.webauthn_registration_id)}`,
    { ...body },
  );
}
