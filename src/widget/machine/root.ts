// The root statechart (XState v5). It knows Main, the URL-token check, success and error, and how to start a product;
// every product's own screens and calls live in its machine (products/<name>/machine.ts), run as the child `product`.
// A state that shows something names its screen in `meta` (ScreenMeta); `product` shows whatever its child's state
// names, and that screen's events go to the child. Components only render the snapshot and send events.
//
//   start ─(magic-link / OAuth token in URL)→ authenticatingToken ─→ success ─SESSION_ENDED→ main
//     │                                              └─(error)→ error ─BACK→ main
//     ├─(a product's token in URL: password reset; a product's element `mode` or query)→ opening ─(chunk)→ product
//     │      (a product that needs a session ends on Main; a sign-in there: success ─→ opening, the flow resumes)
//     └→ main.idle ─SUBMIT_EMAIL / SUBMIT_PHONE / START→ main.starting ─(chunk)→ product ─(its output)→ main | success
//                      (invalid address: the product's message, stays)                 | error | main.starting (hand-over)
//
// Only the products the config enables are fetched: once Main has painted (Main's `preload`), or, on a Main of blocks
// only (no login form), a product with a block at once (preloadProducts). While Main shows, a product may run a
// machine of its own there (Google One Tap), as the child `main:<product>`.
import { assign, emit, enqueueActions, forwardTo, setup, stopChild } from 'xstate';
import type { Product, ResolvedConfig } from '../config.ts';
import { EVENT_TYPES, TELEMETRY } from '../constants.ts';
import { PRODUCT_RECORDS, enabledRecords, productForTab, recordOf } from '../products/registry.ts';
import type { ProductInput, ProductModule, ProductOutput } from '../products/types.ts';
import { isValidEmail } from '../validation.ts';
import { authenticateUrlToken, loadBootstrap, loadProduct, preloadProducts, watchSession } from './actors.ts';
import { toErrorDescriptor, toErrorDetail } from './errors.ts';
import { activeTab, initialFormState } from './form.ts';
import type { ErrorDescriptor, RootContext, RootEmitted, RootEvent, RootInput } from './types.ts';
import { startPoint } from './start-point.ts';
import { pageUrl, removeTokenFromUrl } from './url-token.ts';

/** The id of the child a product runs as, and of the machine a product runs while Main shows. */
export const PRODUCT_CHILD = 'product';
export const mainChildId = (product: Product) => `main:${product}`;

/** The configuration as telemetry reports it (`render_login_screen` details): no CSP nonce. */
function telemetryOptions(config: ResolvedConfig): Omit<ResolvedConfig, 'nonce'> {
  const { nonce: _nonce, ...options } = config;
  return options;
}

type DoneEvent = { type: `xstate.done.actor.${string}`; output: ProductOutput };
const outputOf = (event: unknown) => (event as DoneEvent).output;

/** The Email or phone tab's product, when the tab Continue was pressed on has one. */
function submittedProduct(context: RootContext) {
  return productForTab(context.config, activeTab(context));
}

/** The element's `mode` names a product (passkey registration): open it, rather than the login form. */
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

export const rootMachine = setup({
  types: {
    context: {} as RootContext,
    events: {} as RootEvent,
    input: {} as RootInput,
    emitted: {} as RootEmitted,
  },
  actors: { loadBootstrap, watchSession, authenticateUrlToken, loadProduct, preloadProducts },
  guards: {
    hasUrlToken: ({ context }) => context.urlToken !== null,
    hasProductToken: ({ context }) => context.productToken !== null,
    hasModeProduct: ({ context }) => context.modeProduct !== null,
    /** The product opened at start needs a signed-in user and ended on Main for want of one: a sign-in resumes it. */
    modeResumesAfterSignIn: ({ context }) =>
      context.modeProduct !== null && recordOf(context.modeProduct).resumesAfterSignIn === true,
    /**
     * A sign-in product that stays on its own confirmation (passcode, passkey, wallet) has just signed the visitor in
     * while a product waits for that (consent): the waiting product resumes, as after the root's success.
     */
    signInResumesMode: ({ context, event }) =>
      event.type === 'WIDGET_EVENT' &&
      event.detail.type === EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE &&
      context.active?.product !== context.modeProduct &&
      context.modeProduct !== null &&
      recordOf(context.modeProduct).resumesAfterSignIn === true,
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
  actions: {
    /** EMAIL_CHANGED, PHONE_CHANGED, COUNTRY_CHANGED and TAB_SELECTED carry formState fields under their own names. */
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
      } as ErrorDescriptor,
    })),
    /** The error of a failed invoked call (`xstate.error.actor.*`). */
    setCallError: assign(({ event }) => ({ errorDescriptor: toErrorDescriptor((event as { error?: unknown }).error) })),
    clearError: assign({ errorDescriptor: null }),
    clearUrlToken: assign({ urlToken: null, productToken: null }),
    removeTokenFromUrl: () => removeTokenFromUrl(),
    /** Telemetry: Main rendered (anew). */
    logRender: ({ context }) => {
      context.client.events.log(TELEMETRY.renderLoginScreen, { options: telemetryOptions(context.config) });
    },
    /** Starts the chosen product's machine as the child `product`, from its fetched chunk. */
    startProduct: enqueueActions(({ context, enqueue }) => {
      const active = context.active;
      const module = active && context.modules[active.product];
      if (!active || !module) return;
      const input: ProductInput = {
        client: context.client,
        config: context.config,
        bootstrap: context.bootstrap,
        formState: context.formState,
        params: active.params,
      };
      // The machine comes from a chunk fetched at run time, so it is not among the actors `setup` knows by name.
      enqueue.spawnChild(module.machine as never, { id: PRODUCT_CHILD, input } as never);
    }) as never, // (enqueueActions' own typing does not fit setup's parameterised actions; its body is still checked)
    stopProduct: stopChild(PRODUCT_CHILD),
    /** Starts the Main machine (One Tap) of every fetched product that has one and is not running yet. */
    startMainMachines: enqueueActions(({ context, enqueue, self }) => {
      const running = self.getSnapshot()?.children ?? {};
      for (const record of enabledRecords(context.config)) {
        const machine = context.modules[record.name]?.mainMachine;
        const id = mainChildId(record.name);
        if (machine && !(id in running)) {
          enqueue.spawnChild(
            machine as never,
            { id, input: { client: context.client, config: context.config } } as never,
          );
        }
      }
    }) as never,
    /**
     * Stops the Main machines, except the one of the product being started: its flow still shows Main (One Tap keeps
     * its state through a social sign-in's redirect, and is not prompted again when the page is restored).
     */
    stopMainMachines: enqueueActions(({ context, enqueue, self }) => {
      const keep =
        context.active &&
        !recordOf(context.active.product).stopsMainMachineOnStart &&
        mainChildId(context.active.product);
      for (const id of Object.keys(self.getSnapshot()?.children ?? {})) {
        if (id.startsWith('main:') && id !== keep) enqueue.stopChild(id);
      }
    }) as never,
    /** Stops the Main machines of products the config no longer enables. */
    stopDisabledMainMachines: enqueueActions(({ context, enqueue, self }) => {
      const enabled = new Set(enabledRecords(context.config).map((record) => mainChildId(record.name)));
      for (const id of Object.keys(self.getSnapshot()?.children ?? {})) {
        if (id.startsWith('main:') && !enabled.has(id)) enqueue.stopChild(id);
      }
    }) as never,
    /** Stops every Main machine: the flow ends away from Main. */
    stopAllMainMachines: enqueueActions(({ enqueue, self }) => {
      for (const id of Object.keys(self.getSnapshot()?.children ?? {})) {
        if (id.startsWith('main:')) enqueue.stopChild(id);
      }
    }) as never,
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
    emitUrlTokenEvent: emit(({ context, event }) => ({
      type: 'widget.event' as const,
      detail: {
        type: context.urlToken?.type === 'oauth' ? EVENT_TYPES.OAUTH_AUTHENTICATE : EVENT_TYPES.MAGIC_LINK_AUTHENTICATE,
        data: (event as { output?: unknown }).output,
      },
    })),
    emitWidgetError: emit(({ event }) => ({
      type: 'widget.error' as const,
      detail: (event as Extract<RootEvent, { type: 'WIDGET_ERROR' }>).detail,
    })),
    emitError: emit(({ context }) => ({
      type: 'widget.error' as const,
      detail: toErrorDetail(context.errorDescriptor ?? {}),
    })),
  },
}).createMachine({
  id: 'root',
  context: ({ input }) => {
    const url = pageUrl(input.url);
    return {
      client: input.client,
      config: input.config,
      bootstrap: input.client.bootstrap.getSync(),
      formState: initialFormState(),
      errorDescriptor: null,
      ...startPoint(input.mode, url),
      mode: input.mode,
      active: null,
      modules: {},
    };
  },
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
        { guard: 'hasUrlToken', target: 'authenticatingToken' },
        {
          guard: 'hasProductToken',
          target: 'opening',
          actions: {
            type: 'setActive',
            params: ({ context }) => ({
              product: context.productToken!.product,
              params: { token: context.productToken!.token },
            }),
          },
        },
        // The element's `mode` names a component other than the login form (passkey registration): its product
        // opens at once, whether or not `products` lists it (the page asked for that component by name).
        reopenMode,
        { target: 'main', actions: 'logRender' },
      ],
    },

    main: {
      // Once Main has painted, the view fetches the chunks of the products Main can start (those the config enables).
      meta: { screen: 'Main', preload: PRODUCT_RECORDS.map((record) => record.name) },
      entry: 'startMainMachines',
      exit: 'stopMainMachines',
      on: {
        // A new config: the Main machine of a product the page turned off stops (aborting its request, e.g. a passkey
        // autofill that would look for a field the new form no longer has); a product turned on starts its own.
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

    /** A product's redirect token in the page URL (a password-reset link): its chunk loads, then it starts. */
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
      entry: 'startProduct',
      exit: 'stopProduct',
      on: {
        [`xstate.done.actor.${PRODUCT_CHILD}`]: [
          {
            guard: { type: 'outputIs', params: { to: 'product' } },
            target: 'main.starting',
            actions: {
              type: 'setActive',
              params: ({ event }: { event: unknown }) => {
                const output = outputOf(event) as Extract<ProductOutput, { to: 'product' }>;
                return { product: output.product, params: output.params };
              },
            },
          },
          { guard: { type: 'outputIs', params: { to: 'success' } }, target: 'success', actions: 'stopAllMainMachines' },
          {
            guard: { type: 'outputIs', params: { to: 'error' } },
            target: 'error',
            actions: [
              'stopAllMainMachines',
              {
                type: 'setError',
                params: ({ event }: { event: unknown }) => ({
                  error: (outputOf(event) as { error: ErrorDescriptor }).error,
                }),
              },
              'emitError',
            ],
          },
          { guard: 'mainRendersAnew', target: 'main', actions: 'logRender' },
          {
            target: 'main',
            actions: {
              type: 'setError',
              params: ({ event }: { event: unknown }) => ({
                error: (outputOf(event) as { error?: ErrorDescriptor }).error ?? null,
              }),
            },
          },
        ],
        WIDGET_EVENT: [
          { ...reopenMode, guard: 'signInResumesMode', actions: ['emitEvent', reopenMode.actions] },
          { actions: 'emitEvent' },
        ],
        // The product's screens send their events to the product itself; the root passes on what it hears.
        CONFIG_CHANGED: { actions: ['setConfig', 'forwardToProduct'] },
        SESSION_ENDED: { actions: 'forwardToProduct' },
      },
    },

    authenticatingToken: {
      meta: { screen: 'Loading' },
      invoke: {
        src: 'authenticateUrlToken',
        input: ({ context }) => ({
          client: context.client,
          type: context.urlToken?.type ?? 'magic_links',
          token: context.urlToken?.token ?? '',
          sessionDurationMinutes: context.config.sessionOptions.sessionDurationMinutes,
        }),
        onDone: { target: 'success', actions: ['removeTokenFromUrl', 'emitUrlTokenEvent', 'clearUrlToken'] },
        onError: { target: 'error', actions: ['removeTokenFromUrl', 'clearUrlToken', 'setCallError', 'emitError'] },
      },
    },

    success: {
      meta: { screen: 'Success' },
      entry: 'emitFlowComplete',
      // Signed in on the consent page's login form: the consent flow continues at once.
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
