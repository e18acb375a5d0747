// Helpers for statechart tests without React: start the root machine with a real client against the real test
// service, and read which screen shows (the root's, or the running product's) the way the view does.
import { createActor, waitFor, type Actor, type AnyActorRef, type AnyMachineSnapshot, type SimulatedClock } from 'xstate';
import type { AuthClient } from '../../src/client/types.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { PRODUCT_CHILD, rootMachine } from '../../src/widget/machine/root.ts';
import { currentScreen } from '../../src/widget/machine/screen.ts';
import { testEnv } from './env.ts';

export type RootActor = Actor<typeof rootMachine>;

/** Starts the root statechart on `url` (default: the test page, no token) with `config` resolved like the element does. */
export function startRoot(
  client: AuthClient,
  config: AuthLoginConfig = {},
  options: { url?: string; clock?: SimulatedClock } = {},
): RootActor {
  const actor = createActor(rootMachine, {
    input: { client, config: resolveConfig(config, testEnv.pageOrigin), url: options.url ?? `${testEnv.pageOrigin}/` },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  actor.start();
  return actor;
}

/** The screen the widget would show now (machine/screen.ts). */
export function screenOf(actor: RootActor): string | undefined {
  return currentScreen(actor.getSnapshot() as unknown as AnyMachineSnapshot);
}

/** The running product's actor, if a product runs. */
export function productOf(actor: RootActor): AnyActorRef | undefined {
  return actor.getSnapshot().children[PRODUCT_CHILD] as AnyActorRef | undefined;
}

/** Waits until the running product's state matches `state` (an XState state value), and returns its snapshot. */
export async function waitForProduct(actor: RootActor, state: unknown, timeout = 10_000): Promise<AnyMachineSnapshot> {
  await waitFor(actor, () => Boolean((productOf(actor)?.getSnapshot() as AnyMachineSnapshot | undefined)?.matches(state as never)), {
    timeout,
  });
  return productOf(actor)!.getSnapshot() as AnyMachineSnapshot;
}

/** Waits until the widget shows `screen`. */
export async function waitForScreen(actor: RootActor, screen: string, timeout = 10_000): Promise<void> {
  await waitFor(actor, () => screenOf(actor) === screen, { timeout });
}
