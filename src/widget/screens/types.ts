import type { SnapshotFrom } from 'xstate';
import type { LoginMachine } from '../machine/login.ts';

export type LoginSnapshot = SnapshotFrom<LoginMachine>;

export interface ScreenProps {
  snapshot: LoginSnapshot;
  /** True when the screen appears after a transition (not on first paint): it moves focus to its title. */
  autoFocus: boolean;
}
