// Every constant of the widget spec (section 9) and of the element's public surface that the widget uses, named once.
// Wire-level defaults (magic-link expiry, session length, token query parameters) live in src/api and are imported
// from there, not repeated here.

/** The element's tag name. */
export const TAG_NAME = 'auth-login';
/**
 * Marks the space Main keeps for a product's block while its chunk loads (its value: the product). At the hand-over
 * the first-paint shell's painted block moves into it, and stays until React renders the block itself.
 */
export const BLOCK_PLACEHOLDER_ATTRIBUTE = 'data-auth-login-block';
/** The inner element React renders into, inside the element's shadow root (runtime.ts). */
export const ROOT_TAG_NAME = 'auth-login-root';

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
/** The `type` detail of magic-link telemetry: login-or-create email magic link. */
export const LOGIN_OR_CREATE_EML = 'login_or_create_eml';

/** Products the widget can show; the default is email magic links only (spec section 1). */
export const PRODUCTS = ['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys'] as const;
export const DEFAULT_PRODUCTS = ['emailMagicLinks'] as const;
/** The registry name of the consent and logout screens (products/idp/): not a value of `products`. */
export const IDENTITY_PROVIDER = 'identityProvider';
/** The element `mode` that opens the consent or logout screen, whatever the page's query string holds. */
export const IDENTITY_PROVIDER_MODE = 'identity-provider';
/** A session attested from a trusted auth token on the consent page lasts this long (spec section 9: 60 minutes). */
export const TRUSTED_TOKEN_SESSION_MINUTES = 60;
/**
 * `otpOptions.methods` when a page enables the `otp` product without naming methods: email, the default passcode type
 * of the widget state (spec section 3, `otpState.type`).
 */
export const DEFAULT_OTP_METHODS = ['email'] as const;
/** `emailMagicLinksOptions.createUserAsPending` default (spec section 9). */
export const DEFAULT_CREATE_USER_AS_PENDING = false;
/** Default locale (spec section 9). */
export const DEFAULT_LOCALE = 'en';

/**
 * The email pattern of the magic-link and passcode forms (spec section 5): a local part of letters, digits and the
 * usual symbols (dot-separated), `@`, one or more domain labels, and a top-level domain of at least 2 letters.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

// ---- Phone numbers (spec sections 5 and 9) ----

/** The country selector's default (spec section 5) and its calling code, known before the phone library loads. */
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_CALLING_CODE = '1';
/** Phone validation waits this long for the lazily loaded library, then falls back (spec section 9: 2 s). */
export const PHONE_VALIDATE_TIMEOUT_MS = 2000;
/**
 * Display formatting of the number waits this long for the library, then shows the raw number (spec section 9: 10 s).
 */
export const PHONE_FORMAT_TIMEOUT_MS = 10_000;
/** What a visitor may type between the digits of a number (spaces, dashes, dots, brackets). */
export const PHONE_SEPARATORS = /[\s().-]/g;

// ---- Passcodes (spec sections 2, 4 and 9) ----

/** The expiry countdown ticks once a second (spec section 2). */
export const COUNTDOWN_TICK_MS = 1000;
/** 'Code sent' shows this long before the resend control reverts (spec section 9: 2 s). */
export const RESEND_CONFIRMATION_MS = 2000;
/** The 'Code sent' slide-in animation (our choice: short enough to finish well inside the 2 s it shows). */
export const CODE_SENT_SLIDE_MS = 300;
/** The progress bar under 'Verifying passcode...' fills over this long (spec section 9: loading bar 10 s). */
export const LOADING_BAR_MS = 10_000;

/** Spinner rotation (spec section 9: 1.4 s). */
export const SPINNER_ANIMATION_MS = 1400;
/** Height of every button (default theme, spec section 9). */
export const BUTTON_HEIGHT = '45px';

/**
 * Marks the node that holds the widget's `<style>` elements (React's Emotion cache, and the first-paint shell's sheet).
 * Here, not beside the cache (theme/cache.ts): the entry file names it without loading Emotion.
 */
export const STYLE_HOST_ATTRIBUTE = 'data-auth-login-styles';
/** Key of the Emotion cache: class names start with it, its `<style>` elements carry `data-emotion="auth-login"`. */
export const EMOTION_CACHE_KEY = 'auth-login';

/** Web-mail shortcuts of Email Confirmation (spec section 2). `{domain}` is the email domain. */
export const MAIL_LINKS = {
  gmailForDomain: 'https://mail.google.com/mail/u/0/#search/from%3A{domain}+in%3Aanywhere',
  gmail: 'https://mail.google.com/mail/u/0/#inbox',
  yahooForDomain: 'https://mail.yahoo.com/d/search/keyword=from%253A{domain}',
  yahoo: 'https://mail.yahoo.com/d/folders/1',
  outlook: 'https://outlook.live.com/mail/0/inbox',
} as const;

// ---- Passwords (spec sections 2, 5 and 9) ----

/**
 * The live strength check waits this long after the last keystroke (spec section 5: "debounced", no value given):
 * long enough that fast typing sends one request, short enough that the meter follows the visitor's pause. Its own
 * delay, not the client's DEFAULT_DEBOUNCE_MS (500 ms): at 500 ms the meter lags visibly behind a typing visitor.
 */
export const PASSWORD_STRENGTH_DEBOUNCE_MS = 300;
/** The zxcvbn meter has four bars (spec section 5). */
export const STRENGTH_METER_BARS = 4;
/** 'Email resent' is a success toast, shown 2000 ms (spec section 9). */
export const SUCCESS_TOAST_MS = 2000;

// ---- Passkeys (spec sections 2, 4, 5 and 9) ----

/**
 * Autofill (conditional mediation) sign-in is started again at most this many times after a failure (spec section 9).
 */
export const PASSKEY_AUTOFILL_RETRIES = 5;
/** The DOMException name of a ceremony the visitor cancelled or let time out: autofill stops (spec section 5). */
export const WEBAUTHN_NOT_ALLOWED = 'NotAllowedError';
/** The DOMException name of `create()` when the authenticator already holds a credential excluded by the service. */
export const WEBAUTHN_INVALID_STATE = 'InvalidStateError';
/** The element's `mode` that opens the passkey registration component instead of the login form. */
export const PASSKEY_REGISTRATION_MODE = 'passkey-registration';
/** Error toasts (a failed rename or delete of a passkey) show this long (spec section 9: 4000 ms). */
export const ERROR_TOAST_MS = 4000;

// ---- Toasts (spec section 9) ----

/** A toast's kind decides how long it shows; an error toast is also announced assertively (role=alert). */
export const TOAST_KINDS = ['blank', 'error', 'success', 'custom'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];
/** Plain (blank) toasts show 4000 ms (spec section 9). */
export const BLANK_TOAST_MS = 4000;
/** Custom toasts show 4000 ms (spec section 9). */
export const CUSTOM_TOAST_MS = 4000;
/** How long each kind shows before it is dismissed (spec section 9: 4000 ms blank, error, custom; 2000 ms success). */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  blank: BLANK_TOAST_MS,
  error: ERROR_TOAST_MS,
  success: SUCCESS_TOAST_MS,
  custom: CUSTOM_TOAST_MS,
};
/** At most this many toasts at once; a new one pushes out the oldest (spec section 9: 20). */
export const MAX_TOASTS = 20;
/** A dismissed toast stays (fading out, hidden from assistive technology) this long before it is removed (spec 9). */
export const TOAST_REMOVE_DELAY_MS = 1000;
/** A toast is at most this wide (spec section 9: 350 px). */
export const TOAST_MAX_WIDTH_PX = 350;

// ---- Social sign-in and Google One Tap (spec sections 2, 4 and 9) ----

/** At most this many buttons across social and wallet options on Main (spec section 2). */
export const MAX_MAIN_BUTTONS = 6;
/** Room kept for the 'other wallet' button when counting wallet buttons (spec section 2: 6 − social − 1). */
export const OTHER_WALLET_BUTTONS = 1;
/** Height an embedded One Tap prompt reserves, and the height it returns to on cancel or failure (spec section 9). */
export const ONE_TAP_RESERVED_HEIGHT_PX = 47;
/** The first resizes of the embedded prompt are debounced by this long (spec section 9: 100 ms). */
export const ONE_TAP_RESIZE_DEBOUNCE_MS = 100;
/** How many of the first resizes are debounced: Google's prompt changes height quickly while it loads. */
export const ONE_TAP_DEBOUNCED_RESIZES = 2;
/** The One Tap `position` values (the hosted provider's); `undefined` means `floating`. */
export const ONE_TAP_POSITIONS = [
  'embedded',
  'floating',
  'embeddedOnly',
  'floatingOrEmbedded',
  'forceLegacyEmbedded',
] as const;
/** Positions that ask for the prompt inside the form where the browser has no native (FedCM) prompt. */
export const ONE_TAP_EMBEDDED_POSITIONS = ['embedded', 'embeddedOnly', 'floatingOrEmbedded'] as const;
/** The id Google renders an embedded prompt into (a light-DOM node, projected into the widget through a slot). */
export const ONE_TAP_PARENT_ID = 'google-parent-prompt';
/** The slot an embedded prompt is projected through. */
export const ONE_TAP_SLOT = 'one-tap';
/** One Tap's error states (spec section 4), each with a developer-facing message (`oneTap.error.<value>`). */
export const ONE_TAP_ERRORS = {
  none: 'none',
  originNotAllowedForClient: 'origin_not_allowed_for_client',
  invalidClient: 'invalid_client',
  noConfiguredOAuthClient: 'oauth_config_not_found',
  noLoginRedirectUrls: 'no_login_redirect_urls_set',
  noSignupRedirectUrls: 'no_signup_redirect_urls_set',
  defaultProviderNotAllowed: 'default_provider_not_allowed',
} as const;
export type OneTapError = (typeof ONE_TAP_ERRORS)[keyof typeof ONE_TAP_ERRORS];

/** Space between two provider buttons; Main also uses it to reserve the buttons' height while their chunk loads. */
export const SOCIAL_BUTTON_GAP_PX = 8;

/**
 * Languages written right to left: an effective locale in one of them lays the widget out mirrored (`dir="rtl"` on
 * its root). None has a built-in table; a page gives the texts with `strings`.
 */
export const RTL_LANGUAGES: readonly string[] = ['ar', 'he', 'fa', 'ur'];
