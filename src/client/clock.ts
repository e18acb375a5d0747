// Time as a dependency: the refresh loop and the telemetry queue take a Clock so tests can drive them without waiting.
export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** A number in [0, 1), like Math.random. */
  random(): number;
}

// Wrapped rather than referenced so nothing global is read at import time.
export const realClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  random: () => Math.random(),
};
