// Compact monochrome provider marks (decorative, aria-hidden; the button's text names the provider). They draw in
// `currentColor`, so they follow the theme's secondary-button text colour. Loaded with the social block only.
// Lettered marks are CSS generated content, so they never become part of the button's text or accessible name.
import { css } from '@emotion/react';
import type { OAuthProvider } from '../../api/index.ts';
import { PARTS } from '../theme/parts.ts';

/** The letters of each mark (not user-visible text: the SVG is hidden from assistive technology). */
const MARKS: Record<OAuthProvider, string> = {
  google: 'G',
  apple: '',
  microsoft: '',
  github: 'GH',
  gitlab: 'GL',
  facebook: 'f',
  discord: 'D',
  salesforce: 'S',
  slack: '#',
  amazon: 'a',
  bitbucket: 'B',
  linkedin: 'in',
  coinbase: 'C',
  twitch: 'T',
  twitter: 'X',
  tiktok: '♪',
  snapchat: 'S',
  figma: 'F',
  yahoo: 'Y!',
};

/** Two marks are drawn rather than lettered: Microsoft's four squares and Apple's apple. */
const PATHS: Partial<Record<OAuthProvider, string>> = {
  microsoft: 'M3 3h8.5v8.5H3zM12.5 3H21v8.5h-8.5zM3 12.5h8.5V21H3zM12.5 12.5H21V21h-8.5z',
  apple:
    'M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.8-.8-3-.8C7 7.4 5.6 8.3 4.8 9.7c-1.6 2.8-.4 6.9 1.1 9.2.8 1.1 1.7 2.3 2.9 2.3s1.6-.7 3-.7 1.8.7 3 .7 2-1.1 2.7-2.2c.9-1.3 1.2-2.5 1.2-2.6 0 0-2.3-.9-2.3-3.8zM14.2 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.6 1.4-.6.6-1.1 1.7-1 2.7 1 .1 2-.5 2.6-1.3z',
};

const badge = css`
  box-sizing: border-box;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 20px;
  height: 20px;
  border: 2px solid currentColor;
  border-radius: 5px;
  font-size: 11px;
  font-weight: 700;
  line-height: 1;
  &::before {
    content: attr(data-mark);
  }
`;

export function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  const path = PATHS[provider];
  if (!path) return <span part={PARTS.providerIcon} css={badge} data-mark={MARKS[provider]} aria-hidden="true" />;
  return (
    <svg part={PARTS.providerIcon} width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
