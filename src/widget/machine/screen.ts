// Which screen a snapshot shows: the `meta.screen` of its deepest active state that names one (ScreenMeta), or the
// child the state delegates to (`meta.screenFrom`). Used by the view, and by tests to assert screens.
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { Product } from '../config.ts';
import { PRODUCT_RECORDS } from '../products/registry.ts';
import type { DelegatedScreenMeta, ScreenMeta } from '../products/types.ts';

export type StateMeta = Partial<ScreenMeta & DelegatedScreenMeta>;

/** The metas of the active states, outermost first (XState lists them in document order). */
function activeMetas(snapshot: AnyMachineSnapshot): StateMeta[] {
  return Object.values(snapshot.getMeta() as Record<string, StateMeta>);
}

/** The screen the snapshot's own states name (deepest wins), the child it delegates to, and what to preload. */
export function screenMetaOf(snapshot: AnyMachineSnapshot): {
  screen?: string;
  screenFrom?: string;
  preload: Product[];
} {
  const metas = activeMetas(snapshot);
  const named = metas.filter((meta) => meta.screen || meta.screenFrom).at(-1);
  return {
    ...(named?.screen ? { screen: named.screen } : {}),
    ...(named?.screenFrom ? { screenFrom: named.screenFrom } : {}),
    preload: metas.flatMap((meta) =>
      meta.preloadRegistered ? PRODUCT_RECORDS.map((record) => record.name) : (meta.preload ?? []),
    ),
  };
}

/** The actor whose state names the screen: the snapshot's own machine, or the child its state delegates to. */
export function screenOwner(snapshot: AnyMachineSnapshot): { child: AnyActorRef } | null {
  const { screenFrom } = screenMetaOf(snapshot);
  const child = screenFrom ? (snapshot.children[screenFrom] as AnyActorRef | undefined) : undefined;
  return child ? { child } : null;
}

/** The screen a root snapshot shows, following delegation to the running product (for tests and the element). */
export function currentScreen(snapshot: AnyMachineSnapshot): string | undefined {
  const owner = screenOwner(snapshot);
  if (!owner) return screenMetaOf(snapshot).screen;
  return currentScreen(owner.child.getSnapshot() as AnyMachineSnapshot);
}
