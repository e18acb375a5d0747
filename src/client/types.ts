// The public surface of the headless client. The widget and site owners code against these types only.
import type {
  AuthenticateResponse,
  BootstrapData,
  MagicLinkAuthenticateResponse,
  MagicLinkLoginOrCreateResponse,
  MagicLinkOptionsWire,
  OtpAuthenticateResponse,
  OtpEmailOptionsWire,
  OtpSendResponse,
  OtpSmsOptionsWire,
  OtpWhatsAppOptionsWire,
  PasswordAuthenticateResponse,
  PasswordCreateResponse,
  PasswordResetOptionsWire,
  PasswordResetResponse,
  PasswordResetStartResponse,
  PasswordStrengthCheckResponse,
  Session,
  User,
  UserSearchResponse,
} from '../api/index.ts';

export interface CookieOptions {
  /**
   * Cookie names; defaults are the provider SDK's (`stytch_session`, `stytch_session_jwt`,
   * `stytch_intermediate_session_token`).
   */
  opaqueTokenCookieName?: string;
  jwtCookieName?: string;
  istCookieName?: string;
  path?: string;
  domain?: string;
  availableToSubdomains?: boolean;
}

export interface AuthClientOptions {
  publicToken: string;
  /**
   * Where the identity service lives, e.g. `https://auth.example.com` or `/` for the page's own origin. Relative
   * values resolve against the page. Without it the hosted provider's test or live host is used.
   */
  baseUrl?: string;
  cookieOptions?: CookieOptions;
  /**
   * The visitor's language as a BCP 47 tag (e.g. `es`, `fr-CA`): sent as `Accept-Language` on every `/sdk/v1` call,
   * so the service's `error_message`s come back in it (English for a language it does not speak). Without one the
   * browser's own `Accept-Language` goes. Change it later with `client.locale = ...`.
   */
  locale?: string;
}

/** What an authenticate call resolves to: the wire response without `__user`. */
export type AuthenticateResult = Omit<AuthenticateResponse, '__user'>;

export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

export interface SessionApi {
  /** The current session from memory/storage, synchronously; null when signed out. */
  getSync(): Session | null;
  getTokens(): SessionTokens | null;
  /** Re-authenticates the session; `session_duration_minutes` extends it. */
  authenticate(options?: { session_duration_minutes?: number }): Promise<AuthenticateResult>;
  /** Ends the session on the service and clears it locally (always locally with `forceClear`). */
  revoke(options?: { forceClear?: boolean }): Promise<void>;
  /** Called with the new session (or null) whenever it changes, in this tab or another. Returns an unsubscribe. */
  onChange(callback: (session: Session | null) => void): () => void;
}

export interface UserApi {
  getSync(): User | null;
  get(): Promise<User>;
  /** What kind of account an address has: `new`, `password` or `passwordless` (POST /users/search). */
  search(email: string): Promise<UserSearchResponse>;
  onChange(callback: (user: User | null) => void): () => void;
}

export interface MagicLinksApi {
  email: {
    /** Sends a login-or-signup link; PKCE is added when the project requires it. */
    loginOrCreate(email: string, options?: MagicLinkOptionsWire): Promise<MagicLinkLoginOrCreateResponse>;
    /**
     * Sends a link to an existing user's address (`send/primary`) or, when a session is in local state, adds the
     * address to the signed-in user as a second factor (`send/secondary`).
     */
    send(email: string, options?: MagicLinkOptionsWire): Promise<MagicLinkLoginOrCreateResponse>;
  };
  /** Exchanges the token from the link's query string for a session. */
  authenticate(token: string, options: { session_duration_minutes: number }): Promise<MagicLinkAuthenticateResponse>;
}

/**
 * Sending a passcode to one channel. Options are the wire fields (wire contract 3.5), e.g. `{ expiration_minutes: 5 }`.
 */
export interface OtpChannelApi<Options> {
  /** Sends a passcode, creating the user when the destination is new. */
  loginOrCreate(destination: string, options?: Options): Promise<OtpSendResponse>;
  /**
   * Sends a passcode to an existing user's destination (`send/primary`) or, when a session is in local state, adds the
   * destination to the signed-in user (`send/secondary`).
   */
  send(destination: string, options?: Options): Promise<OtpSendResponse>;
}

export interface OtpsApi {
  /** `destination` is an E.164 phone number, e.g. `+14155552671`. */
  sms: OtpChannelApi<OtpSmsOptionsWire>;
  /** `destination` is an E.164 phone number. */
  whatsapp: OtpChannelApi<OtpWhatsAppOptionsWire>;
  /** `destination` is an email address. */
  email: OtpChannelApi<OtpEmailOptionsWire>;
  /** Exchanges the passcode (sent as `token`) for a session; `method_id` comes from the send response. */
  authenticate(
    code: string,
    method_id: string,
    options: { session_duration_minutes: number },
  ): Promise<Omit<OtpAuthenticateResponse, '__user'>>;
}

/** passwords.*: every call checks its required fields (client spec 5) before anything is sent. */
export interface PasswordsApi {
  create(options: {
    email: string;
    password: string;
    session_duration_minutes: number;
  }): Promise<Omit<PasswordCreateResponse, '__user'>>;
  authenticate(options: {
    email: string;
    password: string;
    session_duration_minutes: number;
  }): Promise<Omit<PasswordAuthenticateResponse, '__user'>>;
  /** Scores a password under the project's policy (zxcvbn or LUDS) and checks the breached list. */
  strengthCheck(options: { password: string; email?: string }): Promise<PasswordStrengthCheckResponse>;
  /** Emails a reset link; PKCE (the `passwords` key pair) is added when the project requires it. */
  resetByEmailStart(options: { email: string } & PasswordResetOptionsWire): Promise<PasswordResetStartResponse>;
  /** Sets a new password with the token from the reset link and signs in. */
  resetByEmail(options: {
    token: string;
    password: string;
    session_duration_minutes: number;
  }): Promise<Omit<PasswordResetResponse, '__user'>>;
  resetByExistingPassword(options: {
    email: string;
    existing_password: string;
    new_password: string;
    session_duration_minutes: number;
  }): Promise<Omit<PasswordResetResponse, '__user'>>;
  /** Sets a new password for the signed-in user. */
  resetBySession(options: { password: string; session_duration_minutes?: number }): Promise<PasswordResetResponse>;
}

export interface BootstrapApi {
  /** The cached document (or defaults) now; a fresh one is being fetched in the background. */
  getSync(): BootstrapData;
  /** The fresh document once fetched (defaults, with an error logged, if the fetch fails). */
  get(): Promise<BootstrapData>;
}

/** What went wrong, on an event that reports a failure (wire contract 3.1's optional entry fields). */
export interface EventError {
  /** The service's `error_type`, or another code naming the failure. */
  error_code?: string;
  error_description?: string;
  /** The HTTP status, as text (the wire's type). */
  http_status_code?: string;
}

export interface EventsApi {
  /**
   * Queues a telemetry event (`render_login_screen`, `email_sent`, ...) for the batched `/events` call; `error` adds
   * `error_code`, `error_description` and `http_status_code` to the entry.
   */
  log(eventName: string, details?: Record<string, unknown>, error?: EventError): void;
}

export interface AuthClient {
  readonly publicToken: string;
  /** The service's origin the client talks to, e.g. `http://localhost:8787`. */
  readonly baseUrl: string;
  /** The language the client asks the service to answer in (`Accept-Language`); undefined leaves the browser's. */
  locale: string | undefined;
  readonly session: SessionApi;
  readonly user: UserApi;
  readonly magicLinks: MagicLinksApi;
  readonly otps: OtpsApi;
  readonly passwords: PasswordsApi;
  readonly bootstrap: BootstrapApi;
  readonly events: EventsApi;
  /** Stops timers and listeners (background refresh, telemetry flush, storage sync). */
  destroy(): void;
}

// ---- Every remaining call, captcha/DFP providers, RBAC. Interfaces above are extended by merging. ----
import type {
  AttestRequest,
  ConnectedAppsResponse,
  ExchangeAccessTokenRequest,
  ImpersonationAuthenticateRequest,
  ResponseCommon,
  TotpAuthenticateResponse,
  TotpCreateResponse,
  TotpRecoveryCodesResponse,
  UserMutationResponse,
  UserUpdateRequest,
  UserUpdateResponse,
} from '../api/index.ts';

export interface AuthClientOptions {
  /**
   * A custom API domain (e.g. a CNAME of the identity service) whose own HttpOnly cookies carry the session. Requests
   * go to `https://<its hostname>` unless `baseUrl` is also given; at start-up the session is re-authenticated even
   * without a readable session cookie, instead of being cleared (wire contract 1.6).
   */
  apiDomain?: string;
  /**
   * Captcha provider: a token for the site key (default: reCAPTCHA Enterprise, action LOGIN, when the project enables
   * captcha; or the script the bootstrap's `captcha_settings.scriptUrl` names). Send and login calls carry a token
   * from their first request, and a fresh one on the retry after `Captcha required`.
   */
  captcha?: (siteKey: string) => Promise<string>;
  /**
   * Device-fingerprint provider: a telemetry id for `dfp_telemetry_id`, asked for each send or login call when the
   * bootstrap enables DFP protection. Default: the identity service's own telemetry script (`/telemetry.js`).
   */
  dfp?: () => Promise<string>;
}

export interface SessionApi {
  /** A connected app's OAuth access token for a session of the same user. */
  exchangeAccessToken(request: ExchangeAccessTokenRequest): Promise<AuthenticateResult>;
  /** A JWT from a trusted issuer (its profile configured on the service) for a session; returned with `__user`. */
  attest(request: AttestRequest): Promise<AuthenticateResponse>;
}

export interface UserApi {
  /** PUT /users/me: `untrusted_metadata` (an object) and name parts. */
  update(request: UserUpdateRequest): Promise<Omit<UserUpdateResponse, '__user'>>;
  deleteEmail(emailId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  deletePhoneNumber(phoneId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  deleteTOTP(totpId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  deleteCryptoWallet(cryptoWalletId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  deleteBiometricRegistration(biometricRegistrationId: string): Promise<Omit<UserMutationResponse, '__user'>>;
  getConnectedApps(): Promise<ConnectedAppsResponse>;
  revokeConnectedApp(connectedAppId: string): Promise<ResponseCommon>;
}

export interface TotpsApi {
  /** A new authenticator for the signed-in user: secret, key URI and recovery codes. */
  create(request: { expiration_minutes: number }): Promise<Omit<TotpCreateResponse, '__user'>>;
  authenticate(request: {
    totp_code: string;
    session_duration_minutes: number;
  }): Promise<Omit<TotpAuthenticateResponse, '__user'>>;
  /** Fresh recovery codes for each verified authenticator; the old unused ones stop working. */
  recoveryCodes(): Promise<TotpRecoveryCodesResponse>;
  recover(request: {
    recovery_code: string;
    session_duration_minutes: number;
  }): Promise<Omit<TotpAuthenticateResponse, '__user'>>;
}

export interface ImpersonationApi {
  authenticate(request: ImpersonationAuthenticateRequest): Promise<AuthenticateResponse>;
}

/** resource_id → action → allowed. */
export type PermissionsMap = Record<string, Record<string, boolean>>;

export interface RbacApi {
  /** From the cached user and bootstrap policy, synchronously. */
  isAuthorizedSync(resourceId: string, action: string): boolean;
  /** After the fresh bootstrap policy has loaded. */
  isAuthorized(resourceId: string, action: string): Promise<boolean>;
  /** Every resource and action of the policy, with whether the user may perform it. */
  allPermissions(): Promise<PermissionsMap>;
}

export interface AuthClient {
  readonly totps: TotpsApi;
  readonly impersonation: ImpersonationApi;
  readonly rbac: RbacApi;
}

// ---- Social sign-in and Google One Tap ----
import type { OAuthAuthenticateResponse, OAuthProvider, OAuthStartOptions } from '../api/index.ts';

export interface OAuthProviderApi {
  /**
   * Navigates the page to the provider's start address (`<host>/v1/public/oauth/<provider>/start?…`); the service
   * brings the visitor back to the login or signup redirect URL with `?stytch_token_type=oauth&token=…`. Before
   * navigating it records the provider as this device's last used one (see `oauth.lastUsedProvider()`).
   */
  start(options?: OAuthStartOptions): Promise<void>;
}

/** `oauth.googleOneTap.start(...)`. */
export interface GoogleOneTapStartOptions {
  login_redirect_url?: string;
  signup_redirect_url?: string;
  /** Close the prompt when the visitor taps elsewhere (default true; always false for an embedded prompt). */
  cancel_on_tap_outside?: boolean;
  /** The id of the element an embedded prompt renders into; without it the prompt floats (or uses the browser's). */
  prompt_parent_id?: string;
  /** The configured One Tap position (`forceLegacyEmbedded` turns the browser's FedCM prompt off). */
  position?: string;
  /** The prompt was closed (`user_cancel`, `tap_outside`, …), also after it had shown. */
  onOneTapCancelled?: (reason: string) => void;
  /** The credential could not be exchanged for a redirect. */
  onError?: (error: unknown) => void;
}

/** The One Tap client the prompt was rendered with (the spec's `client`): which Google client, and its cancel. */
export interface OneTapClient {
  /** The Google client id the service issued for the project. */
  readonly googleClientId: string;
  /** Closes the prompt if it is showing (as `oauth.googleOneTap.cancel()`). */
  cancel(): void;
}

/**
 * Whether the prompt showed, with the `client` it was rendered with. `reason` when it did not:
 * `oauth_config_not_found`, `no_login_redirect_urls_set`, `no_signup_redirect_urls_set` (the project),
 * `unregistered_origin`, `invalid_client` (Google), or a skip reason such as `user_cancel`.
 */
export type OneTapStartResult = { success: true; client: OneTapClient } | { success: false; reason: string };

export type OAuthApi = Record<OAuthProvider, OAuthProviderApi> & {
  /** The start address `oauth.<provider>.start` navigates to (a new PKCE pair when the project requires PKCE). */
  startUrl(provider: OAuthProvider, options?: OAuthStartOptions): Promise<string>;
  /**
   * The social provider last started on this device with `oauth.<provider>.start` (for example `'google'`), or null
   * when none was. Kept in localStorage under `stytch_sdk_state_<public_token>::b2c_last_used_oauth` (wire contract
   * 5), so it survives the redirect and later visits; a UI uses it to list that provider first. `startUrl` alone,
   * and Google One Tap, do not record it.
   */
  lastUsedProvider(): string | null;
  /** Exchanges the `token` of the OAuth redirect for a session (with the stored `oauth` code verifier). */
  authenticate(
    token: string,
    options: { session_duration_minutes: number },
  ): Promise<Omit<OAuthAuthenticateResponse, '__user'>>;
  googleOneTap: {
    start(options?: GoogleOneTapStartOptions): Promise<OneTapStartResult>;
    /** Closes the prompt if it is showing. */
    cancel(): void;
  };
};

export interface AuthClient {
  readonly oauth: OAuthApi;
}

// ---- WebAuthn and passkeys ----
import type {
  AuthenticatorType,
  WebAuthnAuthenticateResponse,
  WebAuthnRegisterResponse,
  WebAuthnUpdateResponse,
} from '../api/index.ts';

export interface WebAuthnRegisterOptions {
  /** The relying party id asked for; default `location.hostname`. */
  domain?: string;
  authenticator_type?: AuthenticatorType;
  /** A passkey: a discoverable credential with user verification (sent as `return_passkey_credential_options`). */
  is_passkey?: boolean;
  session_duration_minutes?: number;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
}

export interface WebAuthnAuthenticateOptions {
  /** The relying party id asked for; default `location.hostname`. */
  domain?: string;
  session_duration_minutes: number;
  /** A passkey: no allow list, user verification (sent as `return_passkey_credential_options`). */
  is_passkey?: boolean;
  /**
   * Autofill (conditional mediation): the browser offers the passkeys in an input's suggestions instead of a dialog.
   * Needs browser support and an `<input autocomplete="… webauthn">` in the page (also inside an open shadow root);
   * otherwise an error is logged and the call resolves null. Never sent on the wire.
   */
  conditional_mediation?: boolean;
  /** Aborts the ceremony (e.g. when another sign-in starts). Never sent on the wire. */
  signal?: AbortSignal;
}

export interface WebAuthnApi {
  /** Registers a new credential for the signed-in user (register/start, the browser ceremony, register). */
  register(options?: WebAuthnRegisterOptions): Promise<Omit<WebAuthnRegisterResponse, '__user'>>;
  /**
   * Signs in with a credential (authenticate/start, the browser ceremony, authenticate); null, see
   * conditional_mediation.
   */
  authenticate(options: WebAuthnAuthenticateOptions): Promise<Omit<WebAuthnAuthenticateResponse, '__user'> | null>;
  /** Renames a registration. */
  update(options: { webauthn_registration_id: string; name: string }): Promise<WebAuthnUpdateResponse>;
  /** Whether the browser can offer passkeys in an input's autofill (conditional mediation). */
  browserSupportsAutofill(): Promise<boolean>;
}

export interface AuthClient {
  readonly webauthn: WebAuthnApi;
}

// ---- Crypto wallets ----
import type {
  CryptoWalletAuthenticateResponse,
  CryptoWalletAuthenticateStartResponse,
  CryptoWalletType,
  SiweParams,
} from '../api/index.ts';

export interface CryptoWalletsApi {
  /**
   * The message the wallet signs for `crypto_wallet_address` (POST authenticate/start/primary, or /secondary with a
   * session: adds the wallet to the signed-in user). `siwe_params` asks for a Sign-In with Ethereum message.
   */
  authenticateStart(request: {
    crypto_wallet_address: string;
    crypto_wallet_type: CryptoWalletType;
    siwe_params?: SiweParams;
  }): Promise<CryptoWalletAuthenticateStartResponse>;
  /** Signs in with the wallet's signature of that message; the session is updated. */
  authenticate(request: {
    crypto_wallet_address: string;
    crypto_wallet_type: CryptoWalletType;
    signature: string;
    session_duration_minutes: number;
  }): Promise<Omit<CryptoWalletAuthenticateResponse, '__user'>>;
}

export interface AuthClient {
  readonly cryptoWallets: CryptoWalletsApi;
}

// ---- The identity provider (consent and logout screens) ----
import type {
  AuthorizeStartRequest,
  AuthorizeStartResponse,
  AuthorizeSubmitRequest,
  AuthorizeSubmitResponse,
  LogoutStartRequest,
  LogoutStartResponse,
} from '../api/index.ts';

/** The calls of the site's authorize and logout pages (wire contract 3.12); each needs a session. */
export interface IdpApi {
  /** The consent preflight: the app, whether consent is required, and which requested scopes this user may grant. */
  authorizeStart(request: AuthorizeStartRequest): Promise<AuthorizeStartResponse>;
  /** Grants (or denies) the request; the caller sends the browser to the returned `redirect_uri`. */
  authorizeSubmit(request: AuthorizeSubmitRequest): Promise<AuthorizeSubmitResponse>;
  /** The logout preflight: where to send the browser afterwards, and whether to ask the user first. */
  logoutStart(request: LogoutStartRequest): Promise<LogoutStartResponse>;
}

export interface AuthClient {
  readonly idp: IdpApi;
}

// ---- Organizations (B2B): createB2BClient. Names and parameters are the hosted provider's B2B headless client's ----
import type {
  DiscoveryAuthenticateResponse,
  DiscoveryMagicLinkAuthenticateRequest,
  DiscoveryMagicLinkSendRequest,
  DiscoveryOrganizationCreateRequest,
  DiscoveryOrganizationsResponse,
  DiscoveryOtpAuthenticateRequest,
  DiscoveryOtpSendRequest,
  IntermediateSessionExchangeRequest,
} from '../api/discovery.ts';
import type {
  MemberTotpAuthenticateRequest,
  MemberTotpCreateRequest,
  MemberTotpCreateResponse,
  MemberSmsAuthenticateRequest,
  MemberSmsSendRequest,
  MemberSmsSendResponse,
  RecoveryCodeGetResponse,
  RecoveryCodeRecoverRequest,
  RecoveryCodeRecoverResponse,
  RecoveryCodeRotateResponse,
} from '../api/mfa.ts';
import type {
  Member,
  MemberAuthenticateResponse,
  MemberMagicLinkAuthenticateResponse,
  MemberSearchRequest,
  MemberSearchResponse,
  MemberSession,
  MemberSessionAuthenticateResponse,
  Organization,
  OrganizationSearchRequest,
  OrganizationSearchResponse,
} from '../api/organizations.ts';
import type { SsoAuthenticateRequest, SsoAuthenticateResponse, SsoDiscoverConnectionsResponse } from '../api/sso.ts';

/**
 * What the B2B client adds to a request itself, as the hosted SDK does: the intermediate session token from its
 * cookie, the PKCE challenge or verifier from storage, and the captcha/DFP fields of a retry. Callers never pass them.
 */
type ClientAdded =
  | 'intermediate_session_token'
  | 'pkce_code_challenge'
  | 'pkce_code_verifier'
  | 'captcha_token'
  | 'dfp_telemetry_id';
/** A wire request as a caller of the B2B client passes it. */
export type B2BCallOptions<Request> = Omit<Request, ClientAdded>;

/** createB2BClient takes what createAuthClient takes, with a B2B project's public token. */
export type B2BClientOptions = AuthClientOptions;

/** POST /b2b/magic_links/email/login_or_signup: a login (or sign-up) link into one organization. */
export interface B2BMagicLinkLoginOrSignupOptions {
  email_address: string;
  organization_id: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
}

export interface B2BMagicLinksApi {
  email: {
    /** Sends a link into `organization_id` (PKCE, the `magic_links` key pair, when the project requires it). */
    loginOrSignup(options: B2BMagicLinkLoginOrSignupOptions): Promise<ResponseCommon>;
    discovery: {
      /** Sends a discovery link: it proves the address without naming an organization (PKCE as loginOrSignup). */
      send(options: B2BCallOptions<DiscoveryMagicLinkSendRequest>): Promise<ResponseCommon>;
    };
  };
  /** Exchanges an organization link's token (`stytch_token_type=multi_tenant_magic_links`) for a member session. */
  authenticate(options: {
    magic_links_token: string;
    session_duration_minutes: number;
    locale?: string;
  }): Promise<MemberMagicLinkAuthenticateResponse>;
  discovery: {
    /**
     * Exchanges a discovery link's token (`stytch_token_type=discovery`) for the address's organizations and an
     * intermediate session token, kept in a cookie for ten minutes (spec 4) and sent by the calls that follow.
     */
    authenticate(
      options: B2BCallOptions<DiscoveryMagicLinkAuthenticateRequest>,
    ): Promise<DiscoveryAuthenticateResponse>;
  };
}

export interface B2BOtpsApi {
  sms: {
    /** Sends an MFA passcode to the member's phone, or to `mfa_phone_number` while the member enrolls. */
    send(options: B2BCallOptions<MemberSmsSendRequest>): Promise<MemberSmsSendResponse>;
    authenticate(options: B2BCallOptions<MemberSmsAuthenticateRequest>): Promise<MemberAuthenticateResponse>;
  };
  email: {
    discovery: {
      /** Sends a discovery passcode: the email-code counterpart of magicLinks.email.discovery.send. */
      send(options: DiscoveryOtpSendRequest): Promise<ResponseCommon>;
      authenticate(options: DiscoveryOtpAuthenticateRequest): Promise<DiscoveryAuthenticateResponse>;
    };
  };
}

export interface B2BDiscoveryApi {
  organizations: {
    /** The organizations of the proven address (intermediate session token) or of the signed-in member's address. */
    list(): Promise<DiscoveryOrganizationsResponse>;
    /**
     * Creates an organization with the proven address as its first member (when the bootstrap's
     * `create_organization_enabled` allows it).
     */
    create(options: B2BCallOptions<DiscoveryOrganizationCreateRequest>): Promise<MemberAuthenticateResponse>;
  };
  intermediateSessions: {
    /** Joins or signs in to one discovered organization: a member session, or the next factor's intermediate token. */
    exchange(options: B2BCallOptions<IntermediateSessionExchangeRequest>): Promise<MemberAuthenticateResponse>;
  };
}

export interface B2BSSOStartOptions {
  connection_id: string;
  login_redirect_url?: string;
  signup_redirect_url?: string;
  /** Passed to an OIDC identity provider as query parameters (`provider_<key>`). */
  provider_params?: Record<string, string>;
}

export interface B2BSSOApi {
  /**
   * Navigates the page to the connection's start address (`<service>/v1/public/sso/start?…`, through `navigation`),
   * with a PKCE challenge (the `sso` key pair) when the project requires it; the service brings the visitor back with
   * `?stytch_token_type=sso&token=…`.
   */
  start(options: B2BSSOStartOptions): Promise<void>;
  /** Exchanges that token (with the stored `sso` code verifier) for a member session or an intermediate token. */
  authenticate(options: B2BCallOptions<SsoAuthenticateRequest>): Promise<SsoAuthenticateResponse>;
  /** The SSO connections an address may sign in with (by its organizations or its domain). */
  discoverConnections(emailAddress: string): Promise<SsoDiscoverConnectionsResponse>;
}

export interface B2BTOTPApi {
  /** A new authenticator-app registration for the member: secret, QR code and recovery codes (shown once). */
  create(options: B2BCallOptions<MemberTotpCreateRequest>): Promise<MemberTotpCreateResponse>;
  authenticate(options: B2BCallOptions<MemberTotpAuthenticateRequest>): Promise<MemberAuthenticateResponse>;
}

export interface B2BRecoveryCodesApi {
  /** A recovery code in place of the authenticator app's code; each code works once. */
  recover(options: B2BCallOptions<RecoveryCodeRecoverRequest>): Promise<RecoveryCodeRecoverResponse>;
  /** The signed-in member's recovery codes. */
  get(): Promise<RecoveryCodeGetResponse>;
  /** A new set for the signed-in member; every earlier code stops working. */
  rotate(): Promise<RecoveryCodeRotateResponse>;
}

export interface B2BSessionApi {
  /** The current member session from memory/storage, synchronously; null when signed out. */
  getSync(): MemberSession | null;
  getTokens(): SessionTokens | null;
  /** Re-authenticates the member session (POST /b2b/sessions/authenticate); `session_duration_minutes` extends it. */
  authenticate(options?: { session_duration_minutes?: number }): Promise<MemberSessionAuthenticateResponse>;
  /** Ends the member session on the service and clears it locally (always locally with `forceClear`). */
  revoke(options?: { forceClear?: boolean }): Promise<void>;
  /** Called with the new session (or null) whenever it changes, in this tab or another. Returns an unsubscribe. */
  onChange(callback: (session: MemberSession | null) => void): () => void;
}

/** `self`: the signed-in member. */
export interface B2BSelfApi {
  getSync(): Member | null;
  /** GET /b2b/organizations/members/me; the stored member is replaced by the answer. */
  get(): Promise<Member>;
  onChange(callback: (member: Member | null) => void): () => void;
}

export interface B2BOrganizationApi {
  /** The signed-in member's organization, synchronously; null when signed out. */
  getSync(): Organization | null;
  /** GET /b2b/organizations/me; the stored organization is replaced by the answer. */
  get(): Promise<Organization>;
  onChange(callback: (organization: Organization | null) => void): () => void;
  /** An organization by its slug (a page that knows only the slug), or null. No session needed. */
  getBySlug(options: OrganizationSearchRequest): Promise<OrganizationSearchResponse>;
  members: {
    /**
     * Whether an address is a member of an organization (POST /b2b/organizations/members/search, the call the hosted
     * UI makes before it offers a password), answered without the member object. No session needed.
     */
    search(options: MemberSearchRequest): Promise<MemberSearchResponse>;
  };
}

export interface B2BClient {
  readonly publicToken: string;
  /** The service's origin the client talks to, e.g. `http://localhost:8787`. */
  readonly baseUrl: string;
  /** The language the client asks the service to answer in (`Accept-Language`); undefined leaves the browser's. */
  locale: string | undefined;
  readonly session: B2BSessionApi;
  readonly self: B2BSelfApi;
  readonly organization: B2BOrganizationApi;
  readonly magicLinks: B2BMagicLinksApi;
  readonly otps: B2BOtpsApi;
  readonly discovery: B2BDiscoveryApi;
  readonly sso: B2BSSOApi;
  readonly totp: B2BTOTPApi;
  readonly recoveryCodes: B2BRecoveryCodesApi;
  readonly bootstrap: BootstrapApi;
  readonly events: EventsApi;
  /** Stops timers and listeners (background refresh, telemetry flush, storage sync). */
  destroy(): void;
}
