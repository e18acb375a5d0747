/// <reference types="mocha" />
// The oauth product's machine alone, as the root starts it for a social button, with a real client against the real
// test service (the page's navigation to the provider is recorded instead of followed).
import { expect } from 'chai';
import { createActor, createMachine, waitFor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import type { OAuthProvider } from '../../../api/index.ts';
import { navigation } from '../../../client/navigation.ts';
import type { AuthClient } from '../../../client/types.ts';
import { destroyClients, makeClient, resetBrowserState } from '../../../../test/support/client.ts';
import { testEnv } from '../../../../test/support/env.ts';
import { resolveConfig, type AuthLoginConfig } from '../../config.ts';
import { EVENT_TYPES } from '../../constants.ts';
import { initialFormState } from '../../machine/form.ts';
import { screenMetaOf } from '../../machine/screen.ts';
import type { ProductInput, ProductOutput, ProductToRootEvent } from '../types.ts';
import { lastUsedProvider } from './last-used.ts';
import { oauthMachine, type OAuthParams } from './machine.ts';

const GITHUB_CONFIG: AuthLoginConfig = {
  products: ['oauth'],
  oauthOptions: {
    providers: [{ type: 'google' }, { type: 'github', custom_scopes: ['read:user', 'repo'], provider_params: { login: 'ada' } }],
    loginRedirectURL: '/student-portal',
    signupRedirectURL: '/welcome',
  },
};

describe('oauth product machine', () => {
  const assign = navigation.assign;
  let visited: string[];
  let client: AuthClient;
  let parent: AnyActorRef | undefined;
  beforeEach(() => {
    resetBrowserState();
    visited = [];
    navigation.assign = (url) => void visited.push(url);
    client = makeClient();
  });
  afterEach(() => {
    parent?.stop();
    parent = undefined;
    navigation.assign = assign;
    destroyClients();
  });

  /** The product started for `provider` under a parent like the root: it records what the product sends up and its output. */
  function start(config: AuthLoginConfig, provider: OAuthProvider) {
    const sent: ProductToRootEvent[] = [];
    const ended: { output?: ProductOutput } = {};
    let resolveOutput: (output: ProductOutput) => void;
    const output = new Promise<ProductOutput>((resolve) => (resolveOutput = resolve));
    const input: ProductInput<OAuthParams> = {
      client,
      config: resolveConfig(config, testEnv.pageOrigin),
      bootstrap: client.bootstrap.getSync(),
      formState: initialFormState(),
      params: { provider },
    };
    parent = createActor(
      createMachine({
        invoke: {
          id: 'product',
          src: oauthMachine,
          input,
          onDone: {
            actions: ({ event }) => {
              ended.output = event.output as ProductOutput;
              resolveOutput(ended.output);
            },
          },
        },
        on: {
          WIDGET_EVENT: { actions: ({ event }) => void sent.push(event as ProductToRootEvent) },
          WIDGET_ERROR: { actions: ({ event }) => void sent.push(event as ProductToRootEvent) },
        },
      }),
    ).start();
    const product = parent.getSnapshot().children.product as AnyActorRef;
    const state = () => product.getSnapshot() as AnyMachineSnapshot;
    return { sent, ended, output, product, state };
  }

  it("starts the provider's flow with its configured options, remembers it, emits OAUTH_START; a restored page goes back to Main as it was", async () => {
    const { sent, ended, product, state } = start(GITHUB_CONFIG, 'github');
    expect(state().matches('starting')).to.equal(true);
    expect(screenMetaOf(state()).screen, 'Main shows (busy) while the flow starts').to.equal('Main');
    // The client navigates before its start resolves, so the page has been sent away once the product redirects.
    await waitFor(product, (s) => s.matches('redirecting'));
    expect(visited).to.have.length(1);
    const url = new URL(visited[0]!);
    expect(url.pathname).to.equal('/v1/public/oauth/github/start');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      public_token: testEnv.publicToken,
      custom_scopes: 'read:user repo',
      provider_login: 'ada',
      login_redirect_url: `${testEnv.pageOrigin}/student-portal`,
      signup_redirect_url: `${testEnv.pageOrigin}/welcome`,
    });
    expect(screenMetaOf(state()).screen, 'Main stays busy until the page unloads').to.equal('Main');
    expect(sent).to.deep.equal([{ type: 'WIDGET_EVENT', detail: { type: EVENT_TYPES.OAUTH_START, data: { provider: 'github' } } }]);
    expect(lastUsedProvider(client)).to.equal('github');
    // Back from the provider's page: a first show of the page changes nothing (the listener runs synchronously, so
    // the machine has already decided); one restored from the back/forward cache ends the product, Main as left.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(state().matches('redirecting')).to.equal(true);
    expect(ended.output).to.equal(undefined);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(ended.output).to.deep.equal({ to: 'main', resume: true });
  });

  it('a start the client refuses goes back to Main with the error, reported as a widget error, nothing remembered', async () => {
    // custom_scopes must be an array of strings: the client's own check refuses a string before navigating.
    const config = { products: ['oauth'], oauthOptions: { providers: [{ type: 'github', custom_scopes: 'repo' as unknown as string[] }] } };
    const { sent, output } = start(config as AuthLoginConfig, 'github');
    const result = await output;
    expect(result.to).to.equal('main');
    const error = (result as Extract<ProductOutput, { to: 'main' }>).error;
    expect(error?.message).to.contain('custom_scopes must be an array of strings');
    expect(sent).to.deep.equal([{ type: 'WIDGET_ERROR', detail: { message: error?.message } }]);
    expect(visited).to.deep.equal([]);
    expect(lastUsedProvider(client)).to.equal(null);
  });
});
