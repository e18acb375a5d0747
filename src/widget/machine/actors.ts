// The calls the login statechart makes, as invoked actors over the headless client.
import { fromCallback, fromPromise } from 'xstate';
import type {
  BootstrapData,
  MagicLinkAuthenticateResponse,
  OAuthProvider,
  MagicLinkLoginOrCreateResponse,
  MagicLinkOptionsWire,
  OtpAuthenticateResponse,
  OtpEmailOptionsWire,
  OtpMethod,
  OtpSendResponse,
  PasswordResetOptionsWire,
  PasswordStrengthCheckResponse,
  UserType,
} from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import type { OAuthProviderConfig } from '../config.ts';
import { loadPhoneLibrary } from '../phone.ts';
import type { UrlTokenType } from './types.ts';

export const sendMagicLink = fromPromise<
  MagicLinkLoginOrCreateResponse,
  { client: AuthClient; email: string; options: MagicLinkOptionsWire }
>(({ input }) => input.client.magicLinks.email.loginOrCreate(input.email, input.options));

export const authenticateMagicLink = fromPromise<
  MagicLinkAuthenticateResponse,
  { client: AuthClient; token: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.magicLinks.authenticate(input.token, { session_duration_minutes: input.sessionDurationMinutes }),
);

export const loadBootstrap = fromPromise<BootstrapData, { client: AuthClient }>(({ input }) => input.client.bootstrap.get());

/** Tells the statechart when the session ends, so a signed-out visitor never sees a stale success screen. */
export const watchSession = fromCallback<{ type: 'SESSION_ENDED' }, { client: AuthClient }>(({ input, sendBack }) =>
  input.client.session.onChange((session) => {
    if (!session) sendBack({ type: 'SESSION_ENDED' });
  }),
);

/** PAGE_RESTORED when the browser shows this page again from its back/forward cache (`pageshow`, persisted). */
export const watchPageRestore = fromCallback<{ type: 'PAGE_RESTORED' }>(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) sendBack({ type: 'PAGE_RESTORED' });
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
});

/** Sends a passcode by `method` to an E.164 number or an address (login or sign-up). */
export const sendOtp = fromPromise<
  OtpSendResponse,
  { client: AuthClient; method: OtpMethod; destination: string; options: OtpEmailOptionsWire }
>(({ input }) => input.client.otps[input.method].loginOrCreate(input.destination, input.options));

export const authenticateOtp = fromPromise<
  OtpAuthenticateResponse,
  { client: AuthClient; code: string; methodId: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.otps.authenticate(input.code, input.methodId, { session_duration_minutes: input.sessionDurationMinutes }),
);

/** The E.164 form of the typed number by the phone library, or null when it is not a valid number. */
export const validatePhone = fromPromise<string | null, { phone: string; country: string }>(async ({ input }) =>
  (await loadPhoneLibrary()).validatePhone(input.phone, input.country),
);

/** A passcode destination for display: a phone number formatted by the phone library, an address as it is. */
export const formatPhone = fromPromise<string, { destination: string }>(async ({ input }) =>
  input.destination.includes('@') ? input.destination : (await loadPhoneLibrary()).formatPhone(input.destination),
);

/** What kind of account the address has (Main → Password). */
export const searchUser = fromPromise<UserType, { client: AuthClient; email: string }>(async ({ input }) =>
  (await input.client.user.search(input.email)).userType,
);

export const checkPasswordStrength = fromPromise<
  PasswordStrengthCheckResponse,
  { client: AuthClient; email?: string; password: string }
>(({ input }) => input.client.passwords.strengthCheck({ password: input.password, ...(input.email ? { email: input.email } : {}) }));

/** Create (user type new) or log in (user type password) with the address and password. */
export const submitPassword = fromPromise<
  unknown,
  { client: AuthClient; create: boolean; email: string; password: string; sessionDurationMinutes: number }
>(({ input }) => {
  const options = { email: input.email, password: input.password, session_duration_minutes: input.sessionDurationMinutes };
  return input.create ? input.client.passwords.create(options) : input.client.passwords.authenticate(options);
});

export const startPasswordReset = fromPromise<unknown, { client: AuthClient; email: string; options: PasswordResetOptionsWire }>(
  ({ input }) => input.client.passwords.resetByEmailStart({ ...input.options, email: input.email }),
);

export const resetPasswordByEmail = fromPromise<
  unknown,
  { client: AuthClient; token: string; password: string; sessionDurationMinutes: number }
>(({ input }) =>
  input.client.passwords.resetByEmail({
    token: input.token,
    password: input.password,
    session_duration_minutes: input.sessionDurationMinutes,
  }),
);

/** A social sign-in button: the provider's start (the client then navigates the page away). */
export const startOAuth = fromPromise<
  { provider: string },
  { client: AuthClient; provider: OAuthProviderConfig; loginRedirectURL?: string; signupRedirectURL?: string }
>(async ({ input }) => {
  const { client, provider } = input;
  await client.oauth[provider.type as OAuthProvider].start({
    ...(input.loginRedirectURL ? { login_redirect_url: input.loginRedirectURL } : {}),
    ...(input.signupRedirectURL ? { signup_redirect_url: input.signupRedirectURL } : {}),
    ...(provider.custom_scopes ? { custom_scopes: provider.custom_scopes } : {}),
    ...(provider.provider_params ? { provider_params: provider.provider_params } : {}),
  });
  return { provider: provider.type };
});

/** The token of a redirect (`?stytch_token_type=…&token=…`), by its type: a magic link or an OAuth sign-in. */
export const authenticateUrlToken = fromPromise<
  unknown,
  { client: AuthClient; type: UrlTokenType; token: string; sessionDurationMinutes: number }
>(({ input }) => {
  const options = { session_duration_minutes: input.sessionDurationMinutes };
  return input.type === 'oauth'
    ? input.client.oauth.authenticate(input.token, options)
    : input.client.magicLinks.authenticate(input.token, options);
});
