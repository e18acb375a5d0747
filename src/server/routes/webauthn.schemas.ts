// The WebAuthn bodies. `public_key_credential` is a JSON text inside the body: it is parsed and its shape checked
// here, so a malformed one is a 400 naming the member, never an exception inside the verifier; the signature and
// contents are the verifier's to judge (services/webauthn.ts).
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import * as v from 'valibot';
import { AUTHENTICATOR_TYPES, type AuthenticatorType } from '../../api/webauthn.ts';
import {
  MAX_WEBAUTHN_NAME_LENGTH,
  MAX_WEBAUTHN_USER_AGENT_LENGTH,
  MAX_WEBAUTHN_USER_NAME_LENGTH,
} from '../constants/webauthn.ts';
import { Errors } from '../http/errors.ts';
import {
  body,
  optionalBoolean,
  optionalSessionDuration,
  optionalString,
  protectionFields,
  refine,
  requiredString,
  sessionDuration,
} from '../http/fields.ts';
import { isJsonObject } from '../http/validate.ts';
import { isHostname, rpIdServesOrigin } from '../security/webauthn-relying-party.ts';

type AuthenticatorAttachment = 'platform' | 'cross-platform';

/** Unpadded base64url as browsers' toJSON() makes it; padding is tolerated (some recorded responses carry it). */
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
/** Control characters (C0, DEL, C1): never part of a label a person typed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: on purpose, so that names holding them are refused.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** `domain`: the relying party id asked for, which must be the calling page's host or a parent domain of it. */
function relyingPartyId(origin: string) {
  return v.pipe(
    requiredString(),
    refine((domain: string) => {
      if (!isHostname(domain)) throw Errors.invalidRequest('webauthnDomainNotHostName');
      if (!rpIdServesOrigin(domain, origin)) throw Errors.invalidRequest('webauthnDomainNotOfPage', { domain, origin });
      return domain;
    }),
  );
}

function optionalBounded(field: string, max: number) {
  return v.pipe(
    optionalString(),
    refine((value: string | undefined) => {
      if (value !== undefined && value.length > max) throw Errors.invalidRequest('fieldTooLong', { field, max });
      return value;
    }),
  );
}

/**
 * POST /webauthn/register/start, for a page whose origin the route has already checked (the Origin header is
 * checked before the body's fields).
 */
export function registerStartBody(origin: string) {
  return body({
    domain: relyingPartyId(origin),
    user_agent: v.pipe(
      requiredString(),
      refine((userAgent: string) => {
        if (userAgent.length > MAX_WEBAUTHN_USER_AGENT_LENGTH) {
          throw Errors.invalidRequest('fieldTooLong', { field: 'user_agent', max: MAX_WEBAUTHN_USER_AGENT_LENGTH });
        }
        return userAgent;
      }),
    ),
    authenticator_type: v.pipe(
      optionalString(),
      refine((type: string | undefined) => {
        if (type !== undefined && !(AUTHENTICATOR_TYPES as readonly string[]).includes(type)) {
          throw Errors.invalidRequest('fieldNotOneOf', {
            field: 'authenticator_type',
            values: AUTHENTICATOR_TYPES.join(', '),
          });
        }
        return type as AuthenticatorType | undefined;
      }),
    ),
    return_passkey_credential_options: optionalBoolean(),
    override_id: optionalString(),
    override_name: optionalBounded('override_name', MAX_WEBAUTHN_USER_NAME_LENGTH),
    override_display_name: optionalBounded('override_display_name', MAX_WEBAUTHN_USER_NAME_LENGTH),
    // Binary members are always base64url (the only encoding the client and the browser's JSON forms use).
    use_base64_url_encoding: optionalBoolean(),
  });
}
export type RegisterStartInput = v.InferOutput<ReturnType<typeof registerStartBody>>;

/** POST /webauthn/authenticate/start/primary and /secondary, for a page whose origin the route has checked. */
export function authenticateStartBody(origin: string) {
  return body({
    domain: relyingPartyId(origin),
    return_passkey_credential_options: optionalBoolean(),
  });
}
export type AuthenticateStartInput = v.InferOutput<ReturnType<typeof authenticateStartBody>>;

// ---- The credential JSON ----

export interface ParsedCredential<T> {
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

/** The `challenge` member of the client data (base64url JSON). */
function challengeOf(clientDataJSON: string): string {
  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw Errors.invalidRequest('clientDataNotJson');
  }
  if (!isJsonObject(clientData) || typeof clientData.challenge !== 'string' || !BASE64URL.test(clientData.challenge)) {
    throw Errors.invalidRequest('clientDataHasNoChallenge');
  }
  return clientData.challenge;
}

function readCredential(text: string, kind: 'register'): ParsedCredential<RegistrationResponseJSON>;
function readCredential(text: string, kind: 'authenticate'): ParsedCredential<AuthenticationResponseJSON>;
function readCredential(
  text: string,
  kind: 'register' | 'authenticate',
): ParsedCredential<RegistrationResponseJSON | AuthenticationResponseJSON> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw Errors.invalidRequest('credentialNotJsonText');
  }
  if (!isJsonObject(parsed)) throw Errors.invalidRequest('credentialNotJsonObject');
  const id = requireBase64url(parsed.id, 'id');
  if (id.length === 0) throw Errors.invalidRequest('fieldEmpty', { field: 'public_key_credential.id' });
  const rawId = requireBase64url(parsed.rawId, 'rawId');
  if (parsed.type !== 'public-key') throw Errors.invalidRequest('credentialTypeNotPublicKey');
  const attachment = parsed.authenticatorAttachment;
  if (attachment !== undefined && attachment !== null && typeof attachment !== 'string') {
    throw Errors.invalidRequest('credentialFieldNotString', { field: 'public_key_credential.authenticatorAttachment' });
  }
  const extensions = parsed.clientExtensionResults ?? {};
  if (!isJsonObject(extensions))
    throw Errors.invalidRequest('credentialFieldNotObject', { field: 'public_key_credential.clientExtensionResults' });
  const response = parsed.response;
  if (!isJsonObject(response))
    throw Errors.invalidRequest('credentialFieldNotObject', { field: 'public_key_credential.response' });
  const clientDataJSON = requireBase64url(response.clientDataJSON, 'response.clientDataJSON');
  const challenge = challengeOf(clientDataJSON);
  const common = {
    id,
    rawId,
    type: 'public-key' as const,
    clientExtensionResults: extensions,
    ...(typeof attachment === 'string' ? { authenticatorAttachment: attachment as AuthenticatorAttachment } : {}),
  };
  if (kind === 'register') {
    const attestationObject = requireBase64url(response.attestationObject, 'response.attestationObject');
    const transports = response.transports ?? [];
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
  const authenticatorData = requireBase64url(response.authenticatorData, 'response.authenticatorData');
  const signature = requireBase64url(response.signature, 'response.signature');
  const userHandle = response.userHandle;
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

/**
 * POST /webauthn/register. The page's origin is checked by the service after these fields, where it always was: the
 * challenge it is compared with is named inside the credential.
 */
export const registerBody = body({
  public_key_credential: v.pipe(
    requiredString(),
    refine((text: string) => readCredential(text, 'register')),
  ),
  session_duration_minutes: optionalSessionDuration(),
});
export type RegisterInput = v.InferOutput<typeof registerBody>;

/** POST /webauthn/authenticate. As for register, the page's origin is checked by the service after these fields. */
export const authenticateBody = body({
  public_key_credential: v.pipe(
    requiredString(),
    refine((text: string) => readCredential(text, 'authenticate')),
  ),
  session_duration_minutes: sessionDuration(),
  ...protectionFields(),
});
export type AuthenticateInput = v.InferOutput<typeof authenticateBody>;

/** PUT /webauthn/update/:id: the new name, trimmed. */
export const updateRegistrationBody = body({
  name: v.pipe(
    requiredString(),
    refine((raw: string) => {
      const name = raw.trim();
      if (name.length === 0) throw Errors.invalidRequest('fieldEmpty', { field: 'name' });
      if (name.length > MAX_WEBAUTHN_NAME_LENGTH) {
        throw Errors.invalidRequest('fieldTooLong', { field: 'name', max: MAX_WEBAUTHN_NAME_LENGTH });
      }
      if (CONTROL_CHARACTERS.test(name)) throw Errors.invalidRequest('fieldHasControlCharacters', { field: 'name' });
      return name;
    }),
  ),
});
export type UpdateRegistrationInput = v.InferOutput<typeof updateRegistrationBody>;
