// Strings of Main's social block and of Google One Tap, English. Registered with the translator's defaults when the
// product's chunk loads, before its block renders or One Tap reports an error; i18n/lazy.ts lists this table's type so
// every key is in `strings`.
import { registerDefaults } from '../../i18n/index.ts';
import '../../i18n/en-errors.ts';

export const enOAuth = {
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.lastUsed': 'Last used',
  'oauth.groupLabel': 'Social sign-in',
  'oauth.oneTapLoading': 'Loading Google One Tap',
  // Provider names (spec section 3)
  'oauth.provider.google': 'Google',
  'oauth.provider.microsoft': 'Microsoft',
  'oauth.provider.apple': 'Apple',
  'oauth.provider.github': 'GitHub',
  'oauth.provider.gitlab': 'GitLab',
  'oauth.provider.facebook': 'Facebook',
  'oauth.provider.discord': 'Discord',
  'oauth.provider.salesforce': 'Salesforce',
  'oauth.provider.slack': 'Slack',
  'oauth.provider.amazon': 'Amazon',
  'oauth.provider.bitbucket': 'Bitbucket',
  'oauth.provider.linkedin': 'LinkedIn',
  'oauth.provider.coinbase': 'Coinbase',
  'oauth.provider.twitch': 'Twitch',
  'oauth.provider.twitter': 'Twitter',
  'oauth.provider.tiktok': 'TikTok',
  'oauth.provider.snapchat': 'Snapchat',
  'oauth.provider.figma': 'Figma',
  'oauth.provider.yahoo': 'Yahoo',
  // Developer-facing One Tap messages, one per error state (spec sections 4 and 8)
  'oneTap.error.origin_not_allowed_for_client':
    'One Tap cannot render because the current host "{host}" is not an authorized JavaScript origin of the Google client. Add it in the Google API console; for localhost add both http://localhost and http://localhost:<port>.',
  'oneTap.error.invalid_client':
    'One Tap cannot render because Google does not recognize the client ID configured for this project. Check that it matches the client ID in your Google Cloud console.',
  'oneTap.error.oauth_config_not_found':
    'One Tap cannot render because no Google OAuth client is configured for this project. Configure one for the project first.',
  'oneTap.error.no_login_redirect_urls_set':
    'One Tap cannot render because this project has no login redirect URLs set, so oauthOptions.loginRedirectURL cannot be verified. Add the login redirect URLs to the project.',
  'oneTap.error.no_signup_redirect_urls_set':
    'One Tap cannot render because this project has no signup redirect URLs set, so oauthOptions.signupRedirectURL cannot be verified. Add the signup redirect URLs to the project.',
  'oneTap.error.default_provider_not_allowed':
    'One Tap cannot render because the default OAuth provider is not compatible with One Tap. Configure your own Google client for this project.',
} as const;

registerDefaults(enOAuth);
