// Provider marks: the paths and letters block.view.ts draws, plain data (the badge's style is in block.styles.ts).
// Brand paths come from simple-icons (CC0); see block.view.ts for the marks drawn as badges.
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
import type { OAuthProvider } from '../../../api/index.ts';

/** The providers drawn as lettered badges, with their letters. */
export const MARKS: Partial<Record<OAuthProvider, string>> = {
  salesforce: 'S',
  slack: '#',
  amazon: 'a',
  coinbase: 'C',
  linkedin: 'in',
  yahoo: 'Y!',
};

/** 24 × 24 paths of the providers drawn as marks. */
export const PATHS: Partial<Record<OAuthProvider, string>> = {
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
