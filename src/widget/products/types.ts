// The contract between the root statechart and a sign-in product (docs/architecture.md). A product is one folder under
// products/: a small record (this file's ProductRecord) that is always in the entry, and a lazy chunk (ProductModule:
// its machine, screens and strings) fetched only when the element's config enables the product.
import type { BlockViewModule } from '../shell/blocks.ts';
import type { EarlySend } from '../shell/early-send.ts';
import type { ComponentType } from 'react';
import type { AnyActorRef, AnyStateMachine, SnapshotFrom, StateValue } from 'xstate';
import type { BootstrapData } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import type { AuthLoginConfig, ConfigContext, LoginTab, Product, ResolvedConfig } from '../config.ts';
import type { MessageKey } from '../i18n/en.ts';
import type { Translations } from '../i18n/tables.ts';
import type { RootMachine } from '../machine/root.ts';
import type { ErrorDescriptor, FormState, RootScreen, WidgetErrorDetail, WidgetEventDetail } from '../machine/types.ts';
import type { ProductMode, RegisteredFacts } from './registry.ts';

export type RootSnapshot = SnapshotFrom<RootMachine>;

/** What the root gives a product's machine when it starts it (invoked as the child `product`). */
export interface ProductInput<Params = unknown> {
  client: AuthClient;
  config: ResolvedConfig;
  bootstrap: BootstrapData;
  /** Main's form as the visitor left it (the address or number typed, the selected tab). */
  formState: FormState;
  /** What started the product: each product names its own start parameters (see its machine's input type). */
  params: Params;
}

/**
 * How a product's machine ends: the output of its final state, read by the root.
 * - `main`: back to Main; with `error`, the error shows under Main's field (and Main is not rendered anew, so no
 *   `render_login_screen` telemetry); with `resume`, Main is shown as it was left (no new render either).
 * - `success`: signed in; the root shows Success and completes the flow (`AUTHENTICATE_FLOW_COMPLETE`).
 * - `error`: the generic Error screen with this error.
 * - `product`: hand over to another product (a passwordless user is sent a passcode or a link).
 */
export type ProductOutput =
  | { to: 'main'; error?: ErrorDescriptor; resume?: boolean }
  | { to: 'success' }
  | { to: 'error'; error: ErrorDescriptor }
  | { to: 'product'; product: Product; params: unknown };

/**
 * What a product (or a machine it runs on Main) sends to the root with `sendParent`: a widget event or error for the
 * element to dispatch, or an error for Main to show.
 */
export type ProductToRootEvent =
  | { type: 'WIDGET_EVENT'; detail: WidgetEventDetail }
  | { type: 'WIDGET_ERROR'; detail: WidgetErrorDetail }
  | { type: 'SHOW_ERROR'; error: ErrorDescriptor };

/**
 * The `meta` of a state that shows something: the screen's name (a key of the product's `screens`, or of the root's
 * for Main) and the products whose chunks to fetch now because a later step needs them. A machine gives its own union
 * of screen names to `setup({ types: { meta } })`, so a state naming a screen that is not one fails to compile.
 */
export type ScreenMeta<Screen extends string = string> = {
  screen: Screen;
  preload?: Product[];
  /** Fetch every registered product's chunk (Main): read when the state shows, since registering goes on later. */
  preloadRegistered?: true;
};

/** The `meta` of a state that shows what a child actor's state names (the root's `product`). */
export type DelegatedScreenMeta = {
  screenFrom: string;
};

/**
 * The screens a product's machine may name: its own (the keys of its chunk's `screens`), and Main, which the root
 * shows busy while a call started from Main runs.
 */
export type ProductScreen<Own extends string> = Own | Extract<RootScreen, 'Main'>;

/**
 * What the root starts a product with when the page URL carries the redirect token its record answers (`urlToken`):
 * the token, and what the record says to do with it.
 */
export interface UrlTokenParams {
  token: string;
  use: UrlTokenUse;
}

/**
 * What a product does with a redirect token of its type: `authenticate` signs in with it at once (a spinner, then the
 * root's Success or Error, the token removed from the address bar either way); `open` shows the product's screen for
 * it (a password-reset link: the reset form).
 */
export type UrlTokenUse = 'authenticate' | 'open';

/** Props of a product's screen. `send` (from useWidget) goes to the root, which forwards it to the product. */
export interface ProductScreenProps<State = SnapshotFrom<AnyStateMachine>> {
  /** The product machine's snapshot: its state and context. */
  state: State;
  /** The root's snapshot (config, bootstrap, Main's form). */
  root: RootSnapshot;
  /** True when the screen appears after a transition (not on first paint): it moves focus to its title. */
  autoFocus: boolean;
}

/** Props of a block a product adds to Main (the social buttons). */
export interface MainBlockProps {
  root: RootSnapshot;
  /** Main is waiting for a product (a flow started): controls are disabled. */
  busy: boolean;
  /** The machine this product runs while Main shows (`mainMachine`), once started. */
  mainActor: AnyActorRef | undefined;
  /**
   * Whether Main shows its divider 'or' between the blocks and a login form (a block that appears late may need one).
   */
  divided: boolean;
  /** Whether Main shows a login form below the blocks. */
  hasForm: boolean;
}

/**
 * The lazy chunk of a product. A chunk states its machine's screen names (`satisfies ProductModule<TheirUnion>`), so
 * a screen its machine names and the chunk lacks, or one the chunk has and no state names, fails to compile.
 */
export interface ProductModule<Screen extends string = string> {
  /** Input ProductInput<its params>, output ProductOutput; every state that shows something has a ScreenMeta. */
  machine: AnyStateMachine;
  screens: Record<Exclude<Screen, 'Main'>, ComponentType<ProductScreenProps>>;
  /** The machine the root runs while Main shows, when the record declares one (`runsOnMain`). */
  mainMachine?: AnyStateMachine;
  /** A block Main shows above its login form (the social buttons). */
  MainBlock?: ComponentType<MainBlockProps>;
}

/**
 * What a product adds to the types the widget shares, stated once by its record's type (`ProductRecord<Facts>` in its
 * index.ts) and united over the registry's list (products/registry.ts), so that no module outside its folder spells
 * them: its name, its English strings (keys of the `strings` property), its `::part()` names and event types, the
 * element `mode` that opens it, and its part of the element's config. A fact left out is none.
 */
export interface ProductFacts {
  /** Its registry name: the value of the config's `products` that enables it (unless `unlisted`). */
  name: string;
  /** Its English strings (`typeof en<Name>`, registered when its chunk loads). */
  strings: object;
  /** Not a value of `products`: only `opens` opens it (the identity provider's consent and logout screens). */
  unlisted?: true;
  /** Its `::part()` names (the record's `parts`), widget event types (`events`) and telemetry names (`telemetry`). */
  parts?: Readonly<Record<string, string>>;
  events?: Readonly<Record<string, string>>;
  telemetry?: Readonly<Record<string, string>>;
  /** The element `mode` that opens it (`opens.mode`). */
  mode?: string;
  /** Its part of the element's config, as a page writes it and as `resolveConfig` completes it. */
  config?: object;
  resolved?: object;
  /** What the Email tab does when this product takes it (`emailTab.kind`). */
  emailKind?: string;
}

/** The fact `K` that `F` states (for a union, each member's), or `Otherwise` where it states none. */
export type FactOf<F, K extends keyof ProductFacts, Otherwise = never> = F extends { [P in K]: infer T }
  ? T
  : Otherwise;

/**
 * The part of a product that is always in the entry: small, no machine, no screens. `Facts` are what it adds to the
 * widget's shared types; unstated, a record of any registered product.
 */
export interface ProductRecord<Facts extends ProductFacts = RegisteredFacts> {
  name: Facts['name'];
  /** Its folder, `products/<folder>/`: its chunks are named after it, and tools find its fixtures.ts there. */
  folder: string;
  /** Not a value of the config's `products` (ProductFacts `unlisted`). */
  unlisted?: FactOf<Facts, 'unlisted'>;
  /** On when the config names no products (spec section 1: email magic links). */
  byDefault?: true;
  /** Its translated strings, fetched with its chunk on a page in that language: `() => import('./strings.es.ts')`. */
  translations: Translations;
  /**
   * Its `::part()` names, widget event types and telemetry names (tables beside the record), joined into PARTS,
   * EVENT_TYPES and TELEMETRY through the registry.
   */
  parts?: FactOf<Facts, 'parts'>;
  events?: FactOf<Facts, 'events'>;
  telemetry?: FactOf<Facts, 'telemetry'>;
  /**
   * Its part of the element's config after defaults (config.ts), from the page's config: `resolveConfig` gathers every
   * product's.
   */
  resolveConfig?(config: AuthLoginConfig, context: ConfigContext): FactOf<Facts, 'resolved', object>;
  /** The inline configuration errors Main shows for it while it is enabled (spec section 2), as message keys. */
  configErrors?(config: ResolvedConfig): MessageKey[];
  /** Type only, never set: the facts this record states (ProductFacts). */
  readonly facts?: Facts;
  /** Whether the config enables this product (its chunk is fetched only then). */
  enabled(config: ResolvedConfig): boolean;
  /** Fetches the product's chunk. */
  load(): Promise<ProductModule>;
  /** Main's tabs this product answers: Continue on one of them starts the product with `{ tab }`. */
  tabs?(config: ResolvedConfig): LoginTab[];
  /**
   * When several products answer the Email tab, the highest rank takes it (passwords over passcodes over links), and
   * the message Main shows for an invalid address before starting it. `kind` names what the tab then does
   * (`emailTabKind`); a `passwordless` product is what a password's screens offer instead, and two of them cannot
   * share the tab: the one with a `conflict` message says so on Main.
   */
  emailTab?: {
    rank: number;
    invalidEmail: MessageKey;
    kind: FactOf<Facts, 'emailKind'>;
    passwordless?: true;
    conflict?: MessageKey;
  };
  /**
   * The redirect token this product answers when the page URL carries it at start
   * (`?stytch_token_type=<type>&token=…`): the root starts the product with UrlTokenParams, `use` saying what the
   * product does with the token.
   */
  urlToken?: { type: string; use: UrlTokenUse };
  /** The height Main keeps free for this product's MainBlock while its chunk loads (a CSS length), if it has one. */
  mainBlockHeight?(config: ResolvedConfig): string | null;
  /**
   * This product's block on Main as a view (src/widget/shell/blocks.ts), a small lazy module React's MainBlock renders
   * and the first paint paints before React, so its buttons show and take a press at once:
   * `() => import('./block.view.ts')`.
   */
  blockView?(): Promise<BlockViewModule>;
  /**
   * Continue on the first paint's Email tab while this product takes it, answered before React arrives
   * (src/widget/shell/early-send.ts): the call made at once (in the entry), whose answer the product's machine
   * adopts, and the small lazy module that paints the next screen.
   */
  emailSend?: EarlySend;
  /**
   * The `autocomplete` of Main's email input when this product is enabled (passkeys: `username webauthn`, so the
   * browser offers passkeys in the field's suggestions); the first enabled product that names one wins.
   */
  emailAutocomplete?: string;
  /** The element `mode` or page query that opens this product at start instead of Main (OpensAtStart). */
  opens?: OpensAtStart<FactOf<Facts, 'mode'>>;
  /**
   * A machine this product runs while Main shows: its chunk's `mainMachine`, run by the root as the child
   * `main:<name>` once the chunk is fetched, and stopped when the flow leaves Main. `throughOwnFlow`: it keeps running
   * when its own product starts from Main, until that flow ends (Google One Tap keeps its state through a social
   * sign-in's redirect, and is not prompted again when the page is restored); otherwise it stops then too (passkey
   * autofill: a browser runs one WebAuthn ceremony at a time, and the product's own ceremony would be refused).
   */
  runsOnMain?: { throughOwnFlow: boolean };
}

/** How a product opens at start instead of Main, started with `{ mode }` (the element's mode, if any). */
export interface OpensAtStart<OwnMode = ProductMode> {
  /** The element `mode` that opens it (passkeys: `passkey-registration`); none for one the config alone opens. */
  mode?: OwnMode;
  /**
   * Whether the element's config opens it (the organization login: `authFlowType: 'Organization'`), as its `mode`
   * would; the shell then paints no Main for it.
   */
  fromConfig?(config: ResolvedConfig): boolean;
  /**
   * Whether the page's query string opens it, as its `mode` would (the identity provider: an authorize link's
   * `client_id` and `redirect_uri`, or a logout link's `post_logout_redirect_uri`).
   */
  fromQuery?(query: URLSearchParams): boolean;
  /**
   * It needs a signed-in user (consent): it ends on Main with its message when nobody is, and opens again as soon as
   * a sign-in succeeds, on Main or through a redirect token at start (the flow continues where it stopped).
   */
  resumesAfterSignIn?: boolean;
}

/**
 * A product's fixtures (products/<folder>/fixtures.ts): what tools open it with, found through the registry by its
 * record's `folder`. Never imported by the record, so in no bundle.
 */
export interface ProductFixtures {
  /**
   * Its single-product pages, which bench/size.mjs measures and test/e2e/product-chunks.test.ts opens: a name, the
   * element's config, and the control that makes the page usable (a selector inside the element's shadow root; part
   * names are the element's public styling surface, stable across rewrites of its screens).
   */
  pages: readonly FixturePage[];
  /** How test/widget/accessibility.test.ts shows each of its screens. */
  accessibility: {
    /** The page config that shows it (on Main, or through its mode). */
    config: AuthLoginConfig;
    /** Its start parameters (its machine's input `params`). */
    params: unknown;
    /**
     * What its machine's context holds in the middle of a real journey: one entry per variant worth seeing. Given a
     * client of the test service, the test page's origin, and the states a machine can rest in (a child's, to show
     * each of them).
     */
    variants(context: FixtureContext): Promise<Record<string, unknown>[]>;
  };
  /**
   * How src/widget/i18n/no-raw-keys.test.ts shows each of its states on a cold page: the journeys that reach a state
   * against the real service, how its machine is seeded in the others, and what else that test asks of a product.
   */
  coldPage: ColdPageFixture;
}

/** A page of one `<auth-login>` with this config, usable once `usable` (a selector) is visible and enabled. */
export interface FixturePage {
  name: string;
  config: AuthLoginConfig;
  usable: string;
  /**
   * A page whose first screen React renders (the first paint paints only Main): its own budget before usable, gzip
   * KB, instead of magic links' figure plus bench/size.mjs's `otherProductsOverMagicLinks`; the fixture says why.
   */
  renderedByReactKB?: number;
}

/** What a product's accessibility fixture is given (ProductFixtures `variants`). */
export interface FixtureContext {
  client: AuthClient;
  pageOrigin: string;
  restingStates(machine: AnyStateMachine): StateValue[];
}

/**
 * A product on a cold page (ProductFixtures `coldPage`). A state no journey names is seeded: the page's query opens
 * the product, whose machine starts in that state with `seed`'s parameters and context.
 */
export interface ColdPageFixture {
  /** Journeys against the real service, by the id of the state each stops in ('<machine id>.<path>'). */
  journeys?: Readonly<Record<string, ColdJourney>>;
  /** How its machine is seeded in a state no journey reaches; with none, the page's default config and no context. */
  seed?: ColdSeed;
  /**
   * A redirect token of the type its record answers (`urlToken`) that the service accepts, made against it: a page
   * whose address carries it signs the visitor in (the root's Success).
   */
  urlToken?(context: ColdPageContext): Promise<string>;
  /** Its screens that say the visitor is signed in: their title is the outcome table's. */
  successScreens?: readonly string[];
}

/**
 * How a visitor's journey reaches a state, as data the test plays (every journey mounts the element in the page's
 * language; `config` is the element's config, the page's default when absent; `hold` holds the page's requests to
 * paths ending in it, so the state that waits for the answer stays):
 * - `urlToken`: the page's address carries a redirect token of the type the product's record answers (`urlToken`),
 *   one the service never issued;
 * - `email`: a new address typed into Main's email field and its form submitted; with `passcode`, the passcode the
 *   service then sends to it is typed into the input matching that selector;
 * - `click`: once Main is up, a click on the button matching `selector`;
 * - `mode`: the element's mode is the record's `opens.mode`, on a page whose query is `query`.
 */
export type ColdJourney =
  | { kind: 'urlToken'; config?: AuthLoginConfig; hold?: string }
  | { kind: 'email'; config: AuthLoginConfig; hold?: string; passcode?: string }
  | { kind: 'click'; config: AuthLoginConfig; selector: string }
  | { kind: 'mode'; query(context: ColdPageContext): string };

/** How a product's machine is seeded on a cold page: plain data, copied into the page. */
export interface ColdSeed {
  /** The element's config (the page's default when absent). */
  config?: AuthLoginConfig;
  /** Its start parameters (its machine's input `params`); the root's when absent. */
  params?: unknown;
  /** What a step before would have set in its machine's context, in any state. */
  context?(context: ColdPageContext): Record<string, unknown>;
  /** And in the state of that id. */
  states?: Readonly<Record<string, (context: ColdPageContext) => Record<string, unknown>>>;
}

/**
 * What a product's cold-page fixture is given: the test's own helpers, passed in, since fixtures also load in Node
 * (bench/pages.ts) where the browser test's support modules cannot.
 */
export interface ColdPageContext {
  /** The test page's origin: where the test service sends a connected app's visitor back. */
  pageOrigin: string;
  /** An address the service has not seen, starting with `prefix`. */
  uniqueEmail(prefix: string): string;
  /** A client of the test service, destroyed by the test once the fixture's call has settled. */
  client(): AuthClient;
  /** What the test service has sent to `to` (its dev inbox), newest first. */
  inbox(to: string): Promise<readonly { text: string; links: readonly string[] }[]>;
}
