// The bundle entry (`/auth-login.js`): registers <auth-login> and re-exports the headless client, so a page can
// `import { createAuthClient } from '/auth-login.js'` and share one module instance (and so one session) with the
// element.
import type { WIDGET_ERROR_EVENT, WIDGET_EVENT } from './events.ts';
import { defineAuthLogin } from './define.ts';
import type { AuthLoginElement } from './element.ts';
import type { WidgetErrorDetail, WidgetEventDetail } from './machine/types.ts';

export { createAuthClient } from '../client/index.ts';
export type { AuthClient, AuthClientOptions, B2BClient, B2BClientOptions } from '../client/types.ts';
/**
 * The organization (B2B) client's module, `{ createB2BClient }`, loaded on demand: a chunk of its own, so a consumer
 * page fetches none of it, and the same instance an organization sign-in's element uses, so the page and the element
 * share one member session.
 */
export const loadB2BClient = () => import('../client/b2b.ts');
export { AuthLoginElement } from './element.ts';
export { defineAuthLogin } from './define.ts';
export type {
  AuthLoginCallbacks,
  AuthLoginConfig,
  StringOverrides,
  ThemeInput,
  WidgetErrorDetail,
  WidgetEventDetail,
} from './element.ts';
export { EVENT_TYPES, WIDGET_ERROR_EVENT, WIDGET_EVENT } from './events.ts';
/** `detail` of `auth-login-event` (the same as WidgetEventDetail). */
export type AuthLoginEventDetail = WidgetEventDetail;
/** `detail` of `auth-login-error` (the same as WidgetErrorDetail). */
export type AuthLoginErrorDetail = WidgetErrorDetail;

/** The element's DOM events by name, for `addEventListener` on the element or any ancestor (they bubble, composed). */
export interface AuthLoginEventMap {
  [WIDGET_EVENT]: CustomEvent<AuthLoginEventDetail>;
  [WIDGET_ERROR_EVENT]: CustomEvent<AuthLoginErrorDetail>;
}

// Shipped in the package's declarations: `document.querySelector('auth-login')` and `createElement('auth-login')` give
// the element's type, and `addEventListener('auth-login-event', (e) => e.detail.type)` is typed without a cast.
declare global {
  interface HTMLElementTagNameMap {
    'auth-login': AuthLoginElement;
  }
  interface HTMLElementEventMap extends AuthLoginEventMap {}
}

if (typeof customElements !== 'undefined') defineAuthLogin();
