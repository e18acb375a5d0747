// The root statechart's own calls: the bootstrap document, the session watch, the URL-token check, and fetching a
// product's chunk. Each product's calls live in its folder (products/<name>/actors.ts).
import { fromCallback, fromPromise } from 'xstate';
import type { BootstrapData } from '../../api/index.ts';
import type { AuthClient } from '../../client/types.ts';
import { loginTabs, type Product, type ResolvedConfig } from '../config.ts';
import { enabledRecords, recordOf } from '../products/registry.ts';
import type { ProductModule } from '../products/types.ts';
import type { UrlTokenType } from './types.ts';

export const loadBootstrap = fromPromise<BootstrapData, { client: AuthClient }>(({ input }) =>
  input.client.bootstrap.get(),
);

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
export const loadProduct = fromPromise<ProductModule, { product: Product }>(({ input }) =>
  recordOf(input.product).load(),
);

/**
 * On a Main without a login form (social or wallet buttons only), fetches at once the chunk of every enabled product
 * with a block there, since those blocks are what makes Main usable, and reports each as it arrives, so Main shows the
 * block and starts the product's Main machine. With a form, every chunk, blocks included, is fetched by the view once
 * Main has painted (the `preload` of Main's state): the form is usable on the entry alone, and the block's height is
 * kept free until it arrives (issue 18: a block's chunk no longer competes with the form's first paint).
 */
export const preloadProducts = fromCallback<
  { type: 'PRODUCT_LOADED'; product: Product; module: ProductModule },
  { config: ResolvedConfig }
>(({ input, sendBack }) => {
  let stopped = false;
  const mainHasForm = loginTabs(input.config).length > 0;
  for (const record of enabledRecords(input.config).filter((r) => !mainHasForm && r.mainBlockHeight?.(input.config))) {
    record.load().then(
      (module) => stopped || sendBack({ type: 'PRODUCT_LOADED', product: record.name, module }),
      () => undefined, // reported when the product is started (main.starting's onError)
    );
  }
  return () => {
    stopped = true;
  };
});
