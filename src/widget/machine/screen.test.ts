/// <reference types="mocha" />
// "A screen is a state": every state the widget can rest in names the screen it shows (meta.screen, or meta.screenFrom
// for the root's `product`, whose child names it), and every name it gives is a screen that exists.
import { expect } from 'chai';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { PRODUCT_RECORDS } from '../products/registry.ts';
import { ROOT_SCREENS } from '../screens/index.ts';
import { rootMachine } from './root.ts';
import type { StateMeta } from './screen.ts';

/** The products a state may ask to preload: those registered (a name of PRODUCTS without a folder yet is not). */
const REGISTERED: string[] = PRODUCT_RECORDS.map((record) => record.name);

/** A state left at once by an unguarded eventless transition: the widget never rests there. */
function isTransient(node: AnyStateNode): boolean {
  return (node.always ?? []).some((transition) => !transition.guard);
}

/** Every state (by id) the widget can rest in without a screen named by it or by a state around it. */
function statesWithoutScreen(node: AnyStateNode, covered = false): string[] {
  const meta = node.meta as StateMeta | undefined;
  const named = covered || Boolean(meta?.screen || meta?.screenFrom);
  const children = Object.values(node.states) as AnyStateNode[];
  // A parallel state shows one screen: the region that names one for each of its states (the others are its timers).
  if (node.type === 'parallel' && !named) {
    const missing = children.map((region) => statesWithoutScreen(region, false));
    return missing.some((region) => region.length === 0) ? [] : missing.flat();
  }
  if (children.length > 0) return children.flatMap((child) => statesWithoutScreen(child, named));
  if (node.type === 'final' || isTransient(node)) return [];
  return named ? [] : [node.id];
}

/** Every screen name and preload the machine's states give. */
function namedScreens(node: AnyStateNode): { screens: string[]; preloads: string[] } {
  const meta = (node.meta ?? {}) as StateMeta;
  const inner = (Object.values(node.states) as AnyStateNode[]).map(namedScreens);
  return {
    screens: [...(meta.screen ? [meta.screen] : []), ...inner.flatMap((i) => i.screens)],
    preloads: [...(meta.preload ?? []), ...inner.flatMap((i) => i.preloads)],
  };
}

function root(machine: AnyStateMachine): AnyStateNode {
  return machine.root as AnyStateNode;
}

describe('every state names its screen', () => {
  it('the root: each state shows a root screen or delegates to the running product', () => {
    expect(statesWithoutScreen(root(rootMachine))).to.deep.equal([]);
    for (const screen of namedScreens(root(rootMachine)).screens) expect(ROOT_SCREENS, screen).to.have.property(screen);
    expect((rootMachine.states.product!.meta as StateMeta).screenFrom).to.equal('product');
    for (const name of namedScreens(root(rootMachine)).preloads)
      expect(REGISTERED, `the root preloads ${name}`).to.include(name);
  });

  for (const record of PRODUCT_RECORDS) {
    it(`${record.name}: each state names Main or one of its own screens, and preloads only real products`, async () => {
      const module = await record.load();
      expect(statesWithoutScreen(root(module.machine))).to.deep.equal([]);
      const { screens, preloads } = namedScreens(root(module.machine));
      expect(screens.length).to.be.greaterThan(0);
      for (const screen of screens) {
        if (screen !== 'Main') expect(module.screens, `${record.name} names ${screen}`).to.have.property(screen);
      }
      for (const name of preloads) expect(REGISTERED, `${record.name} preloads ${name}`).to.include(name);
    });
  }

  it('finds a state without a screen (the check can fail)', () => {
    const machine = {
      root: { states: { a: { states: {}, type: 'atomic', meta: undefined, id: 'x.a' } }, meta: undefined },
    };
    expect(statesWithoutScreen(root(machine as unknown as AnyStateMachine))).to.deep.equal(['x.a']);
  });
});
