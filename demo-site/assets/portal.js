// The student portal: signed out it shows <auth-login>; signed in, the dashboard. It uses the product only through
// its public API: the element, and the headless client from the same module.
import { createAuthClient } from '/auth-login.js';

const widget = document.querySelector('auth-login');
const client = createAuthClient({
  publicToken: widget.getAttribute('public-token'),
  baseUrl: widget.getAttribute('base-url') ?? '/',
});

const signedOut = document.getElementById('signed-out');
const signedIn = document.getElementById('signed-in');
const studentName = document.getElementById('student-name');
const logout = document.getElementById('logout');

function render(session) {
  const user = client.user.getSync();
  const email = user?.emails?.[0]?.email;
  signedIn.hidden = !session;
  signedOut.hidden = Boolean(session);
  studentName.textContent = email ?? 'student';
  document.title = session ? 'My Portal · Westlight University' : 'Student Portal · Westlight University';
}

render(client.session.getSync());
client.session.onChange(render);

logout.addEventListener('click', async () => {
  logout.disabled = true;
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
