// Renders the screen the statechart's state names (machine/screen.ts): a root screen, or — while a product runs — the
// screen its machine's state names, from the product's chunk. Each screen's `send` goes to the actor that named it.
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ComponentType } from 'react';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { WidgetContext, useWidget } from './context.ts';
import type { RootActor } from './machine/start.ts';
import { screenMetaOf, screenOwner } from './machine/screen.ts';
import { PRODUCT_RECORDS } from './products/registry.ts';
import type { ProductScreenProps, RootSnapshot } from './products/types.ts';
import { ROOT_SCREENS } from './screens/index.ts';
import { Loading } from './screens/Loading.tsx';
import { LiveRegion } from './ui/LiveRegion.tsx';

/**
 * The first screen shown, and whether another has shown since: a later screen takes focus, the first does not steal it.
 */
interface Navigation {
  first: string | null;
  navigated: boolean;
}

function navigatedTo(navigation: Navigation, screen: string): boolean {
  navigation.first ??= screen;
  if (screen !== navigation.first) navigation.navigated = true;
  return navigation.navigated;
}

/**
 * Fetches the chunks of the products a state says a later step needs (only those the config enables). A chunk with
 * something for Main (a machine that runs there, like passkey autofill, or a block that may appear late) is handed to
 * the root, which starts its machine and lets Main render its block; the others wait in the module cache until started.
 */
function usePreload(root: RootSnapshot, names: readonly string[]) {
  const { send } = useWidget();
  const key = names.join(',');
  useEffect(() => {
    const wanted = key.split(',');
    for (const record of PRODUCT_RECORDS) {
      if (wanted.includes(record.name) && record.enabled(root.context.config)) {
        record.load().then(
          (module) => {
            if (module.mainMachine || module.MainBlock) send({ type: 'PRODUCT_LOADED', product: record.name, module });
          },
          () => undefined, // reported when the product is started (main.starting's onError)
        );
      }
    }
  }, [key, root.context.config, send]);
}

/** Called by the screen React shows, on each change, until the first-paint shell has gone (element/lifecycle.ts). */
type TakeOverShell = (screen: string, waiting: boolean) => boolean;

/**
 * Hands over from the first-paint shell once React shows a screen that is not the spinner: in the commit that puts
 * it in the DOM, before the browser paints, so the shell and React's screen never show together or one after a gap
 * (and never exist together: a page's own tests find one email field, one Continue). A shell that shows a screen
 * painted after an early send stays while React's Main is `waiting` for that call, until React shows that screen.
 */
function useShellHandOver(takeOverShell: TakeOverShell | undefined, screen: string, waiting: boolean): void {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current || !takeOverShell || screen === 'Loading') return;
    done.current = takeOverShell(screen, waiting);
  }, [takeOverShell, screen, waiting]);
}

export function View({ actor, takeOverShell }: { actor: RootActor; takeOverShell?: TakeOverShell | undefined }) {
  const root = useSelector(actor, (s) => s) as RootSnapshot;
  const navigation = useRef<Navigation>({ first: null, navigated: false }).current;
  const owner = screenOwner(root as unknown as AnyMachineSnapshot);
  const { screen = 'Loading', preload } = screenMetaOf(root as unknown as AnyMachineSnapshot);
  // The live region sits outside the screens, so it stays mounted (and heard) while they change.
  return (
    <LiveRegion>
      {owner ? (
        <ProductView root={root} child={owner.child} navigation={navigation} takeOverShell={takeOverShell} />
      ) : (
        <RootView
          root={root}
          screen={screen}
          preload={preload}
          busy={!root.matches({ main: 'idle' })}
          navigation={navigation}
          takeOverShell={takeOverShell}
        />
      )}
    </LiveRegion>
  );
}

interface RootViewProps {
  root: RootSnapshot;
  screen: string;
  preload: string[];
  busy: boolean;
  navigation: Navigation;
  takeOverShell: TakeOverShell | undefined;
}

function RootView({ root, screen, preload, busy, navigation, takeOverShell }: RootViewProps) {
  const autoFocus = navigatedTo(navigation, screen);
  usePreload(root, preload);
  useShellHandOver(takeOverShell, screen, busy);
  const Screen = ROOT_SCREENS[screen] ?? ROOT_SCREENS.Loading!;
  return (
    <Suspense fallback={<Loading />}>
      <Screen root={root} busy={busy} autoFocus={autoFocus} />
    </Suspense>
  );
}

interface ProductViewProps {
  root: RootSnapshot;
  child: AnyActorRef;
  navigation: Navigation;
  takeOverShell: TakeOverShell | undefined;
}

function ProductView({ root, child, navigation, takeOverShell }: ProductViewProps) {
  const state = useSelector(child, (s) => s) as AnyMachineSnapshot;
  const { screen = 'Main', preload } = screenMetaOf(state);
  const product = root.context.active?.product;
  const module = product ? root.context.modules[product] : undefined;
  const Screen =
    screen === 'Main' ? undefined : (module?.screens[screen] as ComponentType<ProductScreenProps> | undefined);
  const autoFocus = navigatedTo(navigation, screen === 'Main' ? screen : `${product}:${screen}`);
  usePreload(root, preload);
  // Main here is Main waiting for the product's call.
  useShellHandOver(takeOverShell, screen, screen === 'Main');
  const widget = useWidget();
  const context = useMemo(() => ({ ...widget, send: child.send.bind(child) }), [widget, child]);
  // A call started from Main is running: Main stays, busy.
  if (!Screen) {
    return (
      <RootView root={root} screen="Main" preload={[]} busy navigation={navigation} takeOverShell={takeOverShell} />
    );
  }
  return (
    <WidgetContext.Provider value={context}>
      <Suspense fallback={<Loading />}>
        <Screen state={state} root={root} autoFocus={autoFocus} />
      </Suspense>
    </WidgetContext.Provider>
  );
}
