// A virtual authenticator for the browser tests, driven through Chrome's CDP WebAuthn domain by the
// `webauthn-*` server commands of test/web-test-runner.config.mjs (they act on the page of the test that calls them).
import { executeServerCommand } from '@web/test-runner-commands';

/** CDP's VirtualAuthenticatorOptions; anything left out takes the config's defaults (ctap2, internal, resident keys,
 * user verification that succeeds, automatic presence). */
export interface VirtualAuthenticatorOptions {
  protocol?: 'ctap2' | 'u2f';
  transport?: 'internal' | 'usb' | 'nfc' | 'ble' | 'cable';
  hasResidentKey?: boolean;
  hasUserVerification?: boolean;
  isUserVerified?: boolean;
  automaticPresenceSimulation?: boolean;
}

/** A credential as CDP's WebAuthn.getCredentials reports it (ids and handles are base64). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** Adds a virtual authenticator to this page; returns its id. */
export async function addVirtualAuthenticator(options: VirtualAuthenticatorOptions = {}): Promise<string> {
  return (await executeServerCommand('webauthn-add-authenticator', options)) as string;
}

export async function removeVirtualAuthenticator(authenticatorId: string): Promise<void> {
  await executeServerCommand('webauthn-remove-authenticator', { authenticatorId });
}

/** The credentials an authenticator holds. */
export async function credentialsOf(authenticatorId: string): Promise<VirtualCredential[]> {
  return (await executeServerCommand('webauthn-credentials', { authenticatorId })) as VirtualCredential[];
}

/** Whether the authenticator's next user verification succeeds (false: the ceremony ends in NotAllowedError). */
export async function setUserVerified(authenticatorId: string, isUserVerified: boolean): Promise<void> {
  await executeServerCommand('webauthn-set-user-verified', { authenticatorId, isUserVerified });
}

/** Whether the authenticator answers user-presence checks by itself. */
export async function setAutomaticPresenceSimulation(authenticatorId: string, enabled: boolean): Promise<void> {
  await executeServerCommand('webauthn-set-presence', { authenticatorId, enabled });
}

export async function clearCredentials(authenticatorId: string): Promise<void> {
  await executeServerCommand('webauthn-clear-credentials', { authenticatorId });
}

/** Removes one credential (id as credentialsOf reports it, base64). */
export async function removeCredential(authenticatorId: string, credentialId: string): Promise<void> {
  await executeServerCommand('webauthn-remove-credential', { authenticatorId, credentialId });
}

/** The base64url form the WebAuthn JSON (and the service) uses for an id CDP reports in base64. */
export function base64ToBase64url(value: string): string {
  return value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
