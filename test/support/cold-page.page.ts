// A cold page (opened by cold-page.ts in an iframe): a document of its own in which only the element's entry has been
// evaluated, so no product chunk, no lazy string table and no Spanish or French table is loaded until the element's
// own path loads it. The test drives it through `window.coldPage`. Besides the element it keeps a record of every
// screen React commits (which one, in which state), and can hold a request or a product's chunk, or start a product's
// machine in a chosen state: a state no journey can stop in is still shown by the real element, view and screen.
import '../../src/widget/index.ts';
import { createElement, useLayoutEffect, type ComponentType } from 'react';
import { createMachine, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { Locale } from '../../src/api/locales.ts';
import type { AuthLoginConfig, Product } from '../../src/widget/config.ts';
import type { AuthLoginElement } from '../../src/widget/element.ts';
import { createTranslator, type MessageKey } from '../../src/widget/i18n/index.ts';
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../../src/widget/products/registry.ts';
import type { OpensAtStart, ProductModule, RootSnapshot } from '../../src/widget/products/types.ts';
import { ROOT_SCREENS } from '../../src/widget/screens/index.ts';

/** One commit of a screen: its name, the root's snapshot and, while a product runs, that product and its snapshot. */
export interface ScreenCommit {
  screen: string;
  root: RootSnapshot;
  product: Product | null;
  productState: AnyMachineSnapshot | null;
}

/** Who names a screen: the root statechart, or a product's machine. */
export type ScreenOwner = 'root' | Product;

/**
 * How a product's machine starts when it is seeded: its start parameters (as the root would pass them) and fields of
 * its context a step before would have set. Plain data: it is copied into this page.
 */
export interface Seed {
  params?: unknown;
  context?: Record<string, unknown>;
}

export interface MountOptions {
  baseUrl: string;
  publicToken: string;
  locale: Locale;
  config?: AuthLoginConfig;
  mode?: string;
}

export interface ColdPage {
  /** Every screen React has committed, oldest first. */
  commits: ScreenCommit[];
  /**
   * What this page's tables already hold: `en:<key>` for each of `lazyKeys` with an English text, `<locale>:<key>` for
   * each of `keys` with a text of its own in one of `locales`. On a cold page, nothing.
   */
  loadedTexts(lazyKeys: readonly string[], keys: readonly string[], locales: readonly Locale[]): string[];
  /** Whether the newest commit is `screen` while `owner`'s machine is in the state at `path`. */
  shows(owner: ScreenOwner, path: readonly string[], screen: string): boolean;
  /** Sets this page's address (its query string: a redirect token, an authorize link). */
  setQuery(query: string): void;
  /** Holds this page's requests to paths ending in `suffix`: the state waiting for the answer stays. */
  hold(suffix: string): void;
  /** A product's chunk never arrives: the root stays where it waits for it. */
  holdChunk(product: Product): void;
  /**
   * The page's query opens `product`, whose machine starts in the state at `path`, with that state's own waiting (its
   * calls, timers and eventless moves) taken out when it is a leaf, so it stays there; compound states keep theirs.
   */
  seed(product: Product, path: readonly string[], seed: Seed): void;
  mount(options: MountOptions): AuthLoginElement;
  /** Types into an input of this page the way React sees it (this page's native value setter, then `input`). */
  typeInto(input: HTMLInputElement, value: string): void;
}

/** The query parameter a seeded product opens from. */
const SEED_PARAM = 'cold-page-open';

const commits: ScreenCommit[] = [];

/** A screen that records each commit of itself (in a layout effect: a lazy screen commits once it has loaded). */
function recorded<P extends { root: RootSnapshot; state?: AnyMachineSnapshot }>(
  name: string,
  Screen: ComponentType<P>,
): ComponentType<P> {
  function Recorded(props: P) {
    useLayoutEffect(() => {
      const running = props.root.children.product as { getSnapshot(): AnyMachineSnapshot } | undefined;
      commits.push({
        screen: name,
        root: props.root,
        product: props.root.matches('product') ? (props.root.context.active?.product ?? null) : null,
        productState: props.state ?? running?.getSnapshot() ?? null,
      });
    });
    return createElement(Screen, props);
  }
  Recorded.displayName = `Recorded(${name})`;
  return Recorded;
}

for (const [name, Screen] of Object.entries(ROOT_SCREENS)) ROOT_SCREENS[name] = recorded(name, Screen);

const seeds = new Map<Product, { path: readonly string[]; seed: Seed }>();
const heldChunks = new Set<Product>();
const wrapped = new WeakMap<ProductModule, ProductModule>();

/** A state value naming the state at `path` ('a' or { a: { b: 'c' } }), for `matches`. */
function stateValue(path: readonly string[]): unknown {
  const [head, ...rest] = path;
  return rest.length === 0 ? head : { [head!]: stateValue(rest) };
}

type NodeConfig = {
  initial?: string;
  type?: string;
  states?: Record<string, NodeConfig>;
  context?: unknown;
  [key: string]: unknown;
};

/** `config` with the states on `path` entered first; the last one, if a leaf, without what would make it move on. */
function enteringAt(config: NodeConfig, path: readonly string[]): NodeConfig {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (config.states && Object.keys(config.states).length > 0) return config;
    const { invoke: _invoke, after: _after, always: _always, ...still } = config;
    return still;
  }
  const child = config.states?.[head];
  if (!child) throw new Error(`cold page: no state ${head} to seed`);
  const states = { ...config.states, [head]: enteringAt(child, rest) };
  // A parallel state enters every region anyway; a compound one enters the path's child instead of its initial.
  return config.type === 'parallel' ? { ...config, states } : { ...config, initial: head, states };
}

/** `machine`, started in the state at `path` with `seed`'s parameters and context; its implementations unchanged. */
function seededMachine(machine: AnyStateMachine, path: readonly string[], seed: Seed): AnyStateMachine {
  const config = enteringAt(machine.config as NodeConfig, path);
  const context = config.context;
  type ContextArgs = { input: { params?: unknown } & Record<string, unknown> } & Record<string, unknown>;
  return createMachine(
    {
      ...config,
      context: (args: ContextArgs) => {
        const input = 'params' in seed ? { ...args.input, params: seed.params } : args.input;
        const initial = typeof context === 'function' ? context({ ...args, input }) : context;
        return { ...initial, ...seed.context };
      },
    } as never,
    machine.implementations as never,
  ) as AnyStateMachine;
}

/** The product's module with recording screens and, when seeded, its machine starting where the test asked. */
function wrap(product: Product, module: ProductModule): ProductModule {
  const known = wrapped.get(module);
  if (known) return known;
  const screens = Object.fromEntries(
    Object.entries(module.screens).map(([name, Screen]) => [name, recorded(name, Screen)]),
  );
  const seeded = seeds.get(product);
  const machine = seeded ? seededMachine(module.machine, seeded.path, seeded.seed) : module.machine;
  const result = { ...module, machine, screens };
  wrapped.set(module, result);
  return result;
}

/**
 * Every product's chunk still loads through its record (the registry's path: chunk and tables); what it gives is
 * wrapped, so its screens record their commits.
 */
function wrapLoads(): void {
  for (const record of PRODUCT_RECORDS) {
    const load = record.load;
    record.load = () =>
      heldChunks.has(record.name) ? new Promise<never>(() => undefined) : load().then((m) => wrap(record.name, m));
  }
}

const coldPage: ColdPage = {
  commits,
  loadedTexts(lazyKeys, keys, locales) {
    const english = createTranslator();
    const loaded = lazyKeys.filter((key) => english(key as MessageKey) !== key).map((key) => `en:${key}`);
    for (const locale of locales) {
      const t = createTranslator(null, locale);
      loaded.push(
        ...keys.filter((key) => t(key as MessageKey) !== english(key as MessageKey)).map((key) => `${locale}:${key}`),
      );
    }
    return loaded;
  },
  shows(owner, path, screen) {
    const last = commits.at(-1);
    if (!last || last.screen !== screen) return false;
    if (owner === 'root') return last.root.matches(stateValue(path) as never);
    return last.product === owner && Boolean(last.productState?.matches(stateValue(path) as never));
  },
  setQuery(query) {
    history.replaceState(null, '', `${location.pathname}${query}`);
  },
  hold(suffix) {
    const original = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(new Request(input, init).url).pathname.endsWith(suffix)) await new Promise<never>(() => undefined);
      return original.call(window, input, init);
    };
  },
  holdChunk(product) {
    heldChunks.add(product);
  },
  seed(product, path, seed) {
    const record = PRODUCT_RECORDS.find((r) => r.name === product);
    if (!record) throw new Error(`cold page: no product ${product}`);
    seeds.set(product, { path: [...path], seed: structuredClone(seed) });
    // Opened by this page's query, as a product whose record names a query opens at start (the element sets no mode,
    // so the mode here, the record's own if it has one, is never asked for).
    const mode = record.opens?.mode ?? ('cold-page' as OpensAtStart['mode']);
    record.opens = { ...record.opens, mode, fromQuery: (query) => query.get(SEED_PARAM) === product };
    this.setQuery(`?${SEED_PARAM}=${encodeURIComponent(product)}`);
  },
  mount({ baseUrl, publicToken, locale, config, mode }) {
    const el = document.createElement('auth-login');
    el.baseUrl = baseUrl;
    el.publicToken = publicToken;
    el.locale = locale;
    if (config) el.config = structuredClone(config);
    if (mode) el.mode = mode as AuthLoginElement['mode'];
    document.body.append(el);
    return el;
  },
  typeInto(input, value) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  },
};

// Every product, the organization ones included (they register on demand), before the test may drive the page. Not
// awaited at the top level: the page runs as a classic script (cold-page.ts), where that would not parse.
void registerOrganizationProducts().then(() => {
  wrapLoads();
  (window as unknown as { coldPage: ColdPage }).coldPage = coldPage;
});
