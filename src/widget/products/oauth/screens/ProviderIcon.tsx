// Provider marks (decorative, aria-hidden; the button's text names the provider), drawn in `currentColor` so they
// follow the theme's secondary-button text colour. Brand paths come from simple-icons (CC0). The brands it no longer
// carries (they asked to be removed) and Coinbase (only a wordmark there, unreadable at 20 px) get Microsoft's four
// squares or a lettered badge; the letters are CSS generated content, so they never become part of the button's text
// or accessible name. Part of the oauth product's chunk: loaded only when social sign-in is configured.
import type { OAuthProvider } from '../../../../api/index.ts';
import { PARTS } from '../../../theme/parts.ts';
import { badge } from '../block.styles.ts';
import { MARKS, PATHS } from '../icons.ts';

export function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  const path = PATHS[provider];
  if (!path) return <span part={PARTS.providerIcon} css={badge} data-mark={MARKS[provider] ?? ''} aria-hidden="true" />;
  return (
    <svg part={PARTS.providerIcon} width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
