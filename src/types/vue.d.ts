// Vue 3 typing of <auth-login> in templates: `import type {} from 'auth-login/vue'` once. Vue must also be told the
// tag is a custom element (`compilerOptions.isCustomElement: (tag) => tag === 'auth-login'`); it then sets a prop as
// the element's property when the element has one, and `@auth-login-event` listens to that event.
import type { DefineComponent } from 'vue';
import type { AuthLoginError, AuthLoginEvent, AuthLoginOwnProps } from './attributes.js';

export interface AuthLoginVueProps extends AuthLoginOwnProps {
  onAuthLoginEvent?: (event: AuthLoginEvent) => void;
  onAuthLoginError?: (event: AuthLoginError) => void;
}

declare module 'vue' {
  interface GlobalComponents {
    'auth-login': DefineComponent<AuthLoginVueProps>;
  }
}
