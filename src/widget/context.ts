// What every screen and primitive reads besides its snapshot: the translator, the theme and `send` — to the actor
// whose state named the screen (the root for Main and the root's screens, the running product for its own).
import { createContext, useContext } from 'react';
import type { AnyEventObject } from 'xstate';
import type { Translate } from './i18n/index.ts';
import type { Theme } from './theme/default-theme.ts';

export interface WidgetContextValue {
  t: Translate;
  theme: Theme;
  send: (event: AnyEventObject) => void;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('auth-login: a screen rendered outside the widget');
  return value;
}
