/// <reference types="mocha" />
// Passkeys through <auth-login> in Chromium, against the real identity service, with a CDP virtual authenticator
// (ctap2, internal transport, resident keys, user verification): register → Passkey Registration Success lists it →
// sign in by button → sign in by autofill → rename → delete → the deleted passkey gets 'Passkey registration not
// found…', once chained on one credential and once step by step; a cancelled ceremony; the duplicate message from
// the browser's refusal and from the service's; every passkey message of spec section 8, on screen and to the error
// handler.
import { expect } from 'chai';
import {
  EVENT_TYPES,
  WIDGET_ERROR_EVENT,
  WIDGET_EVENT,
  type WidgetErrorDetail,
  type WidgetEventDetail,
} from '../../index.ts';
import type { AuthLoginConfig } from '../../config.ts';
import {
  makeClient,
  destroyClients,
  recordFetch,
  resetBrowserState,
  signIn,
  type FetchRecorder,
} from '../../../../test/support/client.ts';
import { until } from '../../../../test/support/poll.ts';
import { $, $$, byText, findText, mount, title, typeInto, unmountAll } from '../../../../test/support/widget.ts';
import {
  addVirtualAuthenticator,
  credentialsOf,
  removeCredential,
  removeVirtualAuthenticator,
  setUserVerified,
} from '../../../../test/support/webauthn.ts';
import type { AuthClient } from '../../../client/types.ts';
import type { AuthLoginElement } from '../../element.ts';

// The spec's texts (section 8), written out here rather than read from the strings table: the test checks the table.
const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but ' +
  'not password manager. Please try again.';
const UNKNOWN = 'Unknown error occurred during passkey authentication. Please try again.';
const DUPLICATE =
  'The Passkey cannot be created as it seems to be already registered. It is possible this ' +
  'Passkey was registered on another device but has synced cross-device.';
const NOT_CREATED =
  'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.';
const NO_USER = 'Error: Cannot use PasskeyRegistration component without active user authenticated.';
const PASSKEYS_ALONE = 'Cannot use Passkeys by itself, please add another product to the config.';
const SIGNED_IN = 'You have successfully logged in with your Passkey.';

/** A form with no email field (text-message passcodes only): it cannot autofill, so Main shows the passkey button. */
const BUTTON_CONFIG: AuthLoginConfig = { products: ['passkeys', 'otp'], otpOptions: { methods: ['sms'] } };
/** A form with an email field: the browser offers the passkeys in its suggestions (autofill), no button. */
const AUTOFILL_CONFIG: AuthLoginConfig = { products: ['passkeys', 'emailMagicLinks'] };

const passkeyButton = (el: HTMLElement) => $(el, 'button[part~="passkey-button"]') as HTMLButtonElement | null;
const rows = (el: HTMLElement) => $$(el, '[part~="passkey-row"]');
const rowNames = (el: HTMLElement) => rows(el).map((row) => row.querySelector('[part~="text"]')?.textContent);
/** A button with this text once it can be pressed (Register New Passkey waits for the user to load). */
const enabledButton = (el: HTMLElement, text: string) =>
  until(() => {
    const button = byText(el, 'button', text) as HTMLButtonElement | undefined;
    return button && !button.disabled ? button : null;
  }, `"${text}" enabled`);
const errorsShown = (el: HTMLElement) =>
  $$(el, '[part~="error"]')
    .map((e) => e.textContent)
    .filter(Boolean);

/** The registration component: the element's mode is read when its statechart starts, a task after connection. */
function registrationWidget(config: AuthLoginConfig = AUTOFILL_CONFIG): AuthLoginElement {
  const el = mount({ config });
  el.mode = 'passkey-registration';
  return el;
}

describe('<auth-login> passkeys', () => {
  let rec: FetchRecorder;
  let events: WidgetEventDetail[];
  let errors: WidgetErrorDetail[];
  let authenticator = '';
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  const onError = (e: Event) => errors.push((e as CustomEvent<WidgetErrorDetail>).detail);
  const eventTypes = () => events.map((e) => e.type);

  beforeEach(async () => {
    resetBrowserState();
    rec = recordFetch();
    events = [];
    errors = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
    document.addEventListener(WIDGET_ERROR_EVENT, onError);
    authenticator = await addVirtualAuthenticator();
  });
  afterEach(async () => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    document.removeEventListener(WIDGET_ERROR_EVENT, onError);
    rec.restore();
    unmountAll();
    destroyClients();
    await removeVirtualAuthenticator(authenticator);
  });

  /** A signed-in student, as the registration component expects. */
  async function signedInClient(): Promise<AuthClient> {
    const client = makeClient();
    await signIn(client);
    return client;
  }

  /** Registration mode: Register New Passkey, then 'Create a Passkey' until Passkey Registration Success lists it. */
  async function registerThroughWidget(): Promise<AuthLoginElement> {
    const el = registrationWidget();
    await findText(el, '[part~="title"]', 'Set up a new Passkey');
    (await enabledButton(el, 'Create a Passkey')).click();
    await findText(el, '[part~="title"]', 'Your Passkeys');
    await until(() => rows(el).length === 1, 'the new passkey in the list');
    return el;
  }

  /** Main without an email field (so with the passkey button), the button pressed. */
  async function pressPasskeyButton(): Promise<AuthLoginElement> {
    const el = mount({ config: BUTTON_CONFIG });
    (await until(() => passkeyButton(el), 'the passkey button')).click();
    return el;
  }

  /** Rename on the first row: types the name and saves. */
  async function renameFirstRow(el: HTMLElement, name: string): Promise<void> {
    byText(el, 'button', 'Rename')!.click();
    const input = await until(() => rows(el)[0]!.querySelector('input') as HTMLInputElement | null, 'the name field');
    expect(rows(el)[0]!.dataset.state).to.equal('editing');
    typeInto(input, name);
    byText(el, 'button', 'Save')!.click();
  }

  /** Delete on the first row, then Delete again in its confirmation. */
  async function deleteFirstRow(el: HTMLElement): Promise<void> {
    byText(el, 'button', 'Delete')!.click();
    await until(() => rows(el)[0]?.dataset.state === 'deleting', 'the confirmation');
    const confirm = rows(el)[0]!.querySelector('button[part~="button"]') as HTMLButtonElement;
    expect(confirm.textContent).to.equal('Delete');
    confirm.click();
  }

  /** The data of the first widget event of this type. */
  const eventData = <T>(type: string) => events.find((e) => e.type === type)?.data as T | undefined;

  it(
    'registers a passkey: Register New Passkey → Passkey Registration Success lists it ' +
      '(users/me), PASSKEY_REGISTER',
    async () => {
      const client = await signedInClient();
      const el = await registerThroughWidget();
      const user = await client.user.get();
      expect(user.webauthn_registrations).to.have.length(1);
      expect(rowNames(el)).to.deep.equal([user.webauthn_registrations[0]!.name]);
      expect(await credentialsOf(authenticator)).to.have.length(1);
      const registered = events.find((e) => e.type === EVENT_TYPES.PASSKEY_REGISTER);
      expect((registered?.data as { webauthn_registration_id: string } | undefined)?.webauthn_registration_id).to.equal(
        user.webauthn_registrations[0]!.webauthn_registration_id,
      );
      expect(byText(el, 'button', 'Set up another Passkey')).to.exist;
      // 'Done' completes the flow.
      byText(el, 'button', 'Done')!.click();
      await findText(el, '[part~="title"]', 'Success!');
      expect(eventTypes()).to.include.members([EVENT_TYPES.PASSKEY_DONE, EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE]);
      expect(errors).to.deep.equal([]);
    },
  );

  it(
    'skip leads to Passkey Registration Success without a passkey (PASSKEY_SKIP); "Set up ' +
      'another Passkey" goes back',
    async () => {
      await signedInClient();
      const el = registrationWidget();
      (await enabledButton(el, 'Skip')).click();
      await findText(el, '[part~="title"]', 'Your Passkeys');
      await findText(el, '[part~="text"]', 'You have no Passkeys yet.');
      expect(eventTypes()).to.include(EVENT_TYPES.PASSKEY_SKIP);
      byText(el, 'button', 'Set up another Passkey')!.click();
      await findText(el, '[part~="title"]', 'Set up a new Passkey');
    },
  );

  it('without a signed-in user: the Error screen says so, and the error handler hears it', async () => {
    const el = registrationWidget();
    await findText(el, '[part~="text"]', NO_USER);
    expect(title(el)).to.equal('Looks like there was an error!');
    expect(errors.map((e) => e.message)).to.deep.equal([NO_USER]);
  });

  it(
    'a duplicate passkey (the authenticator already holds one for this user): the spec ' + 'message, reported',
    async () => {
      await signedInClient();
      const el = await registerThroughWidget();
      byText(el, 'button', 'Set up another Passkey')!.click();
      (await enabledButton(el, 'Create a Passkey')).click();
      await findText(el, '[part~="error"]', DUPLICATE);
      expect(title(el)).to.equal('Set up a new Passkey');
      expect(errors.map((e) => e.message)).to.deep.equal([DUPLICATE]);
    },
  );

  it(
    'the service finds the credential already registered (409 ' +
      'duplicate_webauthn_registration): the same message, reported',
    async () => {
      const client = await signedInClient();
      const el = await registerThroughWidget();
      const [id] = (await client.user.get()).webauthn_registrations.map((r) => r.webauthn_registration_id);
      // No honest browser sends a credential the service already has: it refuses to create over one the service
      // excludes (InvalidStateError, the test above), and every ceremony makes a new credential id. A cloned
      // authenticator would, and that is what this page plays: the browser runs the second ceremony (the first
      // credential is no longer in its authenticator, so nothing is excluded) and the page answers the service with the
      // first credential under this ceremony's client data. A `none` attestation signs nothing, so only the credential
      // id's uniqueness is left to refuse it.
      type CredentialJson = { response: { clientDataJSON: string } };
      const first = JSON.parse(
        JSON.parse(rec.to('/webauthn/register')[0]!.body!).public_key_credential,
      ) as CredentialJson;
      const [held] = await credentialsOf(authenticator);
      await removeCredential(authenticator, held!.credentialId);
      const original = window.fetch;
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (!url.pathname.endsWith('/webauthn/register') || typeof init?.body !== 'string')
          return original.call(window, input, init);
        const body = JSON.parse(init.body) as { public_key_credential: string };
        const fresh = JSON.parse(body.public_key_credential) as CredentialJson;
        const clone = { ...first, response: { ...first.response, clientDataJSON: fresh.response.clientDataJSON } };
        return original.call(window, input, {
          ...init,
          body: JSON.stringify({ ...body, public_key_credential: JSON.stringify(clone) }),
        });
      };
      try {
        byText(el, 'button', 'Set up another Passkey')!.click();
        (await enabledButton(el, 'Create a Passkey')).click();
        await findText(el, '[part~="error"]', DUPLICATE);
      } finally {
        window.fetch = original;
      }
      expect(title(el)).to.equal('Set up a new Passkey');
      expect(errors).to.deep.equal([{ message: DUPLICATE, error_type: 'duplicate_webauthn_registration' }]);
      expect(rec.to('/webauthn/register')).to.have.length(2);
      expect((await client.user.get()).webauthn_registrations.map((r) => r.webauthn_registration_id)).to.deep.equal([
        id,
      ]);
    },
  );

  it(
    'a cancelled creation (user verification refused): "Your Passkey was not created…", ' +
      'reported; Skip still works',
    async () => {
      await signedInClient();
      await setUserVerified(authenticator, false);
      const el = registrationWidget();
      (await enabledButton(el, 'Create a Passkey')).click();
      await findText(el, '[part~="error"]', NOT_CREATED);
      expect(errors.map((e) => e.message)).to.deep.equal([NOT_CREATED]);
      byText(el, 'button', 'Skip')!.click();
      await findText(el, '[part~="title"]', 'Your Passkeys');
    },
  );

  it(
    'signs in by the button when the form cannot autofill (no email field): Passkey ' +
      'Confirmation, PASSKEY_AUTHENTICATE',
    async () => {
      const client = await signedInClient();
      await registerThroughWidget();
      unmountAll();
      await client.session.revoke();
      const el = mount({ config: BUTTON_CONFIG });
      const button = await until(() => passkeyButton(el), 'the passkey button');
      expect(button.textContent).to.equal('Continue with Passkey');
      // Stacked: the passkey button, the divider 'or', then the login form.
      const order = $$(el, '[part~="passkey-button"], [part~="divider"], form').map((n) => n.getAttribute('part'));
      expect(order).to.deep.equal(['button button-secondary passkey-button', 'divider', 'form']);
      button.click();
      await findText(el, '[part~="text"]', SIGNED_IN);
      expect(title(el)).to.equal('Success!');
      expect(eventTypes()).to.include.members([
        EVENT_TYPES.PASSKEY_AUTHENTICATE,
        EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
      ]);
      const signedIn = events.find((e) => e.type === EVENT_TYPES.PASSKEY_AUTHENTICATE)!.data as {
        session_token: string;
      };
      expect(signedIn.session_token).to.be.a('string').and.not.empty;
      const session = el.client!.session.getSync();
      expect(session?.authentication_factors.map((f) => f.delivery_method)).to.include('webauthn_registration');
    },
  );

  it(
    'signs in by autofill when the form has an email field (autocomplete="username webauthn", ' + 'no button)',
    async () => {
      const client = await signedInClient();
      await registerThroughWidget();
      unmountAll();
      await client.session.revoke();
      events = [];
      const el = mount({ config: AUTOFILL_CONFIG });
      // The virtual authenticator answers a conditional request at once, as if the visitor picked the suggestion.
      await findText(el, '[part~="text"]', SIGNED_IN);
      expect(eventTypes()).to.include.members([
        EVENT_TYPES.PASSKEY_AUTHENTICATE,
        EVENT_TYPES.AUTHENTICATE_FLOW_COMPLETE,
      ]);
      expect(passkeyButton(el)).to.equal(null);
    },
  );

  it(
    'Main with passkeys and an email field: the field offers passkeys, no button; without ' +
      'passkeys a plain email field',
    async () => {
      const el = mount({ config: AUTOFILL_CONFIG });
      const input = await until(() => $(el, 'input[type="email"]') as HTMLInputElement | null, 'the email input');
      expect(input.getAttribute('autocomplete')).to.equal('username webauthn');
      const plain = mount({ config: { products: ['emailMagicLinks'] } });
      const plainInput = await until(
        () => $(plain, 'input[type="email"]') as HTMLInputElement | null,
        'the email input',
      );
      expect(plainInput.getAttribute('autocomplete')).to.equal('email');
      expect(passkeyButton(el)).to.equal(null);
    },
  );

  it('a browser that cannot autofill passkeys gets the button above the email form, with the divider', async () => {
    const client = await signedInClient();
    await registerThroughWidget();
    unmountAll();
    await client.session.revoke();
    // The browser's answer, not our code: a browser without conditional mediation (Chromium always has it).
    const original = PublicKeyCredential.isConditionalMediationAvailable;
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    try {
      const el = mount({ config: AUTOFILL_CONFIG });
      const button = await until(() => passkeyButton(el), 'the passkey button');
      const order = $$(el, '[part~="passkey-button"], [part~="divider"], form').map((n) => n.getAttribute('part'));
      expect(order).to.deep.equal(['button button-secondary passkey-button', 'divider', 'form']);
      expect(rec.to('/webauthn/authenticate/start/primary')).to.have.length(0);
      button.click();
      await findText(el, '[part~="text"]', SIGNED_IN);
    } finally {
      PublicKeyCredential.isConditionalMediationAvailable = original;
    }
  });

  it(
    'a cancelled sign-in ceremony shows "Unknown error occurred during passkey ' + 'authentication…" on Main, reported',
    async () => {
      const client = await signedInClient();
      await registerThroughWidget();
      unmountAll();
      await client.session.revoke();
      await setUserVerified(authenticator, false);
      const el = await pressPasskeyButton();
      await until(() => errorsShown(el).includes(UNKNOWN), 'the unknown-error message');
      expect(title(el)).to.equal('Sign up or log in');
      expect(errors.map((e) => e.message)).to.deep.equal([UNKNOWN]);
      expect(passkeyButton(el)!.disabled).to.equal(false);
    },
  );

  it('renames a passkey; a failed rename shows the error toast and the row as it was', async () => {
    const client = await signedInClient();
    const el = await registerThroughWidget();
    const [before] = rowNames(el);
    await renameFirstRow(el, 'Laptop');
    await until(() => rowNames(el)[0] === 'Laptop', 'the new name');
    expect(rows(el)[0]!.dataset.state).to.equal('viewing');
    const user = await client.user.get();
    expect(user.webauthn_registrations.map((r) => r.name)).to.deep.equal(['Laptop']);
    expect(before).to.not.equal('Laptop');

    // Deleted behind the widget's back: the rename is refused.
    await client.user.deleteWebauthnRegistration(user.webauthn_registrations[0]!.webauthn_registration_id);
    await renameFirstRow(el, 'Desktop');
    const toast = await until(() => $(el, '[part~="toast"]'), 'the error toast');
    expect(toast.textContent).to.equal(NOT_FOUND);
    expect(rowNames(el)).to.deep.equal(['Laptop']);
    expect(rows(el)[0]!.dataset.state).to.equal('viewing');
    expect(errors.map((e) => e.error_type)).to.deep.equal(['webauthn_registration_not_found']);
  });

  it(
    'deletes a passkey after confirming; the deleted passkey then gets "Passkey registration ' + 'not found…"',
    async () => {
      const client = await signedInClient();
      const el = await registerThroughWidget();
      byText(el, 'button', 'Delete')!.click();
      await until(() => rows(el)[0]?.dataset.state === 'deleting', 'the confirmation');
      // Cancel restores the row; Delete then confirms.
      byText(el, 'button', 'Cancel')!.click();
      await until(() => rows(el)[0]?.dataset.state === 'viewing', 'the row as it was');
      await deleteFirstRow(el);
      await until(() => rows(el).length === 0, 'the row removed');
      expect((await client.user.get()).webauthn_registrations).to.deep.equal([]);
      // The password manager (the authenticator) still holds it.
      expect(await credentialsOf(authenticator)).to.have.length(1);

      unmountAll();
      await client.session.revoke();
      errors = [];
      const main = await pressPasskeyButton();
      await until(() => errorsShown(main).includes(NOT_FOUND), 'the not-found message');
      expect(errors.map((e) => [e.message, e.error_type])).to.deep.equal([
        [NOT_FOUND, 'webauthn_registration_not_found'],
      ]);
    },
  );

  it('a failed delete shows the error toast and the row as it was', async () => {
    const client = await signedInClient();
    const el = await registerThroughWidget();
    const [id] = (await client.user.get()).webauthn_registrations.map((r) => r.webauthn_registration_id);
    await client.user.deleteWebauthnRegistration(id!);
    await deleteFirstRow(el);
    // A passkey deleted meanwhile answers webauthn_registration_not_found, as its rename does: the spec's text.
    const toast = await until(() => $(el, '[part~="toast"]'), 'the error toast');
    expect(toast.textContent).to.equal(NOT_FOUND);
    expect(rows(el)).to.have.length(1);
    expect(rows(el)[0]!.dataset.state).to.equal('viewing');
    // The error event carries the service's own message for developers, as for a failed rename.
    expect(errors).to.deep.equal([
      {
        message: 'The signed-in user has no WebAuthn registration with this id.',
        error_type: 'webauthn_registration_not_found',
      },
    ]);
  });

  it(
    'one passkey through its life: register → sign in by button → by autofill → rename → ' +
      'delete → "Passkey registration not found…"',
    async () => {
      type Registered = { webauthn_registration_id: string };
      // Register: the registration component, for a student signed in by a magic link.
      const client = await signedInClient();
      await registerThroughWidget();
      const [registration] = (await client.user.get()).webauthn_registrations;
      const id = registration!.webauthn_registration_id;
      expect(registration!.name).to.equal('Passkey');
      expect(eventData<Registered>(EVENT_TYPES.PASSKEY_REGISTER)?.webauthn_registration_id).to.equal(id);
      const held = (await credentialsOf(authenticator)).map((c) => c.credentialId);
      expect(held).to.have.length(1);
      unmountAll();
      await client.session.revoke();

      // Sign in by the button: a form without an email field.
      events = [];
      const byButton = await pressPasskeyButton();
      await findText(byButton, '[part~="text"]', SIGNED_IN);
      expect(eventData<Registered>(EVENT_TYPES.PASSKEY_AUTHENTICATE)?.webauthn_registration_id).to.equal(id);
      // Signed out by the first client: the session cookie is the page's, so it ends the passkey's session.
      unmountAll();
      await client.session.revoke();

      // Sign in by autofill: a form with an email field has no button; the conditional request signs in.
      events = [];
      const byAutofill = mount({ config: AUTOFILL_CONFIG });
      await findText(byAutofill, '[part~="text"]', SIGNED_IN);
      expect(passkeyButton(byAutofill)).to.equal(null);
      expect(eventData<Registered>(EVENT_TYPES.PASSKEY_AUTHENTICATE)?.webauthn_registration_id).to.equal(id);
      unmountAll();

      // Rename: the registration component again, signed in by the passkey; Skip leads to the list.
      const managing = registrationWidget();
      (await enabledButton(managing, 'Skip')).click();
      await until(() => rows(managing).length === 1, 'the passkey in the list');
      expect(rowNames(managing)).to.deep.equal(['Passkey']);
      await renameFirstRow(managing, 'Laptop');
      await until(() => rowNames(managing)[0] === 'Laptop', 'the new name');
      const renamed = (await managing.client!.user.get()).webauthn_registrations;
      expect(renamed.map((r) => [r.webauthn_registration_id, r.name])).to.deep.equal([[id, 'Laptop']]);

      // Delete: gone from the account, still in the authenticator (the password manager).
      await deleteFirstRow(managing);
      await until(() => rows(managing).length === 0, 'the row removed');
      expect((await managing.client!.user.get()).webauthn_registrations).to.deep.equal([]);
      expect((await credentialsOf(authenticator)).map((c) => c.credentialId)).to.deep.equal(held);
      expect(errors).to.deep.equal([]);
      unmountAll();
      await client.session.revoke();

      // The deleted passkey: the spec's message under the field, and the error handler hears it.
      const refused = await pressPasskeyButton();
      await until(() => errorsShown(refused).includes(NOT_FOUND), 'the not-found message');
      expect(title(refused)).to.equal('Sign up or log in');
      expect(errors).to.deep.equal([{ message: NOT_FOUND, error_type: 'webauthn_registration_not_found' }]);
    },
  );

  it('the mode attribute: changing it starts the widget anew as that component', async () => {
    await signedInClient();
    const el = mount({ config: AUTOFILL_CONFIG });
    await findText(el, '[part~="title"]', 'Sign up or log in');
    el.setAttribute('mode', 'passkey-registration');
    await findText(el, '[part~="title"]', 'Set up a new Passkey');
    expect(el.mode).to.equal('passkey-registration');
    el.mode = 'login';
    await findText(el, '[part~="title"]', 'Sign up or log in');
    expect(el.getAttribute('mode')).to.equal('login');
  });

  it('"Cannot use Passkeys by itself…" when passkeys is the only product', async () => {
    const el = mount({ config: { products: ['passkeys'] } });
    await findText(el, '[part~="error"]', PASSKEYS_ALONE);
  });
});
