// The passkey part of the config: whether the product is on, and whether Main's form can offer passkeys in its email
// field's autofill (then no button is needed). Nothing of it goes on the wire but the session length.
import { loginTabs, type ResolvedConfig } from '../../config.ts';

export function passkeysEnabled(config: ResolvedConfig): boolean {
  return config.products.includes('passkeys');
}

/**
 * Whether Main has an email field the browser could fill with a passkey (conditional mediation). Without one (phone
 * tabs only, or social sign-in only) the passkey button is the way in, whatever the browser supports.
 */
export function formHasEmailField(config: ResolvedConfig): boolean {
  return loginTabs(config).includes('email');
}
