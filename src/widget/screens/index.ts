// The root's screens. Main (and the token check's spinner) are in the entry; Success and Error are lazy chunks.
import { lazy, type ComponentType } from 'react';
import LoadingScreen from './Loading.tsx';
import Main from './Main.tsx';
import type { RootScreen } from '../machine/types.ts';
import type { RootScreenProps } from './types.ts';

/** Looked up by the name a state gives; every name of RootScreen has its screen here. */
export const ROOT_SCREENS: Record<string, ComponentType<RootScreenProps>> = {
  Main,
  Loading: LoadingScreen,
  Success: lazy(() => import('./Success.tsx')),
  Error: lazy(() => import('./Error.tsx')),
} satisfies Record<RootScreen, ComponentType<RootScreenProps>>;
