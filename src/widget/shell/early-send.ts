// Continue on the first paint's Email tab, answered before React has arrived. The product that takes the tab may
// name an early send (its record's `emailSend`): a small function in the entry that makes its first call through the
// headless client in Continue's own task, and a small lazy module that paints the screen that follows from that
// screen's own view once the service has answered. The product's machine adopts the call already made when React
// starts it (one request, never two), and React takes over once it shows the same screen. Types only here.
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

/**
 * A product's early send. The call is made in the entry, not in the lazy module: a module asked for after the paint is
 * compiled and run by the browser's loading tasks, which wait while the visitor's input is handled, so a quick
 * visitor's Enter found it not yet run and the address left hundreds of milliseconds later (bench/sent.mjs).
 */
export interface EarlySend {
  /**
   * Makes the product's first call for `email` now if the product would (a valid address), for its machine to adopt;
   * undefined when nothing is sent (React shows what follows). A rejection is the product's to show, after React.
   */
  send(context: EarlySendContext): Promise<unknown> | undefined;
  /** The lazy module that paints the screen after an answered call: `() => import('./early-send.ts')`. */
  screen(): Promise<EarlyScreenModule>;
}

export interface EarlyScreenModule {
  /**
   * The screen to paint once the call `send` made for `email` has been answered, or undefined (React shows what
   * follows).
   */
  screen(context: EarlySendContext): Promise<PaintedScreen | undefined>;
}
