// The student portal: signed out it shows <auth-login>; signed in, the dashboard. It uses the product only through
// its public API: the element, and the headless client from the same module.
//
// The module (the element, its first paint and the client, about 21 KB gzip; React follows as the element's own chunk)
// is run by the page's async module script as soon as it arrives; importing it here shares that one
// instance, so the page's client and the element's share a session and one bootstrap request.
const { createAuthClient } = await import('/auth-login.js').catch((error) => {
  delete document.documentElement.dataset.session; // do not leave a returning student with an empty page
  throw error;
});
// Evaluating the module is one long task already; the client (storage reads, a request) starts in the next one.
await new Promise((resolve) => setTimeout(resolve));

const widget = document.querySelector('auth-login');
const client = createAuthClient({
  publicToken: widget.getAttribute('public-token'),
  baseUrl: widget.getAttribute('base-url') ?? '/',
});

const signedOut = document.getElementById('signed-out');
const signedIn = document.getElementById('signed-in');
const studentName = document.getElementById('student-name');
const logout = document.getElementById('logout');
const addPasskey = document.getElementById('add-passkey');
const serverGreeting = document.getElementById('server-greeting');

/**
 * The portal's own server, asked who is signed in: it checks the session cookie with the backend API
 * (/student-portal/api/me), as a university's server would before answering anything private.
 */
async function greetFromServer(session) {
  if (!serverGreeting) return;
  serverGreeting.hidden = true;
  if (!session) return;
  const res = await fetch('/student-portal/api/me').catch(() => null);
  const me = res?.ok ? await res.json() : null;
  if (!me?.signed_in || !client.session.getSync()) return;
  serverGreeting.textContent = `The portal's server checked your session: you are ${me.name}.`;
  serverGreeting.hidden = false;
}

/**
 * Signed in without a passkey, the student is offered to add one: an <auth-login> in passkey-registration mode, made
 * only while signed in (without a session that mode reports an error). Once shown it stays — through the passkey it
 * creates, which changes the user — until they finish or skip, or sign out.
 */
function offerPasskey(session) {
  const current = addPasskey.querySelector('auth-login');
  if (!session || offerPasskey.closed) {
    current?.remove();
    addPasskey.hidden = true;
    if (!session) offerPasskey.closed = false; // the next student who signs in is asked again
    return;
  }
  const user = client.user.getSync();
  if (current || user === null || (user.webauthn_registrations ?? []).length > 0) return;
  const registration = document.createElement('auth-login');
  registration.setAttribute('mode', 'passkey-registration');
  for (const name of ['public-token', 'base-url', 'config']) registration.setAttribute(name, widget.getAttribute(name));
  // Under a strict CSP (/csp/student-portal) its styles need the page's nonce; the browser hides the attribute's value
  // once parsed, so it is read from the property.
  if (widget.nonce) registration.nonce = widget.nonce;
  registration.addEventListener('auth-login-event', (event) => {
    if (event.detail.type === 'PASSKEY_DONE' || event.detail.type === 'PASSKEY_SKIP') {
      offerPasskey.closed = true;
      offerPasskey(client.session.getSync());
    }
  });
  addPasskey.append(registration);
  addPasskey.hidden = false;
}
offerPasskey.closed = false;

function render(session) {
  const user = client.user.getSync();
  const email = user?.emails?.[0]?.email;
  signedIn.hidden = !session;
  signedOut.hidden = Boolean(session);
  delete document.documentElement.dataset.session; // set by the page while a session cookie awaits this check
  studentName.textContent = email ?? 'student';
  document.title = session ? 'My Portal · Westlight University' : 'Student Portal · Westlight University';
}

render(client.session.getSync());
offerPasskey(client.session.getSync());
greetFromServer(client.session.getSync());
client.session.onChange((session) => {
  render(session);
  offerPasskey(session);
  greetFromServer(session);
});
// The user (and so their passkeys) may arrive after the session: offer again once it is known.
client.user.onChange(() => offerPasskey(client.session.getSync()));

logout.addEventListener('click', async () => {
  logout.disabled = true;
  // The passkey offer goes first, so it asks nothing of a session that is being revoked.
  offerPasskey(null);
  try {
    // forceClear: the visitor is signed out here even if the service cannot be reached.
    await client.session.revoke({ forceClear: true });
  } catch (error) {
    console.error('Logout could not reach the identity service; the local session was cleared.', error);
  } finally {
    logout.disabled = false;
    render(client.session.getSync());
    document.getElementById('portal-heading-out')?.focus();
  }
});
