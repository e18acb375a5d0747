/// <reference types="mocha" />
// Accessibility gate: axe-core finds 0 violations on every screen of every reachable state, inside
// <auth-login>'s shadow root with the default theme. The states are ENUMERATED FROM THE MACHINES: every state the
// root and each registered product's machine can rest in (each leaf that is not final and not left at once; in a
// parallel state each region's leaves), and each passkey row's states. Each is resolved with
// `machine.resolveState(...)` over a realistic context (the real bootstrap document and strength check from the test
// service; addresses, codes and apps as a visitor would have them), with and without an error on screen, and
// rendered by the element's own view. How each product is shown (its page config, start parameters and contexts) is its
// own: products/<folder>/fixtures.ts, reached through the registry. A new state, a new product or a new screen is
// covered without editing this file.
import { expect } from 'chai';
import axe from 'axe-core';
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type StateValue } from 'xstate';
import type { AuthClient } from '../../src/client/types.ts';
import type { WidgetView } from '../../src/widget/AuthLogin.tsx';
import { resolveConfig, type AuthLoginConfig } from '../../src/widget/config.ts';
import { ROOT_TAG_NAME } from '../../src/widget/dom-names.ts';
import { AuthLoginElement } from '../../src/widget/element.ts';
import type { AuthLoginRoot } from '../../src/widget/runtime.ts';
import { PRODUCT_CHILD, rootMachine } from '../../src/widget/machine/root.ts';
import { screenMetaOf } from '../../src/widget/machine/screen.ts';
import type { ErrorDescriptor, RootContext } from '../../src/widget/machine/types.ts';
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../../src/widget/products/registry.ts';
import type { ProductFixtures, ProductModule, ProductRecord } from '../../src/widget/products/types.ts';
import { resolveTheme } from '../../src/widget/theme/theme.ts';
import { resetBrowserState } from '../support/client.ts';
import { testEnv } from '../support/env.ts';
import { until } from '../support/poll.ts';
import { $, mount, unmountAll } from '../support/widget.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

/** <auth-login> that can be shown a view made here: the element's own React root, shadow root, styles and theme. */
class ShownAuthLogin extends AuthLoginElement {
  show(view: WidgetView): void {
    (this.shadowRoot!.querySelector(ROOT_TAG_NAME) as AuthLoginRoot).show(view);
  }
}
const TAG = 'auth-login-a11y';
customElements.define(TAG, ShownAuthLogin);

// ---- The states, from the machines ----

/** A state left at once by an unguarded eventless transition: the widget never rests there. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition) => !transition.guard);
}

/** Every leaf the machine can rest in, as its path; in a parallel state, each region's leaves (the others at start). */
function restingLeaves(node: AnyStateNode): string[][] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0)
    return node.type === 'final' || node.type === 'history' || isTransient(node) ? [] : [node.path];
  return children.flatMap(restingLeaves);
}

/** The state value of a leaf's path (`['a', 'b', 'c']` → `{ a: { b: 'c' } }`). */
function stateValueOf(path: string[]): string | Record<string, unknown> {
  const [head, ...rest] = path;
  return rest.length === 0 ? head! : { [head!]: stateValueOf(rest) };
}

function leavesOf(machine: AnyStateMachine): string[][] {
  return restingLeaves(machine.root as AnyStateNode);
}

// ---- Realistic contexts ----

const EMAIL = 'ada.lovelace@westlight.edu';
/** A service error as the screens show it (the catalogue's text for its type). */
const ERROR: ErrorDescriptor = { errorType: 'unauthorized_credentials', message: 'Unauthorized credentials.' };

/**
 * Per product (registry name): how it is shown (its fixtures.ts `accessibility`): the page config that enables it,
 * its start parameters and the contexts its screens are seen with.
 */
const FIXTURES = new Map<string, ProductFixtures['accessibility']>(
  await Promise.all(
    PRODUCT_RECORDS.map(async (record) => {
      const module = (await import(`../../src/widget/products/${record.folder}/fixtures.ts`)) as {
        fixtures: ProductFixtures;
      };
      return [record.name, module.fixtures.accessibility] as const;
    }),
  ),
);
const fixtureOf = (name: string) => FIXTURES.get(name)!;

// ---- Rendering a state inside the element, and axe ----

/** The root's context as the element has it once Main shows: the real bootstrap document, a visitor's form. */
async function rootContext(client: AuthClient, config: AuthLoginConfig): Promise<RootContext> {
  const resolved = resolveConfig(config, testEnv.pageOrigin);
  const initial = createActor(rootMachine, {
    input: { client, config: resolved, url: `${testEnv.pageOrigin}/` },
  }).getSnapshot().context;
  return {
    ...initial,
    bootstrap: await client.bootstrap.get(),
    formState: { ...initial.formState, email: EMAIL, phone: '4155552671' },
    // Every chunk fetched, as once Main has painted: Main shows the products' blocks, not the space kept for them.
    modules: Object.fromEntries(modules),
  };
}

/** A view of the root statechart resting in `snapshot` (not started: it renders, it does not run). */
function viewOf(el: HTMLElement, context: RootContext, snapshot: AnyMachineSnapshot): WidgetView {
  const actor = createActor(rootMachine, {
    snapshot: snapshot as never,
    input: { client: context.client, config: context.config },
  });
  return {
    host: el,
    localeTag: 'en',
    locale: 'en',
    actor: actor as never,
    config: context.config,
    theme: resolveTheme(undefined),
    strings: undefined,
    nonce: undefined,
  };
}

function rootSnapshot(context: RootContext, path: string[]): AnyMachineSnapshot {
  return rootMachine.resolveState({ value: stateValueOf(path) as never, context }) as unknown as AnyMachineSnapshot;
}

/**
 * The root delegating to `module`'s machine resting at `path` with `productContext`, and the screen that names
 * ('Main' while a call started from Main runs).
 */
function productSnapshot(
  context: RootContext,
  name: string,
  module: ProductModule,
  path: string[],
  productContext: object,
): { snapshot: AnyMachineSnapshot; screen: string } {
  const child = module.machine.resolveState({ value: stateValueOf(path) as never, context: productContext as never });
  const root = rootMachine.resolveState({
    value: 'product',
    context: { ...context, active: { product: name as never, params: fixtureOf(name).params } },
  });
  // A snapshot's children are restored from { src, snapshot }: the product's child actor rests where it was resolved.
  const snapshot = {
    ...root,
    children: { [PRODUCT_CHILD]: { src: module.machine, snapshot: child } },
  } as unknown as AnyMachineSnapshot;
  return { snapshot, screen: screenMetaOf(child as unknown as AnyMachineSnapshot).screen ?? 'Main' };
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** Waits until the shown screen has rendered and stays as it is for a frame (lazy screens and effects done). */
async function settled(el: HTMLElement, screen: string): Promise<void> {
  let last = '';
  await until(async () => {
    await frame();
    const html = $(el, '[part~="container"]')?.innerHTML ?? '';
    const same = html !== '' && html === last;
    last = html;
    return same;
  }, `the ${screen} screen to render`);
}

/**
 * axe-core over the element (its shadow root included), every rule of axe's default set but `region`: landmarks
 * belong to the host page (the site's own pages are checked whole in test/e2e/site-pages.test.ts), and a widget
 * dropped into any page cannot add them.
 */
async function violations(el: HTMLElement): Promise<string[]> {
  const results = await axe.run(el, { rules: { region: { enabled: false } }, resultTypes: ['violations'] });
  return results.violations.map((v) => {
    const nodes = v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`);
    return `${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}`;
  });
}

async function shownElement(config: AuthLoginConfig): Promise<ShownAuthLogin> {
  const el = mount({ tagName: TAG, config }) as unknown as ShownAuthLogin;
  // The element mounts its own root first (Main); what is shown after replaces it.
  await until(() => $(el, '[part~="title"]'), 'the element to render');
  return el;
}

const modules = new Map<string, ProductModule>(
  await Promise.all(PRODUCT_RECORDS.map(async (record: ProductRecord) => [record.name, await record.load()] as const)),
);

describe('accessibility: axe-core finds nothing on any screen of any state', () => {
  before(() => resetBrowserState());
  after(() => unmountAll());

  it('knows how to show every registered product (its fixtures.ts gives the config, parameters and contexts)', () => {
    for (const record of PRODUCT_RECORDS) {
      const fixture = fixtureOf(record.name);
      expect(fixture, `products/${record.folder}/fixtures.ts: accessibility`).to.include.keys('config', 'params');
      expect(fixture.variants, `products/${record.folder}/fixtures.ts: variants`).to.be.a('function');
    }
  });

  describe('the root: Main (for each product), Loading, Success, Error', () => {
    const leaves = leavesOf(rootMachine).filter((path) => path[0] !== 'product');
    for (const [name, { config }] of FIXTURES) {
      it(`${name}: every root state, with and without an error`, async function () {
        this.timeout(60_000); // a dozen renders, each checked by axe
        const el = await shownElement(config);
        const context = await rootContext(el.client!, config);
        const failures: string[] = [];
        for (const path of leaves) {
          for (const errorDescriptor of [null, ERROR]) {
            const snapshot = rootSnapshot({ ...context, errorDescriptor }, path);
            const { screen } = screenMetaOf(snapshot);
            if (!screen) continue;
            el.show(viewOf(el, context, snapshot));
            await settled(el, screen);
            for (const v of await violations(el))
              failures.push(`${path.join('.')} (${screen}${errorDescriptor ? ', error' : ''}): ${v}`);
          }
        }
        expect(failures, failures.join('\n')).to.deep.equal([]);
      });
    }
  });

  for (const record of PRODUCT_RECORDS) {
    const module = modules.get(record.name)!;
    const leaves = leavesOf(module.machine);
    describe(`${record.name}: ${leaves.length} states`, () => {
      let el: ShownAuthLogin;
      let context: RootContext;
      let variants: Record<string, unknown>[];
      before(async () => {
        const fixture = fixtureOf(record.name);
        el = await shownElement(fixture.config);
        context = await rootContext(el.client!, fixture.config);
        variants = await fixture.variants({
          client: el.client!,
          pageOrigin: testEnv.pageOrigin,
          restingStates: (machine) => leavesOf(machine).map(stateValueOf) as StateValue[],
        });
      });

      for (const path of leaves) {
        it(`${path.join('.')}`, async function () {
          this.timeout(60_000); // each variant, with and without an error, checked by axe
          const input = {
            client: context.client,
            config: context.config,
            bootstrap: context.bootstrap,
            formState: context.formState,
            params: fixtureOf(record.name).params,
          };
          const initial = createActor(module.machine, { input }).getSnapshot().context as object;
          const failures: string[] = [];
          for (const variant of variants) {
            for (const errorDescriptor of [null, ERROR]) {
              const { snapshot, screen } = productSnapshot(context, record.name, module, path, {
                ...initial,
                ...variant,
                errorDescriptor,
              });
              el.show(viewOf(el, context, snapshot));
              await settled(el, screen);
              for (const v of await violations(el))
                failures.push(
                  `${screen}${errorDescriptor ? ', error' : ''} ${JSON.stringify(variant).slice(0, 80)}: ${v}`,
                );
            }
          }
          expect(failures, failures.join('\n')).to.deep.equal([]);
        });
      }
    });
  }

  it('fails on a screen with a violation (the gate can fail)', async () => {
    const el = await shownElement({}); // the default configuration
    expect(await violations(el)).to.deep.equal([]);
    // A title in a colour too light on white, as a theme might make it.
    ($(el, '[part~="title"]') as HTMLElement).style.color = '#D0D0D0';
    expect((await violations(el)).join('\n')).to.match(/^color-contrast /m);
  });
});
