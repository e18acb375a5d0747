// The root statechart (XState v5). It knows Main, success and error, and how to start a product; every product's own
// screens and calls live in its machine (products/<name>/machine.ts), run as the child `product`. It names no product:
// what a product answers at start (a redirect token, an element `mode`, a query) and what it runs while Main shows are
// declared by its record (products/types.ts, ProductRecord), and the root reads them through the registry.
// A state that shows something names its screen in `meta` (ScreenMeta); `product` shows whatever its child's state
// names, and that screen's events go to the child.
//
//   start ─(a redirect token in the URL that a record answers)→ opening ─(chunk)→ product
//     │        (the product authenticates the token and ends on success or error, or opens its screen with it)
//     ├─(a product's element `mode` or query)→ opening ─(chunk)→ product
//     │      (a product that needs a session ends on Main; a sign-in there: success ─→ opening, the flow resumes)
//     └→ main.idle ─SUBMIT_EMAIL / SUBMIT_PHONE / START→ main.starting ─(chunk)→ product ─(its output)→ main | success
//                      (invalid address: the product's message, stays)              | error | main.starting (hand-over)
//
//   success ─SESSION_ENDED→ main (or the mode's product anew)        error ─BACK→ main (or the mode's product anew)
//
// Only the products the config enables are fetched: once Main has painted (Main's `preload`), or, on a Main of blocks
// only (no login form), a product with a block at once (preloadProducts). While Main shows, a product whose record
// declares it (`runsOnMain`) runs a machine of its own there, as the child `main:<product>`.
import { assign, emit, forwardTo, setup } from 'xstate';
import type { Product, ResolvedConfig } from '../config.ts';
import { EVENT_TYPES, TELEMETRY } from '../events.ts';
import {
  enabledRecords,
  mainMachineOutlivesMain,
  productForTab,
  recordOf,
  resumesAfterSignIn,
} from '../products/registry.ts';
import type { DelegatedScreenMeta, ProductInput, ProductModule, ProductOutput, ScreenMeta } from '../products/types.ts';
import { isValidEmail } from '../validation.ts';
import { loadBootstrap, loadProduct, preloadProducts, runLoadedMachine, watchSession } from './actors.ts';
import { toErrorDetail } from './errors.ts';
import { activeTab, initialFormState } from './form.ts';
import type { ErrorDescriptor, RootContext, RootEmitted, RootEvent, RootInput, RootScreen } from './types.ts';
import { startPoint } from './start-point.ts';
import { pageUrl } from './url-token.ts';

/** The id of the child a product runs as, and of the machine a product runs while Main shows. */
export const PRODUCT_CHILD = 'product';
const MAIN_CHILD_PREFIX = 'main:';
export const mainChildId = (product: Product) => `${MAIN_CHILD_PREFIX}${product}`;

/** A root state's `meta`: one of the root's screens, or the running product's (the child `product`). */
export type RootMeta = ScreenMeta<RootScreen> | DelegatedScreenMeta;

/** The configuration as telemetry reports it (`render_login_screen` details): no CSP nonce. */
function telemetryOptions(config: ResolvedConfig): Omit<ResolvedConfig, 'nonce'> {
  const { nonce: _nonce, ...options } = config;
  return options;
}

/** The output a product's machine ended with (its `xstate.done.actor.product` event). */
const outputOf = (event: { type: string }) => (event as { output?: ProductOutput }).output;

/** The Email or phone tab's product, when the tab Continue was pressed on has one. */
function submittedProduct(context: RootContext) {
  return productForTab(context.config, activeTab(context));
}

/** What the chosen product's machine is started with, from its fetched chunk. */
function productToRun(context: RootContext) {
  const active = context.active!;
  const input: ProductInput = {
    client: context.client,
    config: context.config,
    bootstrap: context.bootstrap,
    formState: context.formState,
    params: active.params,
  };
  // `opening` and `main.starting` enter `product` only once the active product's chunk is among the modules.
  return { machine: context.modules[active.product]!.machine, input };
}

/** The ids of the Main machines running now. */
function runningMainMachines(children: Record<string, unknown> | undefined): string[] {
  return Object.keys(children ?? {}).filter((id) => id.startsWith(MAIN_CHILD_PREFIX));
}

/** The element's `mode` names a product (or the page's query opens one): open it, rather than the login form. */
const reopenMode = {
  guard: 'hasModeProduct',
  target: '#root.opening',
  actions: {
    type: 'setActive',
    params: ({ context }: { context: RootContext }) => ({
      product: context.modeProduct!,
      params: { mode: context.mode },
    }),
  },
} as const;

const rootSetup = setup({
  types: {
    context: {} as RootContext,
    events: {} as RootEvent,
    input: {} as RootInput,
    emitted: {} as RootEmitted,
    meta: {} as RootMeta,
  },
  actors: { loadBootstrap, watchSession, loadProduct, preloadProducts, runLoadedMachine },
  guards: {
    hasUrlToken: ({ context }) => context.urlToken !== null,
    hasModeProduct: ({ context }) => context.modeProduct !== null,
    /** The product opened at start needs a signed-in user and ended on Main for want of one: a sign-in resumes it. */
    modeResumesAfterSignIn: ({ context }) => resumesAfterSignIn(context.modeProduct),
    /**
     * A sign-in product that stays on its own confirmation has just signed the visitor in while a product opened at
     * start waits for that: the waiting product resumes, as after the root's success.
     */
    signInResumesMode: ({ context, event }) =>
      event.type === 'WIDGET_EVENT' &&
      event.detail.type === EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE &&
      context.active?.product !== context.modeProduct &&
      resumesAfterSignIn(context.modeProduct),
    /** Continue on the Email tab with an address its product accepts the format of. */
    emailSubmittable: ({ context }) =>
      activeTab(context) === 'email' &&
      submittedProduct(context) !== undefined &&
      isValidEmail(context.formState.email),
    emailTabShown: ({ context }) => activeTab(context) === 'email' && submittedProduct(context) !== undefined,
    phoneSubmittable: ({ context }) => activeTab(context) !== 'email' && submittedProduct(context) !== undefined,
    startable: ({ context, event }) => event.type === 'START' && recordOf(event.product).enabled(context.config),
    outputIs: ({ event }, params: { to: ProductOutput['to'] }) => outputOf(event)?.to === params.to,
    /** Back on Main to a new render (not a failed step's error, not a page restored as it was). */
    mainRendersAnew: ({ event }) => {
      const output = outputOf(event);
      return output?.to === 'main' && !output.error && !output.resume;
    },
  },
});

export const rootMachine = rootSetup
  .extend({
    actions: {
      /** EMAIL_CHANGED, PHONE_CHANGED, COUNTRY_CHANGED and TAB_SELECTED carry formState fields under their names. */
      setForm: assign(({ event, context }) => {
        const { type: _type, ...changes } = event as Extract<
          RootEvent,
          { type: 'EMAIL_CHANGED' | 'PHONE_CHANGED' | 'COUNTRY_CHANGED' | 'TAB_SELECTED' }
        >;
        return { formState: { ...context.formState, ...changes }, errorDescriptor: null };
      }),
      setConfig: assign(({ event, context }) => ({
        config: event.type === 'CONFIG_CHANGED' ? event.config : context.config,
      })),
      setModule: assign(({ context }, params: { product: Product; module: ProductModule }) => ({
        modules: { ...context.modules, [params.product]: params.module },
      })),
      setActive: assign((_, params: { product: Product; params: unknown }) => ({ active: params })),
      setError: assign((_, params: { error: ErrorDescriptor | null }) => ({ errorDescriptor: params.error })),
      /** A product's chunk did not load (offline, a deploy replaced it): shown in words, reported with the cause. */
      setLoadError: assign(({ event }) => ({
        errorDescriptor: {
          messageKey: 'element.loadFailed',
          message: String((event as { error?: unknown }).error),
        } satisfies ErrorDescriptor,
      })),
      clearError: assign({ errorDescriptor: null }),
      clearUrlToken: assign({ urlToken: null }),
      /** Telemetry: Main rendered (anew). */
      logRender: ({ context }) => {
        context.client.events.log(TELEMETRY.renderLoginScreen, { options: telemetryOptions(context.config) });
      },
      /** Starts the Main machine of every fetched product whose record declares one and that is not running yet. */
      startMainMachines: rootSetup.enqueueActions(({ context, enqueue, self }) => {
        const running = runningMainMachines(self.getSnapshot()?.children);
        for (const record of enabledRecords(context.config)) {
          const machine = record.runsOnMain && context.modules[record.name]?.mainMachine;
          const id = mainChildId(record.name);
          if (machine && !running.includes(id)) {
            enqueue.spawnChild('runLoadedMachine', {
              id,
              input: { machine, input: { client: context.client, config: context.config } },
            });
          }
        }
      }),
      /**
       * Stops the Main machines, except the one of the product being started when its record keeps it running
       * through the product's own flow.
       */
      stopMainMachines: rootSetup.enqueueActions(({ context, enqueue, self }) => {
        const active = context.active?.product;
        const keep = active && mainMachineOutlivesMain(active) ? mainChildId(active) : null;
        for (const id of runningMainMachines(self.getSnapshot()?.children)) {
          if (id !== keep) enqueue.stopChild(id);
        }
      }),
      /** Stops the Main machines of products the config no longer enables. */
      stopDisabledMainMachines: rootSetup.enqueueActions(({ context, enqueue, self }) => {
        const enabled = enabledRecords(context.config).map((record) => mainChildId(record.name));
        for (const id of runningMainMachines(self.getSnapshot()?.children)) {
          if (!enabled.includes(id)) enqueue.stopChild(id);
        }
      }),
      /** Stops every Main machine: the flow ends away from Main. */
      stopAllMainMachines: rootSetup.enqueueActions(({ enqueue, self }) => {
        for (const id of runningMainMachines(self.getSnapshot()?.children)) enqueue.stopChild(id);
      }),
      forwardToProduct: forwardTo(PRODUCT_CHILD),
      /** A product's widget event, dispatched by the element. */
      emitEvent: emit(({ event }) => ({
        type: 'widget.event' as const,
        detail: (event as Extract<RootEvent, { type: 'WIDGET_EVENT' }>).detail,
      })),
      emitFlowComplete: emit({
        type: 'widget.event' as const,
        detail: { type: EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE, data: {} },
      }),
      emitWidgetError: emit(({ event }) => ({
        type: 'widget.error' as const,
        detail: (event as Extract<RootEvent, { type: 'WIDGET_ERROR' }>).detail,
      })),
      emitError: emit(({ context }) => ({
        type: 'widget.error' as const,
        detail: toErrorDetail(context.errorDescriptor ?? {}),
      })),
    },
  })
  .createMachine({
    id: 'root',
    context: ({ input }) => ({
      client: input.client,
      config: input.config,
      bootstrap: input.client.bootstrap.getSync(),
      formState: initialFormState(),
      errorDescriptor: null,
      ...startPoint(input.mode, pageUrl(input.url), input.config),
      mode: input.mode,
      active: null,
      modules: {},
    }),
    invoke: [
      // The fresh bootstrap document (email domains for Email Confirmation); the cached one is used until it arrives.
      {
        src: 'loadBootstrap',
        input: ({ context }) => ({ client: context.client }),
        onDone: { actions: assign({ bootstrap: ({ event }) => event.output }) },
      },
      { src: 'watchSession', input: ({ context }) => ({ client: context.client }) },
      { src: 'preloadProducts', input: ({ context }) => ({ config: context.config }) },
    ],
    on: {
      CONFIG_CHANGED: { actions: 'setConfig' },
      PRODUCT_LOADED: {
        actions: { type: 'setModule', params: ({ event }) => ({ product: event.product, module: event.module }) },
      },
      WIDGET_EVENT: { actions: 'emitEvent' },
      WIDGET_ERROR: { actions: 'emitWidgetError' },
      SHOW_ERROR: {
        actions: [{ type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'emitError'],
      },
    },
    initial: 'start',
    states: {
      start: {
        always: [
          // A redirect token a product's record answers opens that product with it, before anything else.
          {
            guard: 'hasUrlToken',
            target: 'opening',
            actions: {
              type: 'setActive',
              params: ({ context }) => {
                const { product, token, use } = context.urlToken!;
                return { product, params: { token, use } };
              },
            },
          },
          // The element's `mode` names a component other than the login form: its product opens at once, whether or
          // not `products` lists it (the page asked for that component by name).
          reopenMode,
          { target: 'main', actions: 'logRender' },
        ],
      },

      main: {
        // Once Main has painted, the view fetches the chunks of the products Main can start (those the config enables).
        // (Every registered product, read when Main shows: the organization products register after this module.)
        meta: { screen: 'Main', preloadRegistered: true },
        entry: 'startMainMachines',
        exit: 'stopMainMachines',
        on: {
          // A new config: the Main machine of a product the page turned off stops (aborting its request, which might
          // look for a field the new form no longer has); a product turned on starts its own.
          CONFIG_CHANGED: { actions: ['setConfig', 'stopDisabledMainMachines', 'startMainMachines'] },
          PRODUCT_LOADED: {
            actions: [
              { type: 'setModule', params: ({ event }) => ({ product: event.product, module: event.module }) },
              'startMainMachines',
            ],
          },
        },
        initial: 'idle',
        states: {
          idle: {
            on: {
              EMAIL_CHANGED: { actions: 'setForm' },
              PHONE_CHANGED: { actions: 'setForm' },
              COUNTRY_CHANGED: { actions: 'setForm' },
              TAB_SELECTED: { actions: 'setForm' },
              SUBMIT_EMAIL: [
                {
                  guard: 'emailSubmittable',
                  target: 'starting',
                  actions: {
                    type: 'setActive',
                    params: ({ context }) => ({ product: submittedProduct(context)!.name, params: { tab: 'email' } }),
                  },
                },
                {
                  guard: 'emailTabShown',
                  actions: {
                    type: 'setError',
                    params: ({ context }) => ({
                      error: { messageKey: submittedProduct(context)!.emailTab!.invalidEmail },
                    }),
                  },
                },
              ],
              SUBMIT_PHONE: {
                guard: 'phoneSubmittable',
                target: 'starting',
                actions: {
                  type: 'setActive',
                  params: ({ context }) => ({
                    product: submittedProduct(context)!.name,
                    params: { tab: activeTab(context) },
                  }),
                },
              },
              START: {
                guard: 'startable',
                target: 'starting',
                actions: {
                  type: 'setActive',
                  params: ({ event }) => ({ product: event.product, params: event.params }),
                },
              },
            },
          },
          // The product's chunk is usually here already (Main's preload); if not, Main stays busy until it is.
          starting: {
            entry: 'clearError',
            invoke: {
              src: 'loadProduct',
              input: ({ context }) => ({ product: context.active!.product }),
              onDone: {
                target: '#root.product',
                actions: {
                  type: 'setModule',
                  params: ({ context, event }) => ({ product: context.active!.product, module: event.output }),
                },
              },
              onError: { target: 'idle', actions: ['setLoadError', 'emitError'] },
            },
          },
        },
      },

      /** A product opened at start (by a redirect token, the element's `mode` or the query): its chunk loads first. */
      opening: {
        meta: { screen: 'Loading' },
        invoke: {
          src: 'loadProduct',
          input: ({ context }) => ({ product: context.active!.product }),
          onDone: {
            target: 'product',
            actions: [
              'clearUrlToken',
              {
                type: 'setModule',
                params: ({ context, event }) => ({ product: context.active!.product, module: event.output }),
              },
            ],
          },
          onError: { target: 'error', actions: ['clearUrlToken', 'setLoadError', 'emitError'] },
        },
      },

      /** The running product shows its own screens (its state's meta); its final output says where to go next. */
      product: {
        meta: { screenFrom: PRODUCT_CHILD },
        invoke: {
          id: PRODUCT_CHILD,
          src: 'runLoadedMachine',
          input: ({ context }) => productToRun(context),
          onDone: [
            {
              guard: { type: 'outputIs', params: { to: 'product' } },
              target: 'main.starting',
              actions: {
                type: 'setActive',
                params: ({ event }) => {
                  const output = outputOf(event) as Extract<ProductOutput, { to: 'product' }>;
                  return { product: output.product, params: output.params };
                },
              },
            },
            {
              guard: { type: 'outputIs', params: { to: 'success' } },
              target: 'success',
              actions: 'stopAllMainMachines',
            },
            {
              guard: { type: 'outputIs', params: { to: 'error' } },
              target: 'error',
              actions: [
                'stopAllMainMachines',
                {
                  type: 'setError',
                  params: ({ event }) => ({ error: (outputOf(event) as { error: ErrorDescriptor }).error }),
                },
                'emitError',
              ],
            },
            { guard: 'mainRendersAnew', target: 'main', actions: 'logRender' },
            {
              target: 'main',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ error: (outputOf(event) as { error?: ErrorDescriptor }).error ?? null }),
              },
            },
          ],
        },
        on: {
          WIDGET_EVENT: [
            { ...reopenMode, guard: 'signInResumesMode', actions: ['emitEvent', reopenMode.actions] },
            { actions: 'emitEvent' },
          ],
          // The product's screens send their events to the product itself; the root passes on what it hears.
          CONFIG_CHANGED: { actions: ['setConfig', 'forwardToProduct'] },
          SESSION_ENDED: { actions: 'forwardToProduct' },
        },
      },

      success: {
        meta: { screen: 'Success' },
        entry: 'emitFlowComplete',
        // Signed in while the product opened at start waits for a sign-in: that flow continues at once.
        always: { ...reopenMode, guard: 'modeResumesAfterSignIn' },
        // The component a `mode` names never shows the login form: it opens anew (and says so if nobody is signed in).
        on: { SESSION_ENDED: [reopenMode, { target: 'main', actions: 'logRender' }] },
      },

      error: {
        meta: { screen: 'Error' },
        on: {
          BACK: [
            { ...reopenMode, actions: ['clearError', reopenMode.actions] },
            { target: 'main', actions: ['clearError', 'logRender'] },
          ],
        },
      },
    },
  });

export type RootMachine = typeof rootMachine;
