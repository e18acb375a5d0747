// The root statechart's own calls: the bootstrap document, the session watch, the URL-token check, and fetching a
// product's chunk. Each product's calls live in its folder (products/<name>/actors.ts).
import { fromCallback, fromPromise } from 'xstate';
import type { BootstrapData } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import type { Product, ResolvedConfig } from '../config.ts';
import { enabledRecords, recordOf } from '../products/registry.ts';
import type { ProductModule, ProductRecord } from '../products/types.ts';
import type { UrlTokenType } from './types.ts';

export const loadBootstrap = fromPromise<BootstrapData, { client: AuthClient }>(({ input }) => input.client.bootstrap.get());

/** Tells the statechart when the session ends, so a signed-out visitor never sees a stale success screen. */
export const watchSession = fromCallback<{ type: 'SESSION_ENDED' }, { client: AuthClient }>(({ input, sendBack }) =>
  input.client.session.onChange((session) => {
    if (!session) sendBack({ type: 'SESSION_ENDED' });
  }),
);

/** The token of a redirect (`?stytch_token_type=…&token=…`), by its type: a magic link or an OAuth sign-in. */
export const authenticateUrlToken = fromPromise<
  unknown,
  { client: AuthClient; type: UrlTokenType; token: string; sessionDurationMinutes: number }
>(({ input }) => {
  const options = { session_duration_minutes: input.sessionDurationMinutes };
  return input.type === 'oauth'
    ? input.client.oauth.authenticate(input.token, options)
    : input.client.magicLinks.authenticate(input.token, options);
});

/** One product's chunk (the browser fetches a module once, so asking again is free). */
export const loadProduct = fromPromise<ProductModule, { product: Product }>(({ input }) => recordOf(input.product).load());

/** Calls `run` once the page has painted (the next frame, then a task), or at once where there are no frames. */
function afterPaint(run: () => void): () => void {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(run);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Fetches the chunk of every product the config enables and reports each as it arrives: Main shows their blocks and
 * starts their Main machines, and Continue finds the product ready. A product with a block on Main (the social
 * buttons) is part of Main, so it is fetched at once; the others only after Main has painted, so they never delay it.
 */
export const preloadProducts = fromCallback<
  { type: 'PRODUCT_LOADED'; product: Product; module: ProductModule },
  { config: ResolvedConfig }
>(({ input, sendBack }) => {
  let stopped = false;
  const load = (record: ProductRecord) =>
    record.load().then(
      (module) => stopped || sendBack({ type: 'PRODUCT_LOADED', product: record.name, module }),
      () => undefined, // reported when the product is started (main.starting's onError)
    );
  const records = enabledRecords(input.config);
  const partOfMain = (record: ProductRecord) => Boolean(record.mainBlockHeight?.(input.config));
  records.filter(partOfMain).forEach(load);
  const cancel = afterPaint(() => records.filter((record) => !partOfMain(record)).forEach(load));
  return () => {
    stopped = true;
    cancel();
  };
});
