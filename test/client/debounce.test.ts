/// <reference types="mocha" />
// The client's debounce (client spec section 9: default 500 ms): only the last call of a burst runs, with its
// arguments, once the wait has passed; cancel drops it. Timers are the test's own clock, so nothing sleeps.
import { expect } from 'chai';
import { DEFAULT_DEBOUNCE_MS, debounce } from '../../src/client/index.ts';
import { PASSWORD_STRENGTH_DEBOUNCE_MS } from '../../src/widget/products/passwords/constants.ts';
import { fakeClock } from '../support/client.ts';

describe('client debounce', () => {
  it('waits DEFAULT_DEBOUNCE_MS, 500 ms, by default', () => {
    expect(DEFAULT_DEBOUNCE_MS).to.equal(500);
    const clock = fakeClock();
    const calls: string[] = [];
    const debounced = debounce((value: string) => calls.push(value), { clock });
    debounced('a');
    expect(clock.pending().map((t) => t.ms)).to.deep.equal([500]);
    expect(calls).to.deep.equal([]);
    clock.fireNext();
    expect(calls).to.deep.equal(['a']);
    expect(clock.pending()).to.deep.equal([]);
  });

  it('runs only the last call of a burst, with its arguments; each call restarts the wait', () => {
    const clock = fakeClock();
    const calls: [string, number][] = [];
    const debounced = debounce((value: string, n: number) => calls.push([value, n]), { clock });
    debounced('s', 1);
    debounced('st', 2);
    debounced('stu', 3);
    expect(clock.timers.map((t) => t.cleared)).to.deep.equal([true, true, false]);
    clock.fireNext();
    expect(calls).to.deep.equal([['stu', 3]]);
  });

  it('takes its own wait, and cancel drops a waiting call', () => {
    const clock = fakeClock();
    const calls: number[] = [];
    const debounced = debounce((n: number) => calls.push(n), { waitMs: PASSWORD_STRENGTH_DEBOUNCE_MS, clock });
    debounced(1);
    expect(clock.pending().map((t) => t.ms)).to.deep.equal([PASSWORD_STRENGTH_DEBOUNCE_MS]);
    debounced.cancel();
    expect(clock.pending()).to.deep.equal([]);
    expect(calls).to.deep.equal([]);
    debounced(2);
    clock.fireNext();
    expect(calls).to.deep.equal([2]);
  });
});
