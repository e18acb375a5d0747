// The root statechart's context, input, events and emitted events (spec section 3, "Widget state"). Each product's
// own state (passcode, password, …) lives in its product's machine (products/<name>/machine.ts).
import type { BootstrapData } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import type { LoginTab, Mode, Product, ResolvedConfig } from '../config.ts';
import type { WidgetEventType } from '../events.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { ProductModule, ProductToRootEvent, UrlTokenParams } from '../products/types.ts';

/** An error to show: a catalogue message when the error type has one, else the service's (or the client's) text. */
export interface ErrorDescriptor {
  messageKey?: MessageKey;
  message?: string;
  errorType?: string;
}

/**
 * What is typed into Main's form: the email address; the phone number as typed with the selected country and its
 * calling code; the selected tab (null: the first).
 */
export interface FormState {
  email: string;
  phone: string;
  country: string;
  callingCode: string;
  tab: LoginTab | null;
}

export interface RootContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The bootstrap document: the client's cached copy first, then the fresh one. */
  bootstrap: BootstrapData;
  formState: FormState;
  /** The error Main (or the Error screen) shows. */
  errorDescriptor: ErrorDescriptor | null;
  /**
   * The redirect token found in the page URL at start, if a product's record answers its type: that product opens
   * with it first (cleared once the product's chunk is here).
   */
  urlToken: UrlToken | null;
  /** The product the element's `mode` or the page's query opens at start, if any. */
  modeProduct: Product | null;
  /** The element's `mode` as given (the product it opens is started with `{ mode }`). */
  mode: Mode | undefined;
  /** The product being started or running (the child `product`), and what it was started with. */
  active: { product: Product; params: unknown } | null;
  /** The chunks of products fetched so far. */
  modules: Partial<Record<Product, ProductModule>>;
}

export interface RootInput {
  client: AuthClient;
  config: ResolvedConfig;
  /** The page URL to read a redirect token from; defaults to `location.href`. */
  url?: string;
  /** The element's `mode`: a product's mode opens that product at start; else Main. */
  mode?: Mode;
}

/** Main's own events, the product hand-over, and what products send up. A product's screens send to the product. */
export type RootEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'TAB_SELECTED'; tab: LoginTab }
  | { type: 'PHONE_CHANGED'; phone: string }
  | { type: 'COUNTRY_CHANGED'; country: string; callingCode: string }
  /** Continue on the Email tab: the product that answers it starts (after the address is checked). */
  | { type: 'SUBMIT_EMAIL' }
  /** Continue on a phone tab: the product that answers it starts. */
  | { type: 'SUBMIT_PHONE' }
  /** A product's own control on Main (a social button) starts that product. */
  | { type: 'START'; product: Product; params: unknown }
  | { type: 'PRODUCT_LOADED'; product: Product; module: ProductModule }
  | { type: 'BACK' }
  | { type: 'CONFIG_CHANGED'; config: ResolvedConfig }
  /** The session ended outside the widget (the page's Logout, another tab, an expired session). */
  | { type: 'SESSION_ENDED' }
  | ProductToRootEvent;

/** A redirect token of the page URL and the product whose record answers its type, with what that product does. */
export interface UrlToken extends UrlTokenParams {
  product: Product;
}

/** The root's own screens (screens/index.ts): a root state's `meta.screen` is one of them. */
export type RootScreen = 'Main' | 'Loading' | 'Success' | 'Error';

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

export type RootEmitted =
  | { type: 'widget.event'; detail: WidgetEventDetail }
  | { type: 'widget.error'; detail: WidgetErrorDetail };
