// The MFA part of the config, in the hosted provider's organization config's names: which second factors the screens
// offer for enrollment, and in which order. An organization's own restriction wins over both.
import type { MfaMethod } from './methods.ts';

/** What a page may set for MFA (the element's `config`, in an organization sign-in). */
export interface MfaConfig {
  /** The order the factors are offered in when the member picks one to enroll (default: authenticator app first). */
  mfaProductOrder?: readonly MfaMethod[];
  /** Only these factors are offered for enrollment (default: every factor the organization allows). */
  mfaProductInclude?: readonly MfaMethod[];
}

/** The same after defaults: present when the page gives one. */
export interface ResolvedMfaConfig {
  mfa?: { productOrder?: MfaMethod[]; productInclude?: MfaMethod[] };
}
