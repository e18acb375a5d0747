// The login statechart's context, input, events and emitted events (spec section 3, "Widget state").
import type { BootstrapData, OtpMethod, OtpSendResponse, PasswordStrengthCheckResponse, UserType } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import type { LoginTab, ResolvedConfig } from '../config.ts';
import type { OneTapError, WidgetEventType } from '../constants.ts';
import type { MessageKey } from '../i18n/en.ts';

/** The screen a state shows. Later issues add password, passkey, crypto and consent screens. */
export type Screen =
  | 'Main'
  | 'EmailConfirmation'
  | 'OTPAuthenticate'
  | 'OTPConfirmation'
  | 'Success'
  | 'Error'
  | 'Loading'
  // Passwords (spec section 2)
  | 'Password'
  | 'PasswordForgot'
  | 'PasswordBreached'
  | 'PasswordSetNew'
  | 'PasswordDedupe'
  | 'PasswordResetForm';
// Password Confirmation (spec section 2) is the generic success screen: `success` shows it and completes the flow.

/** An error to show: a catalogue message when the error type has one, else the service's (or the client's) text. */
export interface ErrorDescriptor {
  messageKey?: MessageKey;
  message?: string;
  errorType?: string;
}

export interface LoginContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The bootstrap document: the client's cached copy first, then the fresh one. */
  bootstrap: BootstrapData;
  screen: Screen;
  /**
   * What is typed into Main's form: the email address; the phone number as typed with the selected country and its
   * calling code; the selected tab (null: the first).
   */
  formState: { email: string; phone: string; country: string; callingCode: string; tab: LoginTab | null };
  /** The address a magic link was sent to (Email Confirmation). */
  magicLinkState: { email: string };
  /**
   * The passcode flow (spec section 3): the channel, the `method_id` of the send response, and where the code went (the
   * address, or the number in E.164).
   */
  otpState: { type: OtpMethod; methodId: string; otpDestination: string };
  /**
   * OTP Authenticate's own state: the digits typed so far, the seconds until the code expires, and the destination as
   * shown (the number formatted for display once the phone library has answered).
   */
  passcode: { code: string; secondsLeft: number; displayDestination: string };
  errorDescriptor: ErrorDescriptor | null;
  /** The redirect token found in the page URL at start (a magic link or an OAuth sign-in), if any. */
  urlToken: { type: UrlTokenType; token: string } | null;
  /** The social provider last used on this device (`…::b2c_last_used_oauth`), listed first with 'Last used'. */
  lastUsedOAuth: string | null;
  /**
   * The password flow (spec section 3): the address and its user type from the search, the password typed so far, and
   * the newest strength check of it (null until one answered for the current text).
   */
  passwordState: { email: string; type: UserType; password: string; strength: PasswordStrengthCheckResponse | null };
  /** The reset token of an emailed link (`?stytch_token_type=reset_password&token=…`) found in the page URL at start. */
  resetPasswordState: { token: string | null };
}

export interface LoginInput {
  client: AuthClient;
  config: ResolvedConfig;
  /** The page URL to read a redirect token from; defaults to `location.href`. */
  url?: string;
}

export type LoginEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'SUBMIT_EMAIL' }
  | { type: 'TAB_SELECTED'; tab: LoginTab }
  | { type: 'PHONE_CHANGED'; phone: string }
  | { type: 'COUNTRY_CHANGED'; country: string; callingCode: string }
  /** Continue on a phone tab: validate the number, then send a passcode by the tab's channel. */
  | { type: 'SUBMIT_PHONE' }
  /** The passcode input changed (any text; the statechart keeps its first six digits). */
  | { type: 'CODE_CHANGED'; code: string }
  /** 'Resend code': forwarded to the resend control's own statechart. */
  | { type: 'RESEND' }
  /** From the resend control: a new passcode was sent. */
  | { type: 'OTP_RESENT'; response: OtpSendResponse }
  /** From the resend control: sending a new passcode failed. */
  | { type: 'OTP_RESEND_FAILED'; error: unknown }
  | { type: 'TRY_AGAIN' }
  /** Password screens: the password field changed; Continue; 'Forgot Password'; the 'instead' email option. */
  | { type: 'PASSWORD_CHANGED'; password: string }
  | { type: 'SUBMIT_PASSWORD' }
  | { type: 'FORGOT_PASSWORD' }
  | { type: 'USE_EMAIL_INSTEAD' }
  /** Password Forgot and Password Breached: send the reset email. */
  | { type: 'SEND_RESET' }
  /** Password Set New and Password Dedupe: send the reset email again. */
  | { type: 'RESEND_RESET' }
  | { type: 'BACK' }
  /** A social sign-in button: start the provider's flow. */
  | { type: 'OAUTH_START'; provider: string }
  /** The browser showed the page again from its back/forward cache (back from a provider's page). */
  | { type: 'PAGE_RESTORED' }
  /** From the One Tap child: it reached an error state (the developer-facing message is reported). */
  | { type: 'ONE_TAP_ERROR'; error: OneTapError }
  /** From the One Tap child: the service refused Google's credential (its error is shown like a failed call's). */
  | { type: 'ONE_TAP_SIGN_IN_FAILED'; error: unknown }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig }
  /** The session ended outside the widget (the page's Logout, another tab, an expired session). */
  | { type: 'SESSION_ENDED' };

/** The redirect tokens the widget authenticates when the page opens with one. */
export type UrlTokenType = 'magic_links' | 'oauth';

/** `detail` of `auth-login-event` and the argument of `callbacks.onEvent`. */
export interface WidgetEventDetail {
  type: WidgetEventType;
  data: unknown;
}

/** `detail` of `auth-login-error` and the argument of `callbacks.onError`. */
export interface WidgetErrorDetail {
  message: string;
  error_type?: string;
}

export type LoginEmitted =
  | { type: 'widget.event'; detail: WidgetEventDetail }
  | { type: 'widget.error'; detail: WidgetErrorDetail };
