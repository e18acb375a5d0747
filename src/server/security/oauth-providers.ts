// What the service knows about each social provider without configuration: its display name (the hosted provider's
// `provider_type`) and, where the provider publishes them, its OpenID Connect issuer or OAuth 2.0 endpoints and the
// scopes that yield an id, a name and an address. A project's credentials may override every field.
import type { OAuthProvider } from '../../api/oauth.ts';
import { APPLE_SCOPES, FORM_POST_RESPONSE_MODE, OIDC_DEFAULT_SCOPES } from '../constants/social.ts';

export interface ProviderEndpoints {
  /**
   * OpenID Connect discovery base: endpoints, keys and the issuer come from
   * `<issuer>/.well-known/openid-configuration`.
   */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  scopes?: readonly string[];
  /** `form_post`: the provider POSTs the code and state to the callback instead of redirecting with a query. */
  responseMode?: typeof FORM_POST_RESPONSE_MODE;
}

interface ProviderInfo {
  /** `provider_type` as the hosted provider spells it ("Google", "GitHub"). */
  type: string;
  defaults: ProviderEndpoints;
}

const OIDC = (issuer: string): ProviderEndpoints => ({ issuer, scopes: OIDC_DEFAULT_SCOPES });

/**
 * Defaults from each provider's developer documentation. Providers that only speak plain OAuth 2.0 get explicit
 * endpoints and their profile scopes; those whose endpoints depend on the tenant or app (Salesforce My Domain,
 * Microsoft tenants) use their public multi-tenant issuer, which a project overrides when it has its own.
 */
const PROVIDERS: Record<OAuthProvider, ProviderInfo> = {
  google: { type: 'Google', defaults: OIDC('https://accounts.google.com') },
  apple: {
    type: 'Apple',
    defaults: { issuer: 'https://appleid.apple.com', scopes: APPLE_SCOPES, responseMode: FORM_POST_RESPONSE_MODE },
  },
  microsoft: { type: 'Microsoft', defaults: OIDC('https://login.microsoftonline.com/consumers/v2.0') },
  gitlab: { type: 'GitLab', defaults: OIDC('https://gitlab.com') },
  salesforce: { type: 'Salesforce', defaults: OIDC('https://login.salesforce.com') },
  slack: { type: 'Slack', defaults: OIDC('https://slack.com') },
  linkedin: { type: 'LinkedIn', defaults: OIDC('https://www.linkedin.com/oauth') },
  twitch: { type: 'Twitch', defaults: OIDC('https://id.twitch.tv/oauth2') },
  yahoo: { type: 'Yahoo', defaults: OIDC('https://api.login.yahoo.com') },
  github: {
    type: 'GitHub',
    defaults: {
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      userinfoEndpoint: 'https://api.github.com/user',
      scopes: ['read:user', 'user:email'],
    },
  },
  discord: {
    type: 'Discord',
    defaults: {
      authorizationEndpoint: 'https://discord.com/oauth2/authorize',
      tokenEndpoint: 'https://discord.com/api/oauth2/token',
      userinfoEndpoint: 'https://discord.com/api/users/@me',
      scopes: ['identify', 'email'],
    },
  },
  facebook: {
    type: 'Facebook',
    defaults: {
      authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
      tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
      userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email,picture',
      scopes: ['public_profile', 'email'],
    },
  },
  amazon: {
    type: 'Amazon',
    defaults: {
      authorizationEndpoint: 'https://www.amazon.com/ap/oa',
      tokenEndpoint: 'https://api.amazon.com/auth/o2/token',
      userinfoEndpoint: 'https://api.amazon.com/user/profile',
      scopes: ['profile'],
    },
  },
  bitbucket: {
    type: 'Bitbucket',
    defaults: {
      authorizationEndpoint: 'https://bitbucket.org/site/oauth2/authorize',
      tokenEndpoint: 'https://bitbucket.org/site/oauth2/access_token',
      userinfoEndpoint: 'https://api.bitbucket.org/2.0/user',
      scopes: ['account', 'email'],
    },
  },
  coinbase: {
    type: 'Coinbase',
    defaults: {
      authorizationEndpoint: 'https://login.coinbase.com/oauth2/auth',
      tokenEndpoint: 'https://login.coinbase.com/oauth2/token',
      userinfoEndpoint: 'https://api.coinbase.com/v2/user',
      scopes: ['wallet:user:read', 'wallet:user:email'],
    },
  },
  figma: {
    type: 'Figma',
    defaults: {
      authorizationEndpoint: 'https://www.figma.com/oauth',
      tokenEndpoint: 'https://api.figma.com/v1/oauth/token',
      userinfoEndpoint: 'https://api.figma.com/v1/me',
      scopes: ['current_user:read'],
    },
  },
  twitter: {
    type: 'Twitter',
    defaults: {
      authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
      tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
      userinfoEndpoint: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url',
      scopes: ['users.read', 'tweet.read'],
    },
  },
  tiktok: {
    type: 'TikTok',
    defaults: {
      authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
      tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
      userinfoEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name',
      scopes: ['user.info.basic'],
    },
  },
  snapchat: {
    type: 'Snapchat',
    defaults: {
      authorizationEndpoint: 'https://accounts.snapchat.com/accounts/oauth2/auth',
      tokenEndpoint: 'https://accounts.snapchat.com/accounts/oauth2/token',
      userinfoEndpoint: 'https://kit.snapchat.com/v1/me',
      scopes: ['https://auth.snapchat.com/oauth2/api/user.display_name'],
    },
  },
};

export function providerType(provider: OAuthProvider): string {
  return PROVIDERS[provider].type;
}

/**
 * Where to send the visitor and fetch tokens: a configured issuer (OpenID Connect discovery) wins, then configured
 * endpoints, then the provider's defaults. Configured endpoints also override what discovery finds.
 */
export function providerEndpoints(provider: OAuthProvider, configured: ProviderEndpoints): ProviderEndpoints {
  const defaults = PROVIDERS[provider].defaults;
  // Another issuer for an OpenID provider (a self-hosted one, a test's stand-in) speaks the same protocol: its scopes
  // and response mode stay the provider's.
  const base: ProviderEndpoints = configured.issuer
    ? {
        issuer: configured.issuer,
        scopes: defaults.issuer ? defaults.scopes : OIDC_DEFAULT_SCOPES,
        ...responseModeOf(defaults),
      }
    : configured.authorizationEndpoint && configured.tokenEndpoint
      ? { userinfoEndpoint: defaults.userinfoEndpoint, scopes: defaults.scopes, ...responseModeOf(defaults) }
      : defaults;
  return {
    ...base,
    ...definedOnly({
      authorizationEndpoint: configured.authorizationEndpoint,
      tokenEndpoint: configured.tokenEndpoint,
      userinfoEndpoint: configured.userinfoEndpoint,
      scopes: configured.scopes,
    }),
  };
}

function responseModeOf(endpoints: ProviderEndpoints): Pick<ProviderEndpoints, 'responseMode'> {
  return endpoints.responseMode ? { responseMode: endpoints.responseMode } : {};
}

/** Whether the provider answers the authorization request by POSTing to the callback (Apple). */
export function usesFormPost(provider: OAuthProvider): boolean {
  return PROVIDERS[provider].defaults.responseMode === FORM_POST_RESPONSE_MODE;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
