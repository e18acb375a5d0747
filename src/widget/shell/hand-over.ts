// The element's side of the first paint (shell.ts): it paints Main without React while the rendering half loads,
// paints it again when the page changes a property meanwhile, and when React's first screen is up has the rendering
// half (take-over.ts) hand what the visitor did to the statechart as the shell goes.
import type { Mode, ResolvedConfig } from '../config.ts';
import type { RootActor } from '../machine/start.ts';
import { opensOnMain, startPoint } from '../machine/start-point.ts';
import { pageUrl } from '../machine/url-token.ts';
import { Shell, shellPaints, type ShellInput, type ShellState } from './shell.ts';
import type { sendShellFields, takeOverShell } from './take-over.ts';

/** The rendering half's side of the hand-over (runtime.ts). */
interface Runtime {
  takeOverShell: typeof takeOverShell;
  sendShellFields: typeof sendShellFields;
}

/** Whether the shell paints Main for this config and mode: only where React's first screen will be Main's form. */
export function shellPaintsMain(config: ResolvedConfig, mode: Mode | undefined): boolean {
  return shellPaints(config) && opensOnMain(startPoint(mode, pageUrl(), config));
}

/** Main painted without React, until React's first screen takes over. */
export class ShellHandOver {
  #shell: Shell | undefined;

  /** Whether the shell shows: React's root stays hidden until it takes over. */
  get showing(): boolean {
    return this.#shell !== undefined;
  }

  /** Settles when a Main of buttons alone has painted them (it is usable then); undefined for any other Main. */
  blocksPainted(): Promise<void> | undefined {
    return this.#shell?.formless ? this.#shell.blocksPainted : undefined;
  }

  /** Settles when the visitor is not typing in the shell (at once without one): React's first render waits. */
  quiet(): Promise<void> {
    return this.#shell?.quiet() ?? Promise.resolve();
  }

  /** The element has made its client: the shell shows what it knows (the watermark, the last-used provider). */
  clientMade(): void {
    this.#shell?.clientMade();
  }

  /** Removes the shell, giving what the visitor did in it for a shell painted again to take over. */
  remove(): ShellState | undefined {
    const previous = this.#shell?.state();
    this.#shell?.remove();
    this.#shell = undefined;
    return previous;
  }

  /** Paints Main without React (after `remove`), taking over what the visitor did in the shell it replaces. */
  paint(parent: ShadowRoot, input: ShellInput, previous: ShellState | undefined): void {
    this.#shell = new Shell(parent, input);
    if (previous) this.#shell.restore(previous);
  }

  /**
   * What the visitor has typed into the shell so far, sent to the statechart (nothing once the shell has gone), by the
   * rendering half's `send` (take-over.ts, not in the entry file).
   */
  sendFields(actor: RootActor, send: Runtime['sendShellFields']): void {
    if (this.#shell) send(actor, this.#shell.state());
  }

  /**
   * React shows `screen` (`waiting` for a call): the shell goes, handed over by the rendering half (take-over.ts),
   * unless it shows a screen React has not reached yet. Whether it has gone.
   */
  takeOver(
    screen: string,
    waiting: boolean,
    actor: RootActor | undefined,
    root: HTMLElement | undefined,
    runtime: Runtime,
  ): boolean {
    const shell = this.#shell;
    if (!shell || !runtime.takeOverShell(shell, screen, waiting, actor, root)) return !shell;
    this.#shell = undefined;
    return true;
  }
}
