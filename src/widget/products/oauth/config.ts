// The social part of the config: which providers Main offers. Imported by the record (index.ts), so it stays tiny.
import { isOAuthProvider } from '../../../api/index.ts';
import type { OAuthProviderConfig, ResolvedConfig } from '../../config.ts';

/** The social providers Main offers: those of `oauthOptions` with a known type, once each, when `oauth` is enabled. */
export function oauthProviders(config: ResolvedConfig): OAuthProviderConfig[] {
  if (!config.products.includes('oauth')) return [];
  const seen = new Set<string>();
  return (config.oauthOptions?.providers ?? []).filter(
    (p) => isOAuthProvider(p.type) && !seen.has(p.type) && seen.add(p.type),
  );
}
