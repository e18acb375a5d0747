import type { RootSnapshot } from '../products/types.ts';

/** Props of the root's own screens (Main, Loading, Success, Error). */
export interface RootScreenProps {
  root: RootSnapshot;
  /** Main only: a flow started from Main is running (its controls are disabled, Continue shows a spinner). */
  busy: boolean;
  /** True when the screen appears after a transition (not on first paint): it moves focus to its title. */
  autoFocus: boolean;
}
