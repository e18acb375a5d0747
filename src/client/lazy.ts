// Calls the widget does not need to paint live in accounts.ts, loaded on first use: the widget build splits it into
// a lazy chunk, and dist/client.js inlines it. Each public method here is a small stub that imports and forwards.
import type { Http } from './http.ts';
import type { SessionStore } from './session.ts';

export interface CallContext {
  http: Http;
  store: SessionStore;
}

type Calls = typeof import('./accounts.ts').calls;
type WithoutContext<F> = F extends (ctx: CallContext, ...args: infer A) => infer R
  ? (...args: A) => Promise<Awaited<R>>
  : never;

export function lazyCall<K extends keyof Calls>(ctx: CallContext, name: K): WithoutContext<Calls[K]> {
  return (async (...args: unknown[]) => {
    const { calls } = await import('./accounts.ts');
    return (calls[name] as (ctx: CallContext, ...rest: unknown[]) => unknown)(ctx, ...args);
  }) as WithoutContext<Calls[K]>;
}
