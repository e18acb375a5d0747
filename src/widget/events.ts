// The widget's events: the DOM events the element dispatches, the `type` of each widget event, and the telemetry
// names sent through the client.

/** DOM event for every widget event (`detail: { type, data }`). */
export const WIDGET_EVENT = 'auth-login-event';
/** DOM event for every error the widget reports (`detail: { message, error_type? }`). */
export const WIDGET_ERROR_EVENT = 'auth-login-error';

/** The `type` of the widget events (in `auth-login-event` and `callbacks.onEvent`). */
export const EVENT_TYPES = {
  /** A magic link was sent (login or sign-up). `data` is the login-or-create response. */
  MAGIC_LINK_LOGIN_OR_CREATE: 'MAGIC_LINK_LOGIN_OR_CREATE',
  /** The magic-link token from the page URL was authenticated. `data` is the authenticate response. */
  MAGIC_LINK_AUTHENTICATE: 'MAGIC_LINK_AUTHENTICATE',
  /** A passcode was sent (the first one, or again with 'Resend code'). `data` is the send response (`method_id`). */
  OTP_LOGIN_OR_CREATE: 'OTP_LOGIN_OR_CREATE',
  /** A passcode was authenticated. `data` is the authenticate response. */
  OTP_AUTHENTICATE: 'OTP_AUTHENTICATE',
  /** An account was created with a password. `data` is the create response. */
  PASSWORD_CREATE: 'PASSWORD_CREATE',
  /** A visitor logged in with a password. `data` is the authenticate response. */
  PASSWORD_AUTHENTICATE: 'PASSWORD_AUTHENTICATE',
  /**
   * A password-reset email was sent (forgot, breached, dedupe, or again with 'Resend email'). `data` is the response.
   */
  PASSWORD_RESET_BY_EMAIL_START: 'PASSWORD_RESET_BY_EMAIL_START',
  /** A new password was set from the emailed link. `data` is the reset response. */
  PASSWORD_RESET_BY_EMAIL: 'PASSWORD_RESET_BY_EMAIL',
  /** A social sign-in button started its provider's flow; the page is navigating there. `data` is `{ provider }`. */
  OAUTH_START: 'OAUTH_START',
  /** The OAuth token from the page URL was authenticated. `data` is the authenticate response. */
  OAUTH_AUTHENTICATE: 'OAUTH_AUTHENTICATE',
  /** A passkey was registered for the signed-in user. `data` is the register response. */
  PASSKEY_REGISTER: 'PASSKEY_REGISTER',
  /** A visitor signed in with a passkey (button or autofill). `data` is the authenticate response. */
  PASSKEY_AUTHENTICATE: 'PASSKEY_AUTHENTICATE',
  /** 'Skip' on Register New Passkey: no passkey was added. `data` is `{}`. */
  PASSKEY_SKIP: 'PASSKEY_SKIP',
  /** 'Done' on Passkey Registration Success. `data` is `{}`. */
  PASSKEY_DONE: 'PASSKEY_DONE',
  /**
   * A wallet sign-in's challenge was issued (crypto authenticate start). `data` is the start response (`challenge`).
   */
  CRYPTO_WALLET_AUTHENTICATE_START: 'CRYPTO_WALLET_AUTHENTICATE_START',
  /** A visitor signed in with a crypto wallet's signature. `data` is the authenticate response. */
  CRYPTO_WALLET_AUTHENTICATE: 'CRYPTO_WALLET_AUTHENTICATE',
  /** The consent page's preflight answered (identity provider). `data` is the authorize start response. */
  OAUTH_AUTHORIZE_FLOW_START: 'OAUTH_AUTHORIZE_FLOW_START',
  /**
   * The consent was submitted (Allow, or the automatic submit); the page navigates to the app next. `data` is the
   * response.
   */
  OAUTH_AUTHORIZE_FLOW_COMPLETE: 'OAUTH_AUTHORIZE_FLOW_COMPLETE',
  /** Deny on the consent screen. `data` is `{}`. */
  OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED: 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED',
  /** The flow finished and a session exists. `data` is `{}`. */
  AUTHENTICATE_FLOW_COMPLETE: 'AUTHENTICATE_FLOW_COMPLETE',
} as const;
export type WidgetEventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

/** Telemetry event names sent through `client.events.log`. */
export const TELEMETRY = {
  renderLoginScreen: 'render_login_screen',
  emailSent: 'email_sent',
  emailTryAgainClicked: 'email_try_again_clicked',
  renderIdpScreen: 'render_idp_screen',
} as const;
