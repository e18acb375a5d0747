/// <reference types="mocha" />
// The virtual authenticator of test/support/webauthn.ts works in this Chromium: a registration stores a
// credential, a modal get uses it, a get with user verification switched off is refused, and a conditional
// (autofill) get completes for a focused `autocomplete="username webauthn"` input, also inside an open shadow root —
// and, with this authenticator, without any such input.
// Raw navigator.credentials calls only: no service, no client code.
import { expect } from 'chai';
import {
  addVirtualAuthenticator,
  base64ToBase64url,
  credentialsOf,
  removeVirtualAuthenticator,
  setAutomaticPresenceSimulation,
  setUserVerified,
} from '../support/webauthn.ts';

const RP_ID = location.hostname;

function randomBytes(n: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(n));
}

async function createCredential(residentKey: ResidentKeyRequirement): Promise<PublicKeyCredential> {
  const credential = await navigator.credentials.create({
    publicKey: {
      rp: { id: RP_ID, name: 'Probe' },
      user: { id: randomBytes(16), name: 'probe@example.com', displayName: 'Probe' },
      challenge: randomBytes(32),
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      authenticatorSelection: { residentKey, userVerification: 'required' },
    },
  });
  return credential as PublicKeyCredential;
}

function webauthnInput(): HTMLInputElement {
  const input = document.createElement('input');
  input.setAttribute('autocomplete', 'username webauthn');
  return input;
}

describe('virtual authenticator (test support)', () => {
  let authenticatorId = '';
  const cleanup: (() => void)[] = [];
  beforeEach(async () => {
    authenticatorId = await addVirtualAuthenticator();
  });
  afterEach(async () => {
    for (const f of cleanup.splice(0)) f();
    await removeVirtualAuthenticator(authenticatorId);
  });

  it('stores a registered credential and signs a modal get with it', async () => {
    const created = await createCredential('required');
    const stored = await credentialsOf(authenticatorId);
    expect(stored.map((c) => base64ToBase64url(c.credentialId))).to.deep.equal([created.id]);
    expect(stored[0]!.isResidentCredential).to.equal(true);
    expect(stored[0]!.rpId).to.equal(RP_ID);
    const countBefore = stored[0]!.signCount;
    const got = (await navigator.credentials.get({
      publicKey: {
        challenge: randomBytes(32),
        rpId: RP_ID,
        allowCredentials: [{ type: 'public-key', id: created.rawId }],
        userVerification: 'required',
      },
    })) as PublicKeyCredential;
    expect(got.id).to.equal(created.id);
    expect((await credentialsOf(authenticatorId))[0]!.signCount).to.equal(countBefore + 1);
  });

  it('refuses a get with NotAllowedError when user verification fails', async () => {
    const created = await createCredential('required');
    await setUserVerified(authenticatorId, false);
    const error = await navigator.credentials
      .get({
        publicKey: {
          challenge: randomBytes(32),
          rpId: RP_ID,
          allowCredentials: [{ type: 'public-key', id: created.rawId }],
          userVerification: 'required',
        },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('NotAllowedError');
  });

  it('completes a conditional get for a focused webauthn input in the document', async () => {
    expect(await PublicKeyCredential.isConditionalMediationAvailable()).to.equal(true);
    const created = await createCredential('required');
    const input = webauthnInput();
    document.body.append(input);
    cleanup.push(() => input.remove());
    input.focus();
    const got = (await navigator.credentials.get({
      mediation: 'conditional',
      publicKey: { challenge: randomBytes(32), rpId: RP_ID, userVerification: 'required' },
    })) as PublicKeyCredential;
    expect(got.id).to.equal(created.id);
  });

  it('completes a conditional get for a webauthn input inside an open shadow root', async () => {
    const created = await createCredential('required');
    const host = document.createElement('div');
    const input = webauthnInput();
    host.attachShadow({ mode: 'open' }).append(input);
    document.body.append(host);
    cleanup.push(() => host.remove());
    input.focus();
    const got = (await navigator.credentials.get({
      mediation: 'conditional',
      publicKey: { challenge: randomBytes(32), rpId: RP_ID, userVerification: 'required' },
    })) as PublicKeyCredential;
    expect(got.id).to.equal(created.id);
  });

  // Chromium's virtual authenticator does not wait for an autofill pick: with automatic presence simulation it
  // answers a conditional get at once, input or not. The client's own check for a webauthn input is what a test of
  // "no input" observes; the two tests above show the input does not get in the way.
  it('completes a conditional get with no webauthn input on the page', async () => {
    const created = await createCredential('required');
    const got = (await navigator.credentials.get({
      mediation: 'conditional',
      publicKey: { challenge: randomBytes(32), rpId: RP_ID, userVerification: 'required' },
    })) as PublicKeyCredential;
    expect(got.id).to.equal(created.id);
  });

  it('holds a conditional get open without presence, and aborts it with the signal reason', async () => {
    await createCredential('required');
    // With presence simulated the authenticator could answer before the abort lands; without it the get stays open.
    await setAutomaticPresenceSimulation(authenticatorId, false);
    const controller = new AbortController();
    const pending = navigator.credentials.get({
      mediation: 'conditional',
      signal: controller.signal,
      publicKey: { challenge: randomBytes(32), rpId: RP_ID, userVerification: 'required' },
    });
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.equal(controller.signal.reason);
    expect((error as DOMException).name).to.equal('AbortError');
  });
});
