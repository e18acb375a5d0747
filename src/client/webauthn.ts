// webauthn.* of the public API (wire contract 3.8). Only the autofill-support check lives here (the widget asks it
// before Main paints its passkey button); the calls and the browser ceremony are a lazy chunk (webauthn-calls.ts),
// imported when a passkey path starts, so the widget's entry does not carry them.
import type { Http } from './http.ts';
import { deferred } from './lazy.ts';
import type { SessionStore } from './session.ts';
import type { WebAuthnApi } from './types.ts';

/** Conditional mediation (autofill) is available: WebAuthn Level 3's `isConditionalMediationAvailable`. */
export async function browserSupportsAutofill(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined') return false;
  return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
}

export function createWebAuthnApi(http: Http, store: SessionStore): WebAuthnApi {
  return {
    browserSupportsAutofill,
    ...deferred(() => import('./webauthn-calls.ts'), ['register', 'authenticate', 'update'], { http, store }),
  };
}
