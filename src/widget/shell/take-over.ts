// The hand-over from the first paint (shell.ts) to React, part of the rendering chunk (runtime.ts): it runs only once
// React is there, so none of it is in the entry file a visitor fetches before the form is usable. What the visitor did
// passes to the statechart (the address, the tab, the focus, a held Continue or block button) and the painted blocks
// move into React's Main as the shell goes.
import { BLOCK_PLACEHOLDER_ATTRIBUTE } from '../dom-names.ts';
import { PRODUCT_CHILD } from '../machine/root.ts';
import type { RootActor } from '../machine/start.ts';
import type { HeldStart } from './blocks.ts';
import { counterpart, type Shell, type ShellState } from './shell.ts';

/** How many frames the hand-over waits for React to render the field the visitor was in before giving up on it. */
const SHELL_FOCUS_FRAMES = 10;

/**
 * A block moved into React's Main is replaced once React renders the block itself. A keyboard user on one of its
 * buttons (tabbed there before or after the hand-over) would then be dropped to the page's body: the focus goes to
 * React's same button instead. Only when the focus was lost with the block, never taken from elsewhere.
 */
function followFocusOut(moved: HTMLElement[]): void {
  const root = moved[0]!.getRootNode() as ShadowRoot | Document;
  let focused: string | null = null;
  const track = (event: Event) => {
    const inBlock = moved.some((block) => block.contains(event.target as Node));
    focused = inBlock && event.target instanceof HTMLElement ? counterpart(event.target) : null;
  };
  root.addEventListener('focusin', track);
  const observer = new MutationObserver(() => {
    if (moved.every((block) => block.isConnected)) return;
    const lost = !root.activeElement && (document.activeElement === document.body || document.activeElement === null);
    if (focused && lost) root.querySelector<HTMLElement>(focused)?.focus();
    if (moved.some((block) => block.isConnected)) return;
    observer.disconnect();
    root.removeEventListener('focusin', track);
  });
  observer.observe(root, { childList: true, subtree: true });
}

/**
 * Moves each block the shell painted into the space React's Main keeps for it while the product's chunk loads (where
 * React already shows the block, the painted one is dropped): the buttons stay in place, and pressed they `send` their
 * START to React; React replaces the space, and them, once it renders the block.
 */
export function adoptBlocks(shell: Shell, reactRoot: ParentNode, send: (start: HeldStart) => void): void {
  const moved: HTMLElement[] = [];
  for (const [product, nodes] of shell.releaseBlocks(send)) {
    const space = reactRoot.querySelector(`[${BLOCK_PLACEHOLDER_ATTRIBUTE}="${product}"]`);
    if (!space || nodes.length === 0) continue;
    space.removeAttribute('aria-hidden');
    space.append(...nodes);
    moved.push(...nodes.filter((node): node is HTMLElement => node instanceof HTMLElement));
  }
  if (moved.length === 0) return;
  shell.keepStyles();
  followFocusOut(moved);
}

/** The shell's tab and fields as the statechart's form events (the same the React form sends as the visitor types). */
export function sendShellFields(actor: RootActor, { tab, email, phone }: ShellState): void {
  if (tab) actor.send({ type: 'TAB_SELECTED', tab });
  if (email) actor.send({ type: 'EMAIL_CHANGED', email });
  if (phone) actor.send({ type: 'PHONE_CHANGED', phone });
}

/** Shells whose painted screen's Continue React's statechart has been given (it is catching up with them). */
const caughtUp = new WeakSet<Shell>();

/**
 * React shows `screen` (`waiting`: for a call, Main busy): the shell goes, and whether it went is returned. On Main
 * what the visitor did passes over to the statechart and React's `root`: the painted blocks, the address, a held
 * Continue, the focus. A shell showing the screen after an early send (early-send.ts) stays until React shows that
 * screen too: React's statechart is given the address and Continue at once, and its product adopts the call made.
 */
export function takeOverShell(
  shell: Shell,
  screen: string,
  waiting: boolean,
  actor: RootActor | undefined,
  root: HTMLElement | undefined,
): boolean {
  const state = shell.state();
  if (state.painted && actor && root) {
    if (!caughtUp.has(shell)) {
      caughtUp.add(shell);
      sendShellFields(actor, state);
      actor.send({ type: 'SUBMIT_EMAIL' });
      return false;
    }
    // Until React is there too (or shows another screen: an error on Main, should the product's chunk fail).
    if (screen === 'Main' && waiting) return false;
  }
  if ((screen !== 'Main' && !state.painted) || !actor || !root) {
    shell.remove();
    return true;
  }
  adoptBlocks(shell, root, (start) => actor.send({ type: 'START', ...start }));
  shell.remove();
  if (state.painted) {
    // A button of the painted screen pressed meanwhile: its product's machine gets it now.
    if (state.held) actor.getSnapshot().children[PRODUCT_CHILD]?.send(state.held);
  } else {
    sendShellFields(actor, state);
    if (state.submitted) actor.send({ type: state.tab === 'email' ? 'SUBMIT_EMAIL' : 'SUBMIT_PHONE' });
    if (state.start) actor.send({ type: 'START', ...state.start });
  }
  // The control may be in a form React renders only for these events (another tab's): focused once it is there.
  const selector = state.focus;
  if (!selector) return true;
  const focus = (frames: number): void => {
    const control = root.querySelector<HTMLElement>(selector);
    if (!control) {
      if (frames > 0) requestAnimationFrame(() => focus(frames - 1));
      return;
    }
    // On a painted block's button moved into React's Main, the shell moves the focus on when React replaces it.
    control.focus();
  };
  focus(SHELL_FOCUS_FRAMES);
  return true;
}
