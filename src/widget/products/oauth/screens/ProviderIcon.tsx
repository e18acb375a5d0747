// Provider marks (decorative, aria-hidden; the button's text names the provider), drawn in `currentColor` so they
// follow the theme's secondary-button text colour. Brand paths come from simple-icons (CC0). The brands it no longer
// carries (they asked to be removed) and Coinbase (only a wordmark there, unreadable at 20 px) get Microsoft's four
// squares or a lettered badge; the letters are CSS generated content, so they never become part of the button's text
// or accessible name. Part of the oauth product's chunk: loaded only when social sign-in is configured.
import { css } from '@emotion/react';
import {
  siApple,
  siBitbucket,
  siDiscord,
  siFacebook,
  siFigma,
  siGithub,
  siGitlab,
  siGoogle,
  siSnapchat,
  siTiktok,
  siTwitch,
  siX,
} from 'simple-icons';
import type { OAuthProvider } from '../../../../api/index.ts';
import { PARTS } from '../../../theme/parts.ts';

/** The providers drawn as lettered badges, with their letters. */
const MARKS: Partial<Record<OAuthProvider, string>> = {
  salesforce: 'S',
  slack: '#',
  amazon: 'a',
  coinbase: 'C',
  linkedin: 'in',
  yahoo: 'Y!',
};

/** 24 × 24 paths of the providers drawn as marks. */
const PATHS: Partial<Record<OAuthProvider, string>> = {
  google: siGoogle.path,
  apple: siApple.path,
  github: siGithub.path,
  gitlab: siGitlab.path,
  facebook: siFacebook.path,
  discord: siDiscord.path,
  bitbucket: siBitbucket.path,
  twitch: siTwitch.path,
  twitter: siX.path,
  tiktok: siTiktok.path,
  snapchat: siSnapchat.path,
  figma: siFigma.path,
  microsoft: 'M3 3h8.5v8.5H3zM12.5 3H21v8.5h-8.5zM3 12.5h8.5V21H3zM12.5 12.5H21V21h-8.5z',
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
  if (!path) return <span part={PARTS.providerIcon} css={badge} data-mark={MARKS[provider] ?? ''} aria-hidden="true" />;
  return (
    <svg part={PARTS.providerIcon} width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
