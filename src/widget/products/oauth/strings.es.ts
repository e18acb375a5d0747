// Strings of social sign-in and Google One Tap (provider names are brands, kept as they are), Spanish.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enOAuth } from './strings.ts';

export const esOAuth: Record<keyof typeof enOAuth, string> = {
  'oauth.continueWith': 'Continuar con {provider}',
  'oauth.lastUsed': 'Último usado',
  'oauth.groupLabel': 'Inicio de sesión con redes sociales',
  'oauth.oneTapLoading': 'Cargando Google One Tap',
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
    'One Tap no se puede mostrar porque el host actual "{host}" no es un origen de JavaScript autorizado del cliente de Google. Añádelo en la consola de API de Google; para localhost, añade tanto http://localhost como http://localhost:<port>.',
  'oneTap.error.invalid_client':
    'One Tap no se puede mostrar porque Google no reconoce el ID de cliente configurado para este proyecto. Comprueba que coincide con el ID de cliente de tu consola de Google Cloud.',
  'oneTap.error.oauth_config_not_found':
    'One Tap no se puede mostrar porque no hay ningún cliente OAuth de Google configurado para este proyecto. Configura uno primero.',
  'oneTap.error.no_login_redirect_urls_set':
    'One Tap no se puede mostrar porque este proyecto no tiene URL de redirección de inicio de sesión, así que no se puede verificar oauthOptions.loginRedirectURL. Añade las URL de redirección de inicio de sesión al proyecto.',
  'oneTap.error.no_signup_redirect_urls_set':
    'One Tap no se puede mostrar porque este proyecto no tiene URL de redirección de registro, así que no se puede verificar oauthOptions.signupRedirectURL. Añade las URL de redirección de registro al proyecto.',
  'oneTap.error.default_provider_not_allowed':
    'One Tap no se puede mostrar porque el proveedor OAuth predeterminado no es compatible con One Tap. Configura tu propio cliente de Google para este proyecto.',
};

registerTranslations('es', esOAuth);
