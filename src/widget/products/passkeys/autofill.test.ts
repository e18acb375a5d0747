/// <reference types="mocha" />
// Passkey autofill (spec sections 2 and 5) through the root statechart, with the real client against the real
// service and a CDP virtual authenticator: it starts once Main shows, signs in straight to Passkey Confirmation, is
// retried at most PASSKEY_AUTOFILL_RETRIES times (each failure here is the service refusing a deleted passkey), stops
// on NotAllowedError, and is aborted when another flow starts (the browser then takes the next ceremony).
import { expect } from 'chai';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import { PASSKEY_AUTOFILL_RETRIES } from './constants.ts';
import { mainChildId } from '../../machine/root.ts';
import { passkeys } from './index.ts';
import { resolveConfig } from '../../config.ts';
import type { AuthClient } from '../../../client/types.ts';
import {
  destroyClients,
  makeClient,
  recordFetch,
  resetBrowserState,
  signIn,
  type FetchRecorder,
} from '../../../../test/support/client.ts';
import {
  startRoot,
  productOf,
  screenOf,
  waitForProduct,
  waitForScreen,
  type RootActor,
} from '../../../../test/support/machine.ts';
import { until } from '../../../../test/support/poll.ts';
import {
  addVirtualAuthenticator,
  removeVirtualAuthenticator,
  setAutomaticPresenceSimulation,
  setUserVerified,
} from '../../../../test/support/webauthn.ts';

const CONFIG = { products: ['passkeys' as const, 'emailMagicLinks' as const] };
const AUTHENTICATE_PATH = '/sdk/v1/webauthn/authenticate';

describe('passkey autofill (the passkeys Main machine)', () => {
  let rec: FetchRecorder;
  let authenticator = '';
  const actors: RootActor[] = [];
  let input: HTMLInputElement;

  beforeEach(async () => {
    resetBrowserState();
    rec = recordFetch();
    authenticator = await addVirtualAuthenticator();
    // The widget's email field stands in: the client starts a conditional request only when the page has an input
    // whose autocomplete mentions webauthn (client spec section 5).
    input = document.createElement('input');
    input.setAttribute('autocomplete', 'username webauthn');
    document.body.append(input);
  });
  afterEach(async () => {
    for (const a of actors.splice(0)) a.stop();
    input.remove();
    rec.restore();
    destroyClients();
    await removeVirtualAuthenticator(authenticator);
  });

  const autofillOf = (root: RootActor) =>
    root.getSnapshot().children[mainChildId('passkeys')] as AnyActorRef | undefined;
  const autofillState = (root: RootActor) => autofillOf(root)?.getSnapshot() as AnyMachineSnapshot | undefined;
  /** The POST /webauthn/authenticate calls (the last step of each sign-in attempt). */
  const authenticateCalls = () =>
    rec.to(AUTHENTICATE_PATH).filter((r) => new URL(r.url).pathname.endsWith(AUTHENTICATE_PATH));

  /** A student with a passkey in the virtual authenticator, signed out again. */
  async function studentWithPasskey(): Promise<{ client: AuthClient; registrationId: string }> {
    const client = makeClient();
    await signIn(client);
    const { webauthn_registration_id } = await client.webauthn.register({
      is_passkey: true,
      session_duration_minutes: 30,
    });
    return { client, registrationId: webauthn_registration_id };
  }

  /**
   * The root on Main. The passkey chunk is fetched once Main has painted, and the view hands it to the root
   * (View.tsx, usePreload); without a view, the test hands it over the same way.
   */
  async function start(client: AuthClient): Promise<RootActor> {
    const root = startRoot(client, CONFIG);
    actors.push(root);
    root.send({ type: 'PRODUCT_LOADED', product: 'passkeys', module: await passkeys.load() });
    return root;
  }

  it('signs in with the passkey picked from the email field: the product starts in Passkey Confirmation', async () => {
    const { client } = await studentWithPasskey();
    await client.session.revoke();
    const root = await start(makeClient());
    await waitForScreen(root, 'PasskeyConfirmation');
    expect(productOf(root)?.getSnapshot().value).to.equal('signedIn');
    expect(authenticateCalls()).to.have.length(1);
  });

  it(
    'waits while a session exists (a page keeping the form behind its dashboard) and starts ' + 'when it ends',
    async () => {
      const { client } = await studentWithPasskey();
      const root = await start(client);
      await until(() => autofillState(root)?.matches('sessionActive'), 'autofill waiting for the session to end');
      expect(rec.to('/webauthn/authenticate/start/primary')).to.have.length(0);
      expect(rec.to('/webauthn/authenticate/start/secondary')).to.have.length(0);
      await client.session.revoke();
      await waitForScreen(root, 'PasskeyConfirmation');
      expect(rec.to('/webauthn/authenticate/start/primary')).to.have.length(1);
    },
  );

  // Spec section 5: 'retried up to 5 times' (section 9: 'passkey autofill retries 5'): the first request and five
  // more. Written out, not read from the constant, so a constant off by one fails here.
  it("a refused sign-in is retried up to 5 times, 6 requests in all, with the service's message on Main", async () => {
    const { client, registrationId } = await studentWithPasskey();
    await client.user.deleteWebauthnRegistration(registrationId);
    await client.session.revoke();
    const root = await start(makeClient());
    await until(() => autofillState(root)?.matches('stopped'), 'autofill stopped');
    expect(PASSKEY_AUTOFILL_RETRIES).to.equal(5);
    expect(autofillState(root)!.context.retries).to.equal(5);
    expect(authenticateCalls()).to.have.length(6);
    expect(root.getSnapshot().context.errorDescriptor?.errorType).to.equal('webauthn_registration_not_found');
    expect(screenOf(root)).to.equal('Main');
  });

  it('stops at once on NotAllowedError (the visitor declined)', async () => {
    const { client } = await studentWithPasskey();
    await client.session.revoke();
    await setUserVerified(authenticator, false);
    const root = await start(makeClient());
    await until(() => autofillState(root)?.matches('stopped'), 'autofill stopped');
    expect(autofillState(root)!.context.retries).to.equal(0);
    expect(authenticateCalls()).to.have.length(0);
    expect(root.getSnapshot().context.errorDescriptor).to.equal(null);
  });

  it(
    'is aborted when the passkey button flow starts: the button ceremony gets the ' + 'authenticator and signs in',
    async () => {
      const { client } = await studentWithPasskey();
      await client.session.revoke();
      // Without presence the conditional request stays pending, as while the visitor has not picked a suggestion.
      await setAutomaticPresenceSimulation(authenticator, false);
      const root = await start(makeClient());
      await until(() => autofillState(root)?.matches('listening'), 'autofill listening');
      await until(
        () => rec.to('/sdk/v1/webauthn/authenticate/start/primary').length === 1,
        'the conditional request started',
      );
      await setAutomaticPresenceSimulation(authenticator, true);
      root.send({ type: 'START', product: 'passkeys', params: {} });
      await waitForProduct(root, 'signedIn');
      expect(autofillOf(root)).to.equal(undefined);
      expect(screenOf(root)).to.equal('PasskeyConfirmation');
    },
  );

  it('is aborted when another flow starts (a magic link): the browser takes the next ceremony', async () => {
    const { client } = await studentWithPasskey();
    await client.session.revoke();
    await setAutomaticPresenceSimulation(authenticator, false);
    const root = await start(makeClient());
    await until(() => autofillState(root)?.matches('listening'), 'autofill listening');
    const listening = autofillOf(root);
    root.send({ type: 'EMAIL_CHANGED', email: 'passkey-autofill@example.com' });
    root.send({ type: 'SUBMIT_EMAIL' });
    await waitForScreen(root, 'EmailConfirmation');
    expect(autofillOf(root)).to.equal(undefined);
    expect(listening!.getSnapshot().status).to.equal('stopped');
    // The aborted request freed the browser: a modal sign-in now gets the authenticator.
    await setAutomaticPresenceSimulation(authenticator, true);
    const signedIn = await makeClient().webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
    expect(signedIn?.session_token).to.be.a('string');
  });
  it('stops when the page turns passkeys off: the pending request is aborted and nothing is logged', async () => {
    const { client } = await studentWithPasskey();
    await client.session.revoke();
    await setAutomaticPresenceSimulation(authenticator, false);
    const root = await start(makeClient());
    await until(() => autofillState(root)?.matches('listening'), 'autofill listening');
    const listening = autofillOf(root)!;
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      root.send({ type: 'CONFIG_CHANGED', config: resolveConfig({ products: ['passwords'] }) });
      expect(autofillOf(root)).to.equal(undefined);
      expect(listening.getSnapshot().status).to.equal('stopped');
      // The browser is free again: a modal sign-in gets the authenticator.
      await setAutomaticPresenceSimulation(authenticator, true);
      const signedIn = await makeClient().webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
      expect(signedIn?.session_token).to.be.a('string');
    } finally {
      console.error = consoleError;
    }
    expect(errors).to.deep.equal([]);
  });
});
