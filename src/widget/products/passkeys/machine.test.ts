/// <reference types="mocha" />
// The passkey product's statechart through the root, with the real client and service and a virtual authenticator:
// the registration mode opens it at start; without a user it ends on the Error screen; a failed delete's toast shows
// for exactly ERROR_TOAST_MS and is removed TOAST_REMOVE_DELAY_MS later (SimulatedClock) while the row is back as it
// was.
import { expect } from 'chai';
import { createActor, SimulatedClock, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { ERROR_TOAST_MS, TOAST_REMOVE_DELAY_MS } from '../../ui/constants.ts';
import { PASSKEY_REGISTRATION_MODE } from './constants.ts';
import { resolveConfig } from '../../config.ts';
import { rootMachine } from '../../machine/root.ts';
import type { AuthClient } from '../../../client/types.ts';
import { destroyClients, makeClient, resetBrowserState, signIn } from '../../../../test/support/client.ts';
import { testEnv } from '../../../../test/support/env.ts';
import {
  productOf,
  screenOf,
  waitForProduct,
  waitForScreen,
  type RootActor,
} from '../../../../test/support/machine.ts';
import { until } from '../../../../test/support/poll.ts';
import { addVirtualAuthenticator, removeVirtualAuthenticator } from '../../../../test/support/webauthn.ts';
import type { ErrorDescriptor } from '../../machine/types.ts';
import type { Toast } from '../../ui/toasts.ts';
import { PASSKEY_TOASTS_ID, type PasskeyContext } from './machine.ts';

describe('passkey registration statechart (root mode passkey-registration)', () => {
  let authenticator = '';
  const actors: RootActor[] = [];
  beforeEach(async () => {
    resetBrowserState();
    authenticator = await addVirtualAuthenticator();
  });
  afterEach(async () => {
    for (const a of actors.splice(0)) a.stop();
    destroyClients();
    await removeVirtualAuthenticator(authenticator);
  });

  function startInMode(client: AuthClient, clock?: SimulatedClock): RootActor {
    const actor = createActor(rootMachine, {
      input: {
        client,
        config: resolveConfig({ products: ['passkeys', 'emailMagicLinks'] }, testEnv.pageOrigin),
        mode: PASSKEY_REGISTRATION_MODE,
      },
      ...(clock ? { clock } : {}),
    });
    actor.start();
    actors.push(actor);
    return actor;
  }

  it('without a signed-in user: the Error screen with the spec text', async () => {
    const root = startInMode(makeClient());
    await waitForScreen(root, 'Error');
    expect(root.getSnapshot().context.errorDescriptor?.message).to.equal(
      'Error: Cannot use PasskeyRegistration component without active user authenticated.',
    );
  });

  it(
    'Done completes the flow; when the session then ends the component opens anew (never the ' +
      'login form or its autofill)',
    async () => {
      const client = makeClient();
      await signIn(client);
      const root = startInMode(client);
      await waitForProduct(root, { register: 'idle' });
      productOf(root)!.send({ type: 'SKIP' });
      await waitForProduct(root, { registered: { list: 'ready' } });
      productOf(root)!.send({ type: 'DONE' });
      await waitForScreen(root, 'Success');
      await client.session.revoke();
      await waitForScreen(root, 'Error');
      expect(root.getSnapshot().context.errorDescriptor?.messageKey).to.equal('passkey.noActiveUser');
      expect(Object.keys(root.getSnapshot().children).filter((id) => id.startsWith('main:'))).to.deep.equal([]);
    },
  );

  it(
    'a failed delete: the row is back to viewing and the error toast shows for ERROR_TOAST_MS, ' + 'then goes',
    async () => {
      const client = makeClient();
      await signIn(client);
      const { webauthn_registration_id: id } = await client.webauthn.register({
        is_passkey: true,
        session_duration_minutes: 30,
      });
      const clock = new SimulatedClock();
      const root = startInMode(client, clock);
      await waitForProduct(root, { register: 'idle' });
      expect(screenOf(root)).to.equal('RegisterNewPasskey');
      productOf(root)!.send({ type: 'SKIP' });
      await waitForProduct(root, { registered: { list: 'ready' } });
      expect(screenOf(root)).to.equal('PasskeyRegistrationSuccess');
      const context = () => productOf(root)!.getSnapshot().context as PasskeyContext;
      const row = context().rows[0]!.ref as AnyActorRef;
      await client.user.deleteWebauthnRegistration(id);
      row.send({ type: 'DELETE' });
      row.send({ type: 'CONFIRM' });
      const toasts = () =>
        (productOf(root)!.getSnapshot() as AnyMachineSnapshot).children[PASSKEY_TOASTS_ID]!.getSnapshot().context
          .toasts as Toast[];
      await until(() => toasts().length === 1, 'the error toast');
      expect((row.getSnapshot() as AnyMachineSnapshot).value).to.equal('viewing');
      expect(context().rows.map((r) => r.id)).to.deep.equal([id]);
      // The toast carries the service's answer to deleting a registration that no longer exists, whatever its type.
      const refused = (await client.user.deleteWebauthnRegistration(id).then(
        () => ({}),
        (error: unknown) => error,
      )) as { error_type?: string };
      expect(refused.error_type).to.be.a('string');
      const [toast] = toasts();
      expect(toast!.kind).to.equal('error');
      expect((toast!.content as ErrorDescriptor).errorType).to.equal(refused.error_type);
      clock.increment(ERROR_TOAST_MS - 1);
      expect(toasts().map((t) => t.visible)).to.deep.equal([true]);
      clock.increment(1);
      expect(toasts().map((t) => t.visible)).to.deep.equal([false]);
      clock.increment(TOAST_REMOVE_DELAY_MS);
      expect(toasts()).to.deep.equal([]);
    },
  );
});
