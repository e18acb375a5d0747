// Helpers for statechart tests without React: start the root machine with a real client against the real test
// service, and read which screen shows (the root's, or the running product's) the way the view does.
import { createActor, type Actor, type AnyActorRef, type AnyMachineSnapshot, type SimulatedClock } from 'xstate';
import { createAuthClient } from '../../src/client/index.ts';
import type { AuthClient } from '../../src/client/types.ts';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { PRODUCT_CHILD, rootMachine } from '../../src/widget/machine/root.ts';
import { currentScreen } from '../../src/widget/machine/screen.ts';
import { recordFetch, resetBrowserState, type FetchRecorder } from './client.ts';
import { testEnv } from './env.ts';
import { until } from './poll.ts';

export type RootActor = Actor<typeof rootMachine>;

/**
 * Starts the root statechart on `url` (default: the test page, no token) with `config` resolved like the element does.
 */
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

/** A telemetry event the widget logged through the client. */
export interface LoggedEvent {
  name: string;
  details: Record<string, unknown> | undefined;
}

/** Records what `client.events.log` is called with, in order; the real log still runs (and sends `/events`). */
export function observeTelemetry(client: AuthClient): LoggedEvent[] {
  const logged: LoggedEvent[] = [];
  const log = client.events.log.bind(client.events);
  client.events.log = (name, details) => {
    logged.push({ name, details });
    log(name, details);
  };
  return logged;
}

/** The screen the widget would show now (machine/screen.ts). */
export function screenOf(actor: RootActor): string | undefined {
  return currentScreen(actor.getSnapshot() as unknown as AnyMachineSnapshot);
}

/** The running product's actor, if a product runs. */
export function productOf(actor: RootActor): AnyActorRef | undefined {
  return actor.getSnapshot().children[PRODUCT_CHILD] as AnyActorRef | undefined;
}

/**
 * Waits until the running product's state matches `state` (an XState state value), and returns its snapshot. Polled:
 * a product's own steps do not change the root's snapshot, so waiting on the root would miss them.
 */
export async function waitForProduct(actor: RootActor, state: unknown, timeout = 10_000): Promise<AnyMachineSnapshot> {
  return until(
    () => {
      const snapshot = productOf(actor)?.getSnapshot() as AnyMachineSnapshot | undefined;
      return snapshot?.matches(state as never) ? snapshot : null;
    },
    `the product in ${JSON.stringify(state)}`,
    timeout,
  );
}

/** Waits until the widget shows `screen` (the root's, or the running product's). */
export async function waitForScreen(actor: RootActor, screen: string, timeout = 10_000): Promise<void> {
  await until(() => screenOf(actor) === screen, `the ${screen} screen`, timeout);
}

/** What a statechart suite works with: a fresh client per test, its telemetry, its requests, and a root to start. */
export interface RootFixture {
  readonly client: AuthClient;
  readonly logged: LoggedEvent[];
  readonly rec: FetchRecorder;
  /** Starts the root statechart (stopped after the test). */
  start(config?: AuthLoginConfig, options?: { url?: string; clock?: SimulatedClock }): RootActor;
}

/**
 * Call once inside a `describe`: before each test a clean browser state, a real client against the test service with
 * its telemetry observed and its requests recorded; after it, the root stopped, the client destroyed. The client is a
 * consumer client of the service's consumer project, or what `makeClient` makes (as the element does, an organization
 * client for an organization sign-in).
 */
export function rootFixture(
  makeClient: () => AuthClient = () => createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl }),
): RootFixture {
  let state: { client: AuthClient; logged: LoggedEvent[]; rec: FetchRecorder; actor?: RootActor } | undefined;
  const current = () => {
    if (!state) throw new Error('rootFixture: used outside a test');
    return state;
  };
  beforeEach(() => {
    resetBrowserState();
    const rec = recordFetch();
    const client = makeClient();
    state = { client, logged: observeTelemetry(client), rec };
  });
  afterEach(() => {
    state?.actor?.stop();
    state?.client.destroy();
    state?.rec.restore();
    state = undefined;
  });
  return {
    get client() {
      return current().client;
    },
    get logged() {
      return current().logged;
    },
    get rec() {
      return current().rec;
    },
    start(config = {}, options = {}) {
      const actor = startRoot(current().client, config, options);
      current().actor = actor;
      return actor;
    },
  };
}
