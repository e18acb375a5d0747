// The social providers (wire contract 3.6), apart from the rest of the OAuth wire facts (oauth.ts): the headless
// client names one start method per provider and the widget's config keeps the page's known providers as soon as the
// entry file runs, while the start URL, the authenticate call and Google One Tap are needed only once a flow starts.

/** Every social provider the spec names, by its wire name (the `{provider}` of the start URL). */
export const OAUTH_PROVIDERS = [
  'google',
  'apple',
  'microsoft',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}
