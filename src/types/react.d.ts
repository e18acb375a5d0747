// React 19 typing of <auth-login>: `import type {} from 'auth-login/react'` once (or list it in tsconfig `types`).
// React 19 sets a prop as the element's property when the element has one (config, theme, strings, callbacks,
// publicToken…) and as an attribute otherwise ('public-token'…), and an `on<event name>` prop whose value is a
// function listens to that event: `onauth-login-event={(e) => e.detail.type}`.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AuthLoginElement } from '../widget/index.js';
import type { AuthLoginError, AuthLoginEvent, AuthLoginOwnProps } from './attributes.js';

export interface AuthLoginReactProps
  extends Omit<DetailedHTMLProps<HTMLAttributes<AuthLoginElement>, AuthLoginElement>, keyof AuthLoginOwnProps>,
    AuthLoginOwnProps {
  'onauth-login-event'?: (event: AuthLoginEvent) => void;
  'onauth-login-error'?: (event: AuthLoginError) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'auth-login': AuthLoginReactProps;
    }
  }
}
