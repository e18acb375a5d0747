// What every framework's typing of <auth-login> shares: the attributes as markup writes them, and the rich properties
// (objects and functions) that frameworks which set properties (React 19, Vue 3, Svelte 5, Solid) pass as they are.
import type {
  AuthLoginCallbacks,
  AuthLoginConfig,
  AuthLoginEventMap,
  StringOverrides,
  ThemeInput,
} from '../widget/index.js';
import type { Mode } from '../widget/config.js';

/** The element's `mode`: which component it is (the widget's own Mode). */
export type AuthLoginMode = Mode;

/** The element's own attributes and properties (the framework adds its common HTML attributes). */
export interface AuthLoginOwnProps {
  'public-token'?: string;
  publicToken?: string;
  'base-url'?: string;
  baseUrl?: string;
  mode?: AuthLoginMode;
  /** The language, a BCP 47 tag (`es`, `fr-CA`, `ar`); without it the page's `lang`, else English. */
  locale?: string;
  nonce?: string;
  /** An object (set as the property) or its JSON text (the attribute). */
  config?: AuthLoginConfig | string;
  theme?: ThemeInput | string;
  strings?: StringOverrides | string;
  callbacks?: AuthLoginCallbacks;
}

export type AuthLoginEvent = AuthLoginEventMap['auth-login-event'];
export type AuthLoginError = AuthLoginEventMap['auth-login-error'];
