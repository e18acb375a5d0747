// The browser side of a WebAuthn ceremony, loaded only when a passkey path starts (webauthn.ts imports it on demand).
// The service's options arrive as JSON texts with binary members in unpadded base64url, and the credential goes back
// the same way (wire contract 3.8). Browsers that can parse and serialise that JSON themselves
// (PublicKeyCredential.parseCreationOptionsFromJSON / parseRequestOptionsFromJSON, credential.toJSON()) need nothing
// more; others load @simplewebauthn/browser from its own chunk (webauthn-fallback.ts).

type Json = Record<string, unknown>;

/** The JSON helpers of WebAuthn Level 3, declared here because not every TypeScript DOM library has them yet. */
interface PublicKeyCredentialJsonStatics {
  parseCreationOptionsFromJSON?(options: Json): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON?(options: Json): PublicKeyCredentialRequestOptions;
}

/** Only these members are passed to the browser, as @github/webauthn-json (the provider SDK's helper) keeps. */
const pick = (value: unknown, keys: readonly string[]): Json | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const source = value as Json;
  const out: Json = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
};
const DESCRIPTOR_KEYS = ['type', 'id', 'transports'] as const;
const descriptors = (value: unknown) => (Array.isArray(value) ? value.map((d) => pick(d, DESCRIPTOR_KEYS)) : undefined);

function creationOptions(text: string): Json {
  const all = JSON.parse(text) as Json;
  return {
    ...pick(all, ['rp', 'challenge', 'pubKeyCredParams', 'timeout', 'authenticatorSelection', 'attestation']),
    user: pick(all.user, ['id', 'name', 'displayName']),
    ...(all.excludeCredentials ? { excludeCredentials: descriptors(all.excludeCredentials) } : {}),
    ...(all.extensions ? { extensions: pick(all.extensions, ['appid', 'appidExclude', 'credProps']) } : {}),
  };
}

function requestOptions(text: string): Json {
  const all = JSON.parse(text) as Json;
  return {
    ...pick(all, ['challenge', 'timeout', 'rpId', 'userVerification', 'extensions']),
    ...(all.allowCredentials ? { allowCredentials: descriptors(all.allowCredentials) } : {}),
  };
}

/** The members of a registration credential the wire contract sends (3.8), whichever helper produced it. */
function registrationJson(credential: Json): string {
  const response = credential.response as Json;
  return JSON.stringify({
    ...pick(credential, ['type', 'id', 'rawId', 'authenticatorAttachment', 'clientExtensionResults']),
    response: pick(response, ['clientDataJSON', 'attestationObject', 'transports']),
  });
}

/** The members of an assertion the wire contract sends (3.8); a missing user handle is null. */
function assertionJson(credential: Json): string {
  const response = credential.response as Json;
  return JSON.stringify({
    ...pick(credential, ['type', 'id', 'rawId', 'authenticatorAttachment', 'clientExtensionResults']),
    response: {
      ...pick(response, ['clientDataJSON', 'authenticatorData', 'signature']),
      userHandle: response.userHandle ?? null,
    },
  });
}

const statics = () =>
  typeof PublicKeyCredential === 'undefined' ? {} : (PublicKeyCredential as unknown as PublicKeyCredentialJsonStatics);
const hasToJson = () =>
  typeof PublicKeyCredential !== 'undefined' && typeof PublicKeyCredential.prototype.toJSON === 'function';

/** Creates a credential from the creation options' JSON text; resolves the credential's JSON text. */
export async function createCredential(optionsText: string): Promise<string> {
  const options = creationOptions(optionsText);
  const { parseCreationOptionsFromJSON } = statics();
  if (!parseCreationOptionsFromJSON || !hasToJson()) {
    return registrationJson(await (await import('./webauthn-fallback.ts')).register(options));
  }
  const credential = (await navigator.credentials.create({
    publicKey: parseCreationOptionsFromJSON(options),
  })) as PublicKeyCredential;
  return registrationJson(credential.toJSON() as Json);
}

/**
 * Gets an assertion for the request options' JSON text; resolves its JSON text. An abort or a refusal rejects with
 * the browser's own DOMException (AbortError, NotAllowedError), whose `name` callers read.
 */
export async function getCredential(
  optionsText: string,
  how: { conditional: boolean; signal?: AbortSignal | undefined },
): Promise<string> {
  const options = requestOptions(optionsText);
  const { parseRequestOptionsFromJSON } = statics();
  if (!parseRequestOptionsFromJSON || !hasToJson()) {
    return assertionJson(await (await import('./webauthn-fallback.ts')).authenticate(options, how));
  }
  const credential = (await navigator.credentials.get({
    publicKey: parseRequestOptionsFromJSON(options),
    ...(how.conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}),
    ...(how.signal ? { signal: how.signal } : {}),
  })) as PublicKeyCredential;
  return assertionJson(credential.toJSON() as Json);
}
