/// <reference types="mocha" />
// The one way the client loads code on first use (src/client/lazy.ts): a load runs once and is shared, a load that
// failed (a chunk that did not arrive, say on a flaky network) is tried again on the next call rather than failing
// for the life of the page, and deferred methods forward to what was loaded with their bound arguments first.
import { expect } from 'chai';
import { deferred, lazy } from '../../src/client/lazy.ts';

/** A loader that fails its first `failures` calls, counting every call. */
function flakyLoader<T>(value: () => T, failures: number) {
  const loader = {
    calls: 0,
    load: async () => {
      loader.calls += 1;
      if (loader.calls <= failures) throw new Error('chunk did not arrive');
      return value();
    },
  };
  return loader;
}

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('client lazy loading', () => {
  it('lazy() runs the load once and shares it, also between calls made before it settles', async () => {
    const loader = flakyLoader(() => ({ n: 1 }), 0);
    const load = lazy(loader.load);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).to.equal(a);
    expect(b).to.equal(a);
    expect(loader.calls).to.equal(1);
  });

  it('lazy() forgets a failed load, so the next call loads again', async () => {
    const loader = flakyLoader(() => 'loaded', 1);
    const load = lazy(loader.load);
    expect((await rejectionOf(load())).message).to.equal('chunk did not arrive');
    expect(await load()).to.equal('loaded');
    expect(await load()).to.equal('loaded');
    expect(loader.calls).to.equal(2);
  });

  it('deferred() forwards each named function with the bound arguments first, on one shared load', async () => {
    let built = 0;
    const loader = flakyLoader(() => {
      built += 1;
      return {
        greet: (prefix: string, name: string) => `${prefix} ${name}`,
        count: async (prefix: string) => prefix.length,
      };
    }, 0);
    const api = deferred(loader.load, ['greet', 'count'], 'hello');
    expect(await api.greet('ada')).to.equal('hello ada');
    expect(await api.count()).to.equal(5);
    expect(loader.calls).to.equal(1);
    expect(built).to.equal(1);
  });

  it('deferred() loads nothing until a method is called, and retries after a failed load', async () => {
    const loader = flakyLoader(() => ({ echo: (value: string) => value }), 1);
    const api = deferred(loader.load, ['echo']);
    expect(loader.calls).to.equal(0);
    expect((await rejectionOf(api.echo('a'))).message).to.equal('chunk did not arrive');
    expect(await api.echo('b')).to.equal('b');
    expect(loader.calls).to.equal(2);
  });

  it('deferred() calls a method on its own object, so `this` is the loaded object', async () => {
    class Counter {
      total = 0;
      add(n: number) {
        this.total += n;
        return this.total;
      }
    }
    const counter = new Counter();
    const api = deferred(async () => counter, ['add']);
    expect(await api.add(2)).to.equal(2);
    expect(await api.add(3)).to.equal(5);
  });
});
