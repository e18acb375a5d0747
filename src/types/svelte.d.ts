// Svelte 5 typing of <auth-login>: `import type {} from 'auth-login/svelte'` once (e.g. in src/app.d.ts). Svelte 5
// sets a prop as the element's property when the element has one, and `onauth-login-event={…}` listens to that event.
import type { HTMLAttributes } from 'svelte/elements';
import type { AuthLoginElement } from '../widget/index.js';
import type { AuthLoginError, AuthLoginEvent, AuthLoginOwnProps } from './attributes.js';

export interface AuthLoginSvelteProps
  extends Omit<HTMLAttributes<AuthLoginElement>, keyof AuthLoginOwnProps>,
    AuthLoginOwnProps {
  'onauth-login-event'?: (event: AuthLoginEvent) => void;
  'onauth-login-error'?: (event: AuthLoginError) => void;
}

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'auth-login': AuthLoginSvelteProps;
  }
}
