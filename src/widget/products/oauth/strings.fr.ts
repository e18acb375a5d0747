// Strings of social sign-in and Google One Tap (provider names are brands, kept as they are), French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enOAuth } from './strings.ts';

export const frOAuth: Record<keyof typeof enOAuth, string> = {
  'oauth.continueWith': 'Continuer avec {provider}',
  'oauth.lastUsed': 'Dernière utilisation',
  'oauth.groupLabel': 'Connexion via un réseau social',
  'oauth.oneTapLoading': 'Chargement de Google One Tap',
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
  'oneTap.error.origin_not_allowed_for_client':
    'One Tap ne peut pas s’afficher, car l’hôte actuel «\u00a0{host}\u00a0» n’est pas une origine JavaScript autorisée du client Google. Ajoutez-le dans la console des API Google\u00a0; pour localhost, ajoutez à la fois http://localhost et http://localhost:<port>.',
  'oneTap.error.invalid_client':
    'One Tap ne peut pas s’afficher, car Google ne reconnaît pas l’ID client configuré pour ce projet. Vérifiez qu’il correspond à l’ID client de votre console Google Cloud.',
  'oneTap.error.oauth_config_not_found':
    'One Tap ne peut pas s’afficher, car aucun client OAuth Google n’est configuré pour ce projet. Configurez-en un d’abord.',
  'oneTap.error.no_login_redirect_urls_set':
    'One Tap ne peut pas s’afficher, car ce projet n’a aucune URL de redirection de connexion\u00a0: oauthOptions.loginRedirectURL ne peut donc pas être vérifiée. Ajoutez les URL de redirection de connexion au projet.',
  'oneTap.error.no_signup_redirect_urls_set':
    'One Tap ne peut pas s’afficher, car ce projet n’a aucune URL de redirection d’inscription\u00a0: oauthOptions.signupRedirectURL ne peut donc pas être vérifiée. Ajoutez les URL de redirection d’inscription au projet.',
  'oneTap.error.default_provider_not_allowed':
    'One Tap ne peut pas s’afficher, car le fournisseur OAuth par défaut n’est pas compatible avec One Tap. Configurez votre propre client Google pour ce projet.',
};

registerTranslations('fr', frOAuth);
