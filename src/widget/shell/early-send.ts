// Continue on the first paint's Email tab, answered before React has arrived. The product that takes the tab may
// name a small lazy module (its record's `emailSend`) that makes its first call through the headless client the
// moment Continue is pressed, and paints the screen that follows from that screen's own view once the service has
// answered. The product's machine adopts the call already made when React starts it (one request, never two), and
// React takes over once it shows the same screen. Types only: the entry file carries none of it.
import type { AuthClient } from '../../client/types.ts';
import type { ResolvedConfig } from '../config.ts';
import type { Translate } from '../i18n/index.ts';
import type { ViewChild } from '../view/node.ts';

/** An event for the product's machine, from a button of a painted screen pressed before React took over. */
export interface HeldEvent {
  type: string;
}

export interface EarlySendContext {
  client: AuthClient;
  config: ResolvedConfig;
  /** The address as typed on the Email tab. */
  email: string;
}

export interface PaintContext {
  t: Translate;
  /** An id for the screen's `name`d node, unique in the widget. */
  id(name: string): string;
  /** A button was pressed: its event goes to the product's machine at the hand-over. */
  hold(event: HeldEvent): void;
}

/** The screen the first paint shows once the call has been answered. */
export interface PaintedScreen {
  /** Its name in the product's machine (`meta.screen`): React takes over when it shows the same. */
  screen: string;
  /** Its title, said by the status region as React's Header says it. */
  title(t: Translate): string;
  view(context: PaintContext): ViewChild[];
}

export interface EarlySendModule {
  /**
   * Makes the product's first call for `email` if the product would (a valid address), for its machine to adopt.
   * Resolves with the screen to paint once the service has answered, or undefined (nothing sent, or the call failed:
   * React shows what follows, the error included).
   */
  send(context: EarlySendContext): Promise<PaintedScreen | undefined>;
}
