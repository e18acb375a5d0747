// The login statechart's context, input, events and emitted events (spec section 3, "Widget state").
import type { BootstrapData } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import type { ResolvedConfig } from '../config.ts';
import type { WidgetEventType } from '../constants.ts';
import type { MessageKey } from '../i18n/en.ts';

/** The screen a state shows. Later issues add OTP, password, passkey, crypto and consent screens. */
export type Screen = 'Main' | 'EmailConfirmation' | 'Success' | 'Error' | 'Loading';

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
  /** What is typed into Main's form. */
  formState: { email: string };
  /** The address a magic link was sent to (Email Confirmation). */
  magicLinkState: { email: string };
  errorDescriptor: ErrorDescriptor | null;
  /** The magic-link token found in the page URL at start, if any. */
  urlToken: string | null;
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
  | { type: 'TRY_AGAIN' }
  | { type: 'BACK' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig }
  /** The session ended outside the widget (the page's Logout, another tab, an expired session). */
  | { type: 'SESSION_ENDED' };

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
