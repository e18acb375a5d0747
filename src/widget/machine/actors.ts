// The root statechart's own calls: the bootstrap document, the session watch, fetching a product's chunk, and running
// the machine that chunk brings. Each product's calls live in its folder (products/<name>/actors.ts).
import {
  fromCallback,
  fromPromise,
  type ActorLogic,
  type ActorSystem,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate';
import type { BootstrapData } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import { loginTabs, type Product, type ResolvedConfig } from '../config.ts';
import { enabledRecords, recordOf } from '../products/registry.ts';
import type { ProductModule } from '../products/types.ts';

export const loadBootstrap = fromPromise<BootstrapData, { client: AuthClient }>(({ input }) =>
  input.client.bootstrap.get(),
);

/** Tells the statechart when the session ends, so a signed-out visitor never sees a stale success screen. */
export const watchSession = fromCallback<{ type: 'SESSION_ENDED' }, { client: AuthClient }>(({ input, sendBack }) =>
  input.client.session.onChange((session) => {
    if (!session) sendBack({ type: 'SESSION_ENDED' });
  }),
);

/** One product's chunk (the browser fetches a module once, so asking again is free). */
export const loadProduct = fromPromise<ProductModule, { product: Product }>(({ input }) =>
  recordOf(input.product).load(),
);

/** What runLoadedMachine starts: a machine from a product's chunk, and that machine's own input. */
export interface LoadedMachineInput {
  machine: AnyStateMachine;
  input: unknown;
}

// The system is named (XState's default is a type its package does not export), so declarations can name this type.
// biome-ignore lint/suspicious/noExplicitAny: any system, as XState's own default for actor logic.
type AnySystem = ActorSystem<any>;

/**
 * Runs a machine that arrives in a chunk fetched at run time (a product's machine, or the one it runs while Main
 * shows) under a name the root's `setup` knows, so the root invokes and spawns it with a typed id and input like any
 * of its own actors. The actor is the machine itself in all but name: its snapshot is the machine's snapshot (states,
 * meta, children, output), each step is the machine's own, and it talks to the root as the machine's parent. A
 * persisted snapshot would not say which machine it came from; the root is never restored from one.
 */
export const runLoadedMachine: ActorLogic<AnyMachineSnapshot, AnyEventObject, LoadedMachineInput, AnySystem> = {
  getInitialSnapshot: (actorScope, { machine, input }) => machine.getInitialSnapshot(actorScope, input),
  start: (snapshot) => snapshot.machine.start(snapshot),
  transition: (snapshot, event, actorScope) => snapshot.machine.transition(snapshot, event, actorScope),
  getPersistedSnapshot: (snapshot, options) => snapshot.machine.getPersistedSnapshot(snapshot, options),
};

/**
 * On a Main without a login form (products' blocks only), fetches at once the chunk of every enabled product
 * with a block there, since those blocks are what makes Main usable, and reports each as it arrives, so Main shows the
 * block and starts the product's Main machine. With a form, every chunk, blocks included, is fetched by the view once
 * Main has painted (the `preload` of Main's state): the form is usable on the entry alone, and the block's height is
 * kept free until it arrives (a block's chunk no longer competes with the form's first paint).
 */
export const preloadProducts = fromCallback<
  { type: 'PRODUCT_LOADED'; product: Product; module: ProductModule },
  { config: ResolvedConfig }
>(({ input, sendBack }) => {
  let stopped = false;
  const mainHasForm = loginTabs(input.config).length > 0;
  for (const record of enabledRecords(input.config).filter((r) => !mainHasForm && r.mainBlockHeight?.(input.config))) {
    record.load().then(
      (module) => stopped || sendBack({ type: 'PRODUCT_LOADED', product: record.name, module }),
      () => undefined, // reported when the product is started (main.starting's onError)
    );
  }
  return () => {
    stopped = true;
  };
});
