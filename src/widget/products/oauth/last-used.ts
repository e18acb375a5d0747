// The social provider last used on this device (wire contract 5): Main lists it first with a 'Last used' label.
// The client's public API is getting this (`client.oauth.lastUsedProvider()`, with `oauth.<provider>.start`
// remembering the provider itself); until it lands, these two are the product's only reach into the client's modules,
// so switching is a change here alone.
import { readLastUsedOAuth, writeLastUsedOAuth } from '../../../client/oauth.ts';
import type { AuthClient } from '../../../client/types.ts';

/** The provider last used on this device, or null. */
export function lastUsedProvider(client: AuthClient): string | null {
  return readLastUsedOAuth(client.publicToken);
}

/** Remembers `provider` as this device's last used one (after its flow started). */
export function rememberProvider(client: AuthClient, provider: string): void {
  writeLastUsedOAuth(client.publicToken, provider);
}
