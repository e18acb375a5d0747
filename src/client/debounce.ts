// The client's debounce (client spec section 9: "Debounce default is 500 ms"), for a page that calls the service while
// the visitor types (an email lookup, a strength check in its own UI): only the last call of a burst runs.
import { realClock, type Clock } from './clock.ts';
import { DEFAULT_DEBOUNCE_MS } from './constants/utilities.ts';

export interface DebounceOptions {
  /** How long after the last call the function runs. Default DEFAULT_DEBOUNCE_MS (500 ms). */
  waitMs?: number;
  /** Timers, replaceable so a test drives them. */
  clock?: Clock;
}

export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** Drops a call that is still waiting. */
  cancel(): void;
}

/** `fn` called with the arguments of the last call, once `waitMs` have passed without another call. */
export function debounce<Args extends unknown[]>(
  fn: (...args: Args) => void,
  options: DebounceOptions = {},
): Debounced<Args> {
  const { waitMs = DEFAULT_DEBOUNCE_MS, clock = realClock } = options;
  let timer: unknown = null;
  const cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  return Object.assign(
    (...args: Args) => {
      cancel();
      timer = clock.setTimeout(() => {
        timer = null;
        fn(...args);
      }, waitMs);
    },
    { cancel },
  );
}
