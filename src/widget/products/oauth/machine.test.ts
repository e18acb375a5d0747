/// <reference types="mocha" />
// The oauth product's statechart, run by the root as it is in the widget when a social button is pressed: a real
// client against the real test service, the page's navigation to the provider recorded instead of followed.
import { expect } from 'chai';
import { waitFor } from 'xstate';
import { createAuthClient, type AuthClient } from '../../../client/index.ts';
import type { AuthLoginConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../events.ts';
import type { RootEmitted } from '../../machine/types.ts';
import { resetBrowserState } from '../../../../test/support/client.ts';
import { testEnv } from '../../../../test/support/env.ts';
import { productOf, screenOf, startRoot, waitForProduct, type RootActor } from '../../../../test/support/machine.ts';
import { recordNavigations } from '../../../../test/support/navigation.ts';
import type { OAuthParams } from './machine.ts';

const PROVIDERS_CONFIG: AuthLoginConfig = {
  products: ['oauth', 'emailMagicLinks'],
  oauthOptions: { providers: [{ type: 'google' }, { type: 'github', custom_scopes: ['read:user', 'repo'] }] },
};

describe('oauth product statechart', () => {
  let client: AuthClient;
  let navigations: ReturnType<typeof recordNavigations>;
  let actor: RootActor | undefined;
  let emitted: RootEmitted[];

  beforeEach(() => {
    resetBrowserState();
    navigations = recordNavigations();
    client = createAuthClient({ publicToken: testEnv.publicToken, baseUrl: testEnv.baseUrl });
    emitted = [];
  });
  afterEach(() => {
    actor?.stop();
    actor = undefined;
    client.destroy();
    navigations.restore();
  });

  function start(config: AuthLoginConfig, provider: OAuthParams['provider']): RootActor {
    const a = startRoot(client, config);
    actor = a;
    a.on('*', (e) => emitted.push(e));
    a.send({ type: 'START', product: 'oauth', params: { provider } satisfies OAuthParams });
    return a;
  }

  it(
    'a provider button: Main busy while the flow starts and the page leaves, OAUTH_START; a ' +
      'restored page gets Main back as left',
    async () => {
      const a = start(PROVIDERS_CONFIG, 'github');
      expect(screenOf(a)).to.equal('Main');
      expect(a.getSnapshot().matches({ main: 'idle' })).to.equal(false);
      // The client navigates before its start resolves, so the page has been sent away once the product redirects.
      await waitForProduct(a, 'redirecting');
      expect(screenOf(a), 'Main stays busy until the page unloads').to.equal('Main');
      expect(navigations.visited).to.have.length(1);
      const url = new URL(navigations.visited[0]!);
      expect(url.pathname).to.equal('/v1/public/oauth/github/start');
      expect(url.searchParams.get('custom_scopes'), "the provider's configured scopes").to.equal('read:user repo');
      expect(emitted).to.deep.equal([
        { type: 'widget.event', detail: { type: EVENT_TYPES.OAUTH_START, data: { provider: 'github' } } },
      ]);
      expect(client.oauth.lastUsedProvider()).to.equal('github');
      // Back from the provider's page: a first show of the page changes nothing (the listener runs synchronously, so
      // the statechart has already decided); one restored from the back/forward cache ends the product, Main as left.
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
      expect(productOf(a)?.getSnapshot().matches('redirecting')).to.equal(true);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      expect(a.getSnapshot().value).to.deep.equal({ main: 'idle' });
      expect(productOf(a)).to.equal(undefined);
      expect(a.getSnapshot().context.errorDescriptor).to.equal(null);
      expect(emitted, 'nothing more emitted').to.have.length(1);
    },
  );

  it(
    "a start the client refuses: back to Main with the client's message, emitted as a widget " +
      'error, nothing recorded',
    async () => {
      // custom_scopes must be an array of strings: the client's own check refuses a string before navigating.
      const config = { products: ['oauth'], oauthOptions: { providers: [{ type: 'github', custom_scopes: 'repo' }] } };
      const a = start(config as unknown as AuthLoginConfig, 'github');
      const idle = await waitFor(a, (s) => s.matches({ main: 'idle' }));
      const message = idle.context.errorDescriptor?.message;
      expect(message).to.contain('custom_scopes must be an array of strings');
      expect(screenOf(a)).to.equal('Main');
      expect(emitted).to.deep.equal([{ type: 'widget.error', detail: { message } }]);
      expect(navigations.visited).to.deep.equal([]);
      expect(client.oauth.lastUsedProvider()).to.equal(null);
    },
  );
});
