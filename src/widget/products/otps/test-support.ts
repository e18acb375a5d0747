// What the passcode product's browser tests share (machine.test.tsx, journey.test.ts). Not part of the product's chunk.

/**
 * Holds the page's requests to paths ending in `suffix` until `release()` (they then go to the real service), so a
 * state that lasts as long as a request can be looked at.
 */
export function holdRequests(suffix: string): { release(): void; restore(): void } {
  const original = window.fetch;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(new Request(input, init).url).pathname.endsWith(suffix)) await gate;
    return original.call(window, input, init);
  };
  return {
    release: () => open(),
    restore: () => {
      window.fetch = original;
    },
  };
}
