// Solid typing of <auth-login>: `import type {} from 'auth-login/solid'` once. Solid sets props of a custom element
// as its properties, and listens to its events with `on:auth-login-event={…}`.
import type { JSX } from 'solid-js';
import type { AuthLoginElement } from '../widget/index.js';
import type { AuthLoginError, AuthLoginEvent, AuthLoginOwnProps } from './attributes.js';

export interface AuthLoginSolidProps
  extends Omit<JSX.HTMLAttributes<AuthLoginElement>, keyof AuthLoginOwnProps>,
    AuthLoginOwnProps {
  'on:auth-login-event'?: (event: AuthLoginEvent) => void;
  'on:auth-login-error'?: (event: AuthLoginError) => void;
}

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'auth-login': AuthLoginSolidProps;
    }
  }
}
