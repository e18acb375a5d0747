/// <reference types="mocha" />
// Password managers: what Chromium lets a test see of the conditions under which a browser password manager
// offers to save after sign-up and fills on login: the password screens are real <form>s inside the element's shadow
// root, with a username field holding the address (autocomplete=username) and a password field marked
// new-password / current-password, and they submit like a form: Enter in the field fires the form's `submit` event,
// which signs up or logs in. The save and fill prompts themselves are browser UI no test can reach
// (docs/decisions.md, "Password managers").
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { EVENT_TYPES, WIDGET_EVENT, type WidgetEventDetail } from '../../index.ts';
import { resetBrowserState } from '../../../../test/support/client.ts';
import { uniqueEmail } from '../../../../test/support/env.ts';
import { $, byText, findText, mount, submitEmail, unmountAll } from '../../../../test/support/widget.ts';
import { until } from '../../../../test/support/poll.ts';

const PASSWORDS = { products: ['passwords' as const] };
const PASSWORD = 'correct horse battery staple';

interface FormSeen {
  form: HTMLFormElement;
  username: HTMLInputElement;
  password: HTMLInputElement;
  submit: HTMLButtonElement;
}

/** The password screen's form and its fields, checked to be one real form inside the shadow root. */
function passwordForm(el: HTMLElement): FormSeen {
  const password = $(el, 'input[name="password"]') as HTMLInputElement;
  const form = password.form!;
  expect(form, 'the password field belongs to a <form>').to.be.instanceOf(HTMLFormElement);
  // Booleans, not the nodes: a failed comparison of DOM nodes makes the runner serialize them.
  expect(form.getRootNode() === el.shadowRoot, 'the form is in the element’s shadow root').to.equal(true);
  const username = form.elements.namedItem('username') as HTMLInputElement;
  const submit = [...form.elements].find(
    (e) => e instanceof HTMLButtonElement && e.type === 'submit',
  ) as HTMLButtonElement;
  expect(submit, 'a submit button in the form').to.not.equal(undefined);
  // The username comes before the password in the form, as password managers pair them.
  expect([...form.elements].indexOf(username)).to.be.lessThan([...form.elements].indexOf(password));
  return { form, username, password, submit };
}

/** What a `submit` event carried while it was dispatched (inside a shadow root its target is cleared afterwards). */
interface Submitted {
  target: EventTarget | null;
  submitter: HTMLElement | null;
}

/** Types the password with the keyboard and presses Enter in the field; resolves with the form's `submit` event. */
async function typeAndPressEnter(seen: FormSeen, ready: () => boolean): Promise<Submitted> {
  const submitted = new Promise<Submitted>((resolve) =>
    seen.form.addEventListener(
      'submit',
      (e) => resolve({ target: e.target, submitter: (e as SubmitEvent).submitter }),
      { once: true },
    ),
  );
  seen.password.focus();
  await sendKeys({ type: PASSWORD });
  await until(ready, 'Continue enabled');
  await sendKeys({ press: 'Enter' });
  return submitted;
}

describe('<auth-login> password screens for password managers', () => {
  let events: WidgetEventDetail[];
  const onEvent = (e: Event) => events.push((e as CustomEvent<WidgetEventDetail>).detail);
  beforeEach(() => {
    resetBrowserState();
    events = [];
    document.addEventListener(WIDGET_EVENT, onEvent);
  });
  afterEach(() => {
    document.removeEventListener(WIDGET_EVENT, onEvent);
    unmountAll();
  });

  it(
    'sign-up: username (the address) + new-password in one form; Enter fires submit and ' +
      'creates the account; login: current-password, Enter logs in',
    async () => {
      const email = uniqueEmail('pm');
      const signUp = mount({ config: PASSWORDS });
      await submitEmail(signUp, email);
      await findText(signUp, '[part~="title"]', 'Create an account');
      const created = passwordForm(signUp);
      expect([created.username.type, created.username.autocomplete, created.username.value]).to.deep.equal([
        'email',
        'username',
        email,
      ]);
      expect(created.username.readOnly).to.equal(true);
      // Present to the password manager: rendered (not display:none, not hidden), so it is saved with the password.
      expect(created.username.getClientRects().length).to.be.greaterThan(0);
      expect([created.password.type, created.password.autocomplete, created.password.required]).to.deep.equal([
        'password',
        'new-password',
        true,
      ]);

      const submit = await typeAndPressEnter(created, () => !created.submit.disabled);
      expect(submit.target === created.form, 'the submit event is the form’s').to.equal(true);
      expect(
        submit.submitter === created.submit,
        'Enter submits through the form’s submit button (implicit submission)',
      ).to.equal(true);
      await until(() => events.some((e) => e.type === EVENT_TYPES.PASSWORD_CREATE), 'the account created');
      unmountAll();

      const login = mount({ config: PASSWORDS });
      await submitEmail(login, email);
      await findText(login, '[part~="title"]', 'Log in');
      const existing = passwordForm(login);
      expect([existing.username.autocomplete, existing.username.value]).to.deep.equal(['username', email]);
      expect([existing.password.type, existing.password.autocomplete]).to.deep.equal(['password', 'current-password']);
      const loggedIn = await typeAndPressEnter(existing, () => !existing.submit.disabled);
      expect(loggedIn.submitter === existing.submit, 'implicit submission through Continue').to.equal(true);
      await until(() => events.some((e) => e.type === EVENT_TYPES.PASSWORD_AUTHENTICATE), 'logged in');
      expect(byText(login, 'button', 'Continue')).to.equal(undefined, 'the form is gone: signed in');
    },
  );
});
