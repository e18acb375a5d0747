// What every screen and primitive reads besides the machine snapshot: the translator, the theme and `send`.
import { createContext, useContext } from 'react';
import type { Translate } from './i18n/index.ts';
import type { LoginEvent } from './machine/types.ts';
import type { Theme } from './theme/default-theme.ts';

export interface WidgetContextValue {
  t: Translate;
  theme: Theme;
  send: (event: LoginEvent) => void;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('auth-login: a screen rendered outside the widget');
  return value;
}
