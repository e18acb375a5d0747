// The crypto part of the config: whether the product is on, how many social buttons share Main's 6-button limit with
// the wallet buttons, and the session length (the only part that goes on the wire). Imported by the record: tiny.
import { isOAuthProvider } from '../../../api/index.ts';
import type { ResolvedConfig } from '../../config.ts';

export function cryptoEnabled(config: ResolvedConfig): boolean {
  return config.products.includes('crypto');
}

/**
 * The social buttons Main shows (counted the way the social block lists them: known provider types, once each, when
 * `oauth` is on). Counted here rather than imported, since a product folder never imports another.
 */
export function socialButtonCount(config: ResolvedConfig): number {
  if (!config.products.includes('oauth')) return 0;
  return new Set((config.oauthOptions?.providers ?? []).map((p) => p.type).filter(isOAuthProvider)).size;
}
