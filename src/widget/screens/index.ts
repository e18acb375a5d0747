// Screen name → component. Main (and the tiny token-check spinner) load with the entry; every other screen is its own
// chunk, loaded on first use, so the first paint downloads only what Main needs.
import { lazy, type ComponentType } from 'react';
import type { Screen } from '../machine/types.ts';
import LoadingScreen from './Loading.tsx';
import Main from './Main.tsx';
import type { ScreenProps } from './types.ts';

const loaders = {
  EmailConfirmation: () => import('./EmailConfirmation.tsx'),
  OTPAuthenticate: () => import('./OTPAuthenticate.tsx'),
  OTPConfirmation: () => import('./OTPConfirmation.tsx'),
  Success: () => import('./Success.tsx'),
  Error: () => import('./Error.tsx'),
  Password: () => import('./Password.tsx'),
  PasswordForgot: () => import('./PasswordForgot.tsx'),
  PasswordSetNew: () => import('./PasswordSetNew.tsx'),
};

// Passwords: one module per look; Reset Form is Password's form, Breached is Forgot's, Dedupe is Set New's.
const PasswordScreen = lazy(loaders.Password);
const PasswordForgotScreen = lazy(loaders.PasswordForgot);
const PasswordSetNewScreen = lazy(loaders.PasswordSetNew);

export const SCREENS: Record<Screen, ComponentType<ScreenProps>> = {
  Main,
  Loading: LoadingScreen,
  EmailConfirmation: lazy(loaders.EmailConfirmation),
  OTPAuthenticate: lazy(loaders.OTPAuthenticate),
  OTPConfirmation: lazy(loaders.OTPConfirmation),
  Success: lazy(loaders.Success),
  Error: lazy(loaders.Error),
  Password: PasswordScreen,
  PasswordResetForm: PasswordScreen,
  PasswordForgot: PasswordForgotScreen,
  PasswordBreached: PasswordForgotScreen,
  PasswordSetNew: PasswordSetNewScreen,
  PasswordDedupe: PasswordSetNewScreen,
};

/** Starts downloading a lazy screen before it is needed (e.g. Email Confirmation while the link is being sent). */
export function preloadScreen(screen: keyof typeof loaders): void {
  void loaders[screen]().catch(() => undefined);
}
