/// <reference types="mocha" />
// webauthn.* of the headless client in Chromium against the real service, with a CDP virtual authenticator
// (test/support/webauthn.ts): the wire bodies, the stored session and its factor, conditional mediation's checks,
// aborts and refusals that reject with the browser's own DOMException, update's required fields, and the fallback to
// @simplewebauthn/browser where the browser's WebAuthn JSON helpers are missing.
import { expect } from 'chai';
import { APIError, SDKUsageError, type AuthClient } from '../../src/client/index.ts';
import { WEBAUTHN_FACTOR_DELIVERY_METHOD } from '../../src/api/webauthn.ts';
import {
  MSG_WEBAUTHN_AUTOFILL_NO_INPUT,
  MSG_WEBAUTHN_AUTOFILL_UNSUPPORTED,
  WEBAUTHN_AUTOFILL_INPUT_SELECTOR,
} from '../../src/client/constants/webauthn.ts';
import { freshClientState, makeClient, signIn } from '../support/client.ts';
import { until } from '../support/poll.ts';
import {
  addVirtualAuthenticator,
  base64ToBase64url,
  credentialsOf,
  removeVirtualAuthenticator,
  setAutomaticPresenceSimulation,
  setUserVerified,
} from '../support/webauthn.ts';

const START_REGISTER = '/sdk/v1/webauthn/register/start';
const REGISTER = '/sdk/v1/webauthn/register';
const START_AUTHENTICATE = '/sdk/v1/webauthn/authenticate/start/primary';
const START_SECOND_FACTOR = '/sdk/v1/webauthn/authenticate/start/secondary';
const AUTHENTICATE = '/sdk/v1/webauthn/authenticate';

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (e: unknown) => e,
  );
}

/** console.error calls made while `run` runs (and not printed). */
async function consoleErrorsDuring<T>(run: () => Promise<T>): Promise<{ result: T; errors: unknown[][] }> {
  const original = console.error;
  const errors: unknown[][] = [];
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    return { result: await run(), errors };
  } finally {
    console.error = original;
  }
}

/** Hides the browser's WebAuthn JSON helpers while `run` runs, so the client takes its @simplewebauthn/browser path. */
async function withoutNativeJsonHelpers<T>(run: () => Promise<T>): Promise<T> {
  const statics = ['parseCreationOptionsFromJSON', 'parseRequestOptionsFromJSON'] as const;
  const saved = statics.map((name) => Object.getOwnPropertyDescriptor(PublicKeyCredential, name));
  for (const name of statics) {
    Object.defineProperty(PublicKeyCredential, name, { value: undefined, configurable: true });
  }
  try {
    return await run();
  } finally {
    statics.forEach((name, i) => {
      Object.defineProperty(PublicKeyCredential, name, saved[i]!);
    });
  }
}

/** The session's WebAuthn factor detail (wire contract 2.4). */
function factorOf(client: AuthClient) {
  const factor = client.session
    .getSync()
    ?.authentication_factors.find((f) => f.delivery_method === WEBAUTHN_FACTOR_DELIVERY_METHOD);
  return factor as { webauthn_factor?: Record<string, string> } | undefined;
}

describe('client webauthn', () => {
  const fresh = freshClientState();
  let authenticatorId = '';
  const cleanup: (() => void)[] = [];
  beforeEach(async () => {
    authenticatorId = await addVirtualAuthenticator();
  });
  afterEach(async () => {
    for (const f of cleanup.splice(0)) f();
    await removeVirtualAuthenticator(authenticatorId);
  });

  /** A signed-in user with one registered credential (a passkey unless told otherwise). */
  async function registered(client: AuthClient, is_passkey = true) {
    const { email } = await signIn(client);
    const registration = await client.webauthn.register({ is_passkey, session_duration_minutes: 30 });
    return { email, registration };
  }

  it('browserSupportsAutofill is true in Chromium', async () => {
    expect(await makeClient().webauthn.browserSupportsAutofill()).to.equal(true);
  });

  it(
    'register: the start body, the ceremony, the credential the authenticator stores, the ' + 'session and its factor',
    async () => {
      const client = makeClient();
      await signIn(client);
      const result = await client.webauthn.register({
        is_passkey: true,
        authenticator_type: 'platform',
        session_duration_minutes: 30,
      });

      expect(JSON.parse(fresh.rec.to(START_REGISTER)[0]!.body!)).to.deep.equal({
        domain: location.hostname,
        user_agent: navigator.userAgent,
        authenticator_type: 'platform',
        return_passkey_credential_options: true,
        use_base64_url_encoding: true,
      });
      const [stored] = await credentialsOf(authenticatorId);
      expect(stored, 'the authenticator holds the new credential').to.not.equal(undefined);
      expect(stored!.isResidentCredential, 'a passkey is discoverable').to.equal(true);
      expect(stored!.rpId).to.equal(location.hostname);

      const sent = JSON.parse(fresh.rec.to(REGISTER)[0]!.body!) as {
        public_key_credential: string;
        session_duration_minutes: number;
      };
      expect(sent.session_duration_minutes).to.equal(30);
      const credential = JSON.parse(sent.public_key_credential) as Record<string, unknown> & {
        response: Record<string, unknown>;
      };
      expect(credential.id).to.equal(base64ToBase64url(stored!.credentialId));
      expect(credential.rawId).to.equal(credential.id);
      expect(credential.type).to.equal('public-key');
      expect(Object.keys(credential.response).sort()).to.deep.equal([
        'attestationObject',
        'clientDataJSON',
        'transports',
      ]);

      expect(result).to.not.have.property('__user');
      expect(result.webauthn_registration_id).to.be.a('string');
      expect(client.session.getSync()?.session_id).to.equal(result.session.session_id);
      expect(factorOf(client)?.webauthn_factor).to.deep.equal({
        webauthn_registration_id: result.webauthn_registration_id,
        domain: location.hostname,
        user_agent: navigator.userAgent,
      });
    },
  );

  it(
    'authenticate by button while signed in: secondary start, a non-discoverable credential, ' +
      'the factor joins the session',
    async () => {
      const client = makeClient();
      const { registration } = await registered(client, false);
      const [stored] = await credentialsOf(authenticatorId);
      expect(stored!.isResidentCredential, 'not a passkey: not discoverable').to.equal(false);
      const sessionId = client.session.getSync()!.session_id;

      const result = await client.webauthn.authenticate({ session_duration_minutes: 30 });
      expect(JSON.parse(fresh.rec.to(START_SECOND_FACTOR)[0]!.body!)).to.deep.equal({ domain: location.hostname });
      expect(fresh.rec.to(START_AUTHENTICATE)).to.have.length(0);
      const sent = JSON.parse(fresh.rec.to(AUTHENTICATE)[0]!.body!) as {
        public_key_credential: string;
        session_duration_minutes: number;
      };
      expect(sent.session_duration_minutes).to.equal(30);
      const assertion = JSON.parse(sent.public_key_credential) as { id: string; response: Record<string, unknown> };
      expect(assertion.id).to.equal(base64ToBase64url(stored!.credentialId));
      expect(Object.keys(assertion.response).sort()).to.deep.equal([
        'authenticatorData',
        'clientDataJSON',
        'signature',
        'userHandle',
      ]);

      expect(result!.webauthn_registration_id).to.equal(registration.webauthn_registration_id);
      expect(result).to.not.have.property('__user');
      expect(result!.session.session_id).to.equal(sessionId);
      expect(
        client.session
          .getSync()!
          .authentication_factors.map((f) => f.delivery_method)
          .sort(),
      ).to.deep.equal(['email', WEBAUTHN_FACTOR_DELIVERY_METHOD]);
      expect(factorOf(client)?.webauthn_factor?.webauthn_registration_id).to.equal(
        registration.webauthn_registration_id,
      );
      expect((await credentialsOf(authenticatorId))[0]!.signCount).to.equal(stored!.signCount + 1);
    },
  );

  it('authenticate by button signed out with a passkey: primary start, the modal ceremony, a new session', async () => {
    const client = makeClient();
    const { registration } = await registered(client);
    await client.session.revoke();
    expect(client.session.getSync()).to.equal(null);
    const result = await client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
    expect(client.session.getSync()?.session_id).to.equal(result!.session.session_id);
    expect(client.session.getSync()!.authentication_factors.map((f) => f.delivery_method)).to.deep.equal([
      WEBAUTHN_FACTOR_DELIVERY_METHOD,
    ]);
    expect(factorOf(client)?.webauthn_factor?.webauthn_registration_id).to.equal(registration.webauthn_registration_id);
  });

  it('authenticate with is_passkey: a discoverable credential, no allow list', async () => {
    const client = makeClient();
    const { registration } = await registered(client);
    await client.session.revoke();
    const result = await client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
    expect(JSON.parse(fresh.rec.to(START_AUTHENTICATE)[0]!.body!)).to.deep.equal({
      domain: location.hostname,
      return_passkey_credential_options: true,
    });
    expect(result!.webauthn_registration_id).to.equal(registration.webauthn_registration_id);
    const assertion = JSON.parse(JSON.parse(fresh.rec.to(AUTHENTICATE)[0]!.body!).public_key_credential) as {
      response: { userHandle: unknown };
    };
    expect(assertion.response.userHandle, 'a discoverable credential returns its user handle').to.be.a('string');
    expect(client.session.getSync()?.user_id).to.equal(registration.user_id);
  });

  it('conditional mediation with the webauthn input inside an open shadow root signs in', async () => {
    const client = makeClient();
    const { registration } = await registered(client);
    await client.session.revoke();
    const host = document.createElement('div');
    const input = document.createElement('input');
    input.setAttribute('autocomplete', 'username webauthn');
    host.attachShadow({ mode: 'open' }).append(input);
    document.body.append(host);
    cleanup.push(() => host.remove());
    expect(document.querySelector(WEBAUTHN_AUTOFILL_INPUT_SELECTOR), 'not visible from the document').to.equal(null);
    input.focus();

    const result = await client.webauthn.authenticate({
      is_passkey: true,
      conditional_mediation: true,
      session_duration_minutes: 30,
    });
    expect(result!.webauthn_registration_id).to.equal(registration.webauthn_registration_id);
    // conditional_mediation and signal never go on the wire.
    expect(JSON.parse(fresh.rec.to(START_AUTHENTICATE)[0]!.body!)).to.deep.equal({
      domain: location.hostname,
      return_passkey_credential_options: true,
    });
  });

  it('conditional mediation without a webauthn input logs the error, resolves null and sends nothing', async () => {
    const client = makeClient();
    await client.bootstrap.get();
    const sentBefore = fresh.rec.requests.length;
    const { result, errors } = await consoleErrorsDuring(() =>
      client.webauthn.authenticate({ is_passkey: true, conditional_mediation: true, session_duration_minutes: 30 }),
    );
    expect(result).to.equal(null);
    expect(errors).to.deep.equal([[MSG_WEBAUTHN_AUTOFILL_NO_INPUT]]);
    expect(fresh.rec.requests.slice(sentBefore).map((r) => r.path)).to.deep.equal([]);
  });

  it(
    'conditional mediation aborted before it starts (the form went away) rejects with ' + 'AbortError and logs nothing',
    async () => {
      const client = makeClient();
      await client.bootstrap.get();
      const controller = new AbortController();
      controller.abort();
      const sentBefore = fresh.rec.requests.length;
      const { result, errors } = await consoleErrorsDuring(() =>
        rejectionOf(
          client.webauthn.authenticate({
            is_passkey: true,
            conditional_mediation: true,
            session_duration_minutes: 30,
            signal: controller.signal,
          }),
        ),
      );
      expect((result as Error).name).to.equal('AbortError');
      expect(errors).to.deep.equal([]);
      expect(fresh.rec.requests.slice(sentBefore)).to.have.length(0);
    },
  );

  it('conditional mediation where the browser cannot autofill passkeys logs the error and resolves null', async () => {
    const client = makeClient();
    await client.bootstrap.get();
    const input = document.createElement('input');
    input.setAttribute('autocomplete', 'username webauthn');
    document.body.append(input);
    cleanup.push(() => input.remove());
    // A browser without conditional mediation: the WebAuthn Level 3 check answers false.
    const saved = Object.getOwnPropertyDescriptor(PublicKeyCredential, 'isConditionalMediationAvailable')!;
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
      configurable: true,
    });
    cleanup.push(() => Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', saved));
    expect(await client.webauthn.browserSupportsAutofill()).to.equal(false);
    const sentBefore = fresh.rec.requests.length;
    const { result, errors } = await consoleErrorsDuring(() =>
      client.webauthn.authenticate({ is_passkey: true, conditional_mediation: true, session_duration_minutes: 30 }),
    );
    expect(result).to.equal(null);
    expect(errors).to.deep.equal([[MSG_WEBAUTHN_AUTOFILL_UNSUPPORTED]]);
    expect(fresh.rec.requests.slice(sentBefore)).to.have.length(0);
  });

  it('an abort during the ceremony rejects with the AbortError and sends no authenticate', async () => {
    const client = makeClient();
    await registered(client);
    await client.session.revoke();
    // Without presence the authenticator never answers, so the ceremony stays open until the abort.
    await setAutomaticPresenceSimulation(authenticatorId, false);
    const controller = new AbortController();
    const pending = rejectionOf(
      client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30, signal: controller.signal }),
    );
    const start = await until(() => fresh.rec.to(START_AUTHENTICATE)[0], 'authenticate/start sent');
    await start.answered;
    controller.abort();
    const error = await pending;
    expect(error, 'the abort reason itself').to.equal(controller.signal.reason);
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(fresh.rec.to(AUTHENTICATE)).to.have.length(0);
    expect(client.session.getSync()).to.equal(null);
  });

  it('a signal aborted before the call rejects with its reason and sends nothing', async () => {
    const client = makeClient();
    await client.bootstrap.get();
    const sentBefore = fresh.rec.requests.length;
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(
      client.webauthn.authenticate({ session_duration_minutes: 30, signal: controller.signal }),
    );
    expect(error).to.equal(controller.signal.reason);
    expect((error as DOMException).name).to.equal('AbortError');
    expect(fresh.rec.requests.slice(sentBefore)).to.have.length(0);
  });

  it(
    'a cancelled ceremony (user verification fails) rejects with NotAllowedError and sends no ' + 'authenticate',
    async () => {
      const client = makeClient();
      await registered(client);
      await client.session.revoke();
      await setUserVerified(authenticatorId, false);
      const error = await rejectionOf(client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 }));
      expect(error).to.be.instanceOf(DOMException);
      expect((error as DOMException).name).to.equal('NotAllowedError');
      expect(fresh.rec.to(AUTHENTICATE)).to.have.length(0);
    },
  );

  it('update renames a registration; users/me lists the new name', async () => {
    const client = makeClient();
    const { registration } = await registered(client);
    const id = registration.webauthn_registration_id;
    const result = await client.webauthn.update({ webauthn_registration_id: id, name: 'Lecture-hall laptop' });
    const put = fresh.rec.to(`/sdk/v1/webauthn/update/${id}`)[0]!;
    expect(put.method).to.equal('PUT');
    expect(JSON.parse(put.body!)).to.deep.equal({ name: 'Lecture-hall laptop' });
    expect(result.webauthn_registration).to.include({ webauthn_registration_id: id, name: 'Lecture-hall laptop' });
    const me = await client.user.get();
    expect(me.webauthn_registrations.map((r) => [r.webauthn_registration_id, r.name])).to.deep.equal([
      [id, 'Lecture-hall laptop'],
    ]);
  });

  it("update's required fields throw the spec's messages before anything is sent", async () => {
    const client = makeClient();
    await client.bootstrap.get();
    const sentBefore = fresh.rec.requests.length;
    const cases: [unknown, string][] = [
      [{ name: 'Laptop' }, 'webauthn_registration_id must be a string'],
      [{ webauthn_registration_id: 7, name: 'Laptop' }, 'webauthn_registration_id must be a string'],
      [{ webauthn_registration_id: 'webauthn-registration-test-1' }, 'name must be a string'],
      [{ webauthn_registration_id: 'webauthn-registration-test-1', name: null }, 'name must be a string'],
    ];
    for (const [options, message] of cases) {
      const error = await rejectionOf(client.webauthn.update(options as never));
      expect(error, message).to.be.instanceOf(SDKUsageError);
      expect((error as Error).message).to.equal(message);
    }
    expect(fresh.rec.requests.slice(sentBefore)).to.have.length(0);
  });

  it('after deleteWebauthnRegistration the credential gets the API error webauthn_registration_not_found', async () => {
    const client = makeClient();
    const { registration } = await registered(client);
    await client.user.deleteWebauthnRegistration(registration.webauthn_registration_id);
    expect((await client.user.get()).webauthn_registrations).to.deep.equal([]);
    await client.session.revoke();
    // The authenticator still holds the credential; the service no longer knows it.
    expect(await credentialsOf(authenticatorId)).to.have.length(1);
    const error = await rejectionOf(client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 }));
    expect(error).to.be.instanceOf(APIError);
    expect((error as APIError).error_type).to.equal('webauthn_registration_not_found');
    expect(client.session.getSync()).to.equal(null);
  });

  it(
    'without the browser JSON helpers, @simplewebauthn/browser registers and signs in; errors ' + 'stay DOMExceptions',
    async () => {
      const client = makeClient();
      await signIn(client);
      await withoutNativeJsonHelpers(async () => {
        const registration = await client.webauthn.register({ is_passkey: true, session_duration_minutes: 30 });
        const credential = JSON.parse(JSON.parse(fresh.rec.to(REGISTER)[0]!.body!).public_key_credential) as {
          id: string;
        };
        expect(credential.id).to.equal(base64ToBase64url((await credentialsOf(authenticatorId))[0]!.credentialId));
        await client.session.revoke();

        const result = await client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 });
        expect(result!.webauthn_registration_id).to.equal(registration.webauthn_registration_id);
        await client.session.revoke();

        await setUserVerified(authenticatorId, false);
        const refused = await rejectionOf(
          client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30 }),
        );
        expect(refused).to.be.instanceOf(DOMException);
        expect((refused as DOMException).name).to.equal('NotAllowedError');

        await setUserVerified(authenticatorId, true);
        await setAutomaticPresenceSimulation(authenticatorId, false);
        const controller = new AbortController();
        const pending = rejectionOf(
          client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 30, signal: controller.signal }),
        );
        await (await until(() => fresh.rec.to(START_AUTHENTICATE)[2], 'the third authenticate/start sent')).answered;
        controller.abort();
        expect(await pending).to.equal(controller.signal.reason);
      });
      expect(fresh.rec.to(AUTHENTICATE)).to.have.length(1);
    },
  );
});
