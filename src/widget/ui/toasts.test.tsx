/// <reference types="mocha" />
// The toast stack against spec section 9: 4000 ms for blank, error and custom, 2000 ms for success; at most 20 at
// once; removal 1000 ms after dismissal; at most 350 px wide. Timers run on an XState SimulatedClock, never a sleep.
import { expect } from 'chai';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { until } from '../../../test/support/poll.ts';
import { freshReactRoot } from '../../../test/support/react-root.ts';
import { MAX_TOASTS, TOAST_DURATION_MS, TOAST_KINDS, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from './constants.ts';
import { Toaster } from './Toaster.tsx';
import { toastsMachine, type ToastsMachine } from './toasts.ts';

describe('toasts', () => {
  let clock: SimulatedClock;
  let actor: Actor<ToastsMachine>;
  beforeEach(() => {
    clock = new SimulatedClock();
    actor = createActor(toastsMachine, { clock }).start();
  });
  afterEach(() => actor.stop());

  const toasts = () => actor.getSnapshot().context.toasts;
  const shown = () =>
    toasts()
      .filter((t) => t.visible)
      .map((t) => t.content);
  const listed = () => toasts().map((t) => t.content);

  it("the spec's numbers: 4000, 4000, 4000 and 2000 ms; 20 at once; removal after 1000 ms; 350 px", () => {
    expect(TOAST_KINDS).to.deep.equal(['blank', 'error', 'success', 'custom']);
    expect(TOAST_DURATION_MS).to.deep.equal({ blank: 4000, error: 4000, success: 2000, custom: 4000 });
    expect(MAX_TOASTS).to.equal(20);
    expect(TOAST_REMOVE_DELAY_MS).to.equal(1000);
    expect(TOAST_MAX_WIDTH_PX).to.equal(350);
  });

  it('dismisses each kind after its time and removes it 1000 ms later', () => {
    for (const kind of TOAST_KINDS) actor.send({ type: 'SHOW', kind, content: kind });
    expect(shown()).to.deep.equal(['custom', 'success', 'error', 'blank']);
    clock.increment(1999);
    expect(shown()).to.deep.equal(['custom', 'success', 'error', 'blank']);
    clock.increment(1);
    expect(shown()).to.deep.equal(['custom', 'error', 'blank']);
    expect(listed()).to.deep.equal(['custom', 'success', 'error', 'blank']);
    clock.increment(999);
    expect(listed()).to.deep.equal(['custom', 'success', 'error', 'blank']);
    clock.increment(1);
    expect(listed()).to.deep.equal(['custom', 'error', 'blank']);
    clock.increment(999); // 3999 ms
    expect(shown()).to.deep.equal(['custom', 'error', 'blank']);
    clock.increment(1);
    expect(shown()).to.deep.equal([]);
    clock.increment(999);
    expect(listed()).to.deep.equal(['custom', 'error', 'blank']);
    clock.increment(1);
    expect(listed()).to.deep.equal([]);
  });

  it('a toast dismissed early is removed 1000 ms after its dismissal, and its own timer no longer fires', () => {
    actor.send({ type: 'SHOW', kind: 'blank', content: 'a' });
    const [toast] = toasts();
    clock.increment(500);
    actor.send({ type: 'DISMISS', id: toast!.id });
    expect(toasts()).to.deep.equal([{ ...toast!, visible: false }]);
    clock.increment(TOAST_REMOVE_DELAY_MS - 1);
    expect(listed()).to.deep.equal(['a']);
    clock.increment(1);
    expect(listed()).to.deep.equal([]);
    // Dismissing again, or after removal, changes nothing.
    actor.send({ type: 'DISMISS', id: toast!.id });
    clock.increment(TOAST_DURATION_MS.blank);
    expect(listed()).to.deep.equal([]);
  });

  it('keeps at most 20: the 21st pushes out the oldest, and the dropped ones leave no timers behind', () => {
    for (let n = 1; n <= MAX_TOASTS + 5; n++) actor.send({ type: 'SHOW', kind: 'blank', content: n });
    expect(listed()).to.have.length(MAX_TOASTS);
    expect(listed()[0]).to.equal(MAX_TOASTS + 5);
    expect(listed()[MAX_TOASTS - 1]).to.equal(6);
    actor.send({ type: 'SHOW', kind: 'success', content: 'newest' });
    expect(listed()).to.have.length(MAX_TOASTS);
    expect(listed()[MAX_TOASTS - 1]).to.equal(7);
    clock.increment(TOAST_DURATION_MS.success);
    expect(shown()).to.have.length(MAX_TOASTS - 1);
    // A removal is timed from its dismissal, so the clock moves to each dismissal first.
    clock.increment(TOAST_DURATION_MS.blank - TOAST_DURATION_MS.success);
    expect(shown()).to.deep.equal([]);
    clock.increment(TOAST_REMOVE_DELAY_MS);
    expect(listed()).to.deep.equal([]);
  });

  describe('Toaster', () => {
    const react = freshReactRoot();

    it(
      'renders each toast (part toast, role alert for errors, status otherwise), at most 350 px ' +
        'wide, hidden while it fades',
      async () => {
        react.root.render(<Toaster toasts={actor} />);
        actor.send({ type: 'SHOW', kind: 'success', content: 'Email resent' });
        actor.send({ type: 'SHOW', kind: 'error', content: 'Passkey registration not found.' });
        const items = await until(() => {
          const found = [...react.host.querySelectorAll<HTMLElement>('[part~="toast"]')];
          return found.length === 2 && found;
        }, 'two toasts');
        expect(items.map((el) => [el.textContent, el.getAttribute('role'), el.dataset.kind])).to.deep.equal([
          ['Passkey registration not found.', 'alert', 'error'],
          ['Email resent', 'status', 'success'],
        ]);
        expect(getComputedStyle(items[0]!).maxWidth).to.equal(`${TOAST_MAX_WIDTH_PX}px`);

        clock.increment(TOAST_DURATION_MS.success);
        await until(() => items[1]!.getAttribute('aria-hidden') === 'true', 'the success toast fading');
        expect(items[1]!.dataset.visible).to.equal('false');
        expect(items[0]!.getAttribute('aria-hidden')).to.equal(null);
        clock.increment(TOAST_REMOVE_DELAY_MS);
        await until(() => react.host.querySelectorAll('[part~="toast"]').length === 1, 'the success toast removed');
      },
    );

    it('renders content through render (an error descriptor turned into text)', async () => {
      react.root.render(
        <Toaster toasts={actor} render={(content) => `⚠ ${(content as { message: string }).message}`} />,
      );
      actor.send({ type: 'SHOW', kind: 'error', content: { message: 'Not found' } });
      const item = await until(() => react.host.querySelector<HTMLElement>('[part~="toast"]'), 'the toast');
      expect(item.textContent).to.equal('⚠ Not found');
    });
  });
});
