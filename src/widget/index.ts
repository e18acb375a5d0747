// The bundle entry (`/auth-login.js`): registers <auth-login> and re-exports the headless client, so a page can
// `import { createAuthClient } from '/auth-login.js'` and share one module instance (and so one session) with the
// element.
import { defineAuthLogin } from './define.ts';

export { createAuthClient } from '../client/index.ts';
export type { AuthClient, AuthClientOptions } from '../client/types.ts';
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
export { EVENT_TYPES, WIDGET_ERROR_EVENT, WIDGET_EVENT } from './constants.ts';

if (typeof customElements !== 'undefined') defineAuthLogin();
