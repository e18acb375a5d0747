// Corporate training: signed out it shows <auth-login> for the organization sign-in (discovery by email link, or the
// company's single sign-on, then the second factor its organization asks for); signed in, the partner employee's
// dashboard. It uses the product only through its public API: the element, and the organization client loaded from
// the same module, so the page's client and the element's share one member session. Both keep it in this page's own
// cookies (the element's `cookieOptions`): the student portal's consumer session on the same origin has the default
// names, and neither sign-in overwrites the other.
//
// At an organization's own address (`/corporate-training/<slug>`, the project's organization URL template) the element
// signs in to that organization alone (`authFlowType: 'Organization'`, which finds the slug in the page's URL). Its
// email links come back to this page's one allowed address, `/corporate-training`, which signs the link in (the
// project allows redirect URLs by exact match, as the hosted provider does, not one per organization). Set before the
// element's module is awaited, through the attribute (which the element reads whether or not it is defined yet), so
// discovery is never shown there.
const widget = document.querySelector('auth-login');
if (/^\/corporate-training\/[^/]+$/.test(location.pathname)) {
  const config = JSON.parse(widget.getAttribute('config'));
  const emailMagicLinksOptions = { loginRedirectURL: '/corporate-training', signupRedirectURL: '/corporate-training' };
  widget.setAttribute('config', JSON.stringify({ ...config, authFlowType: 'Organization', emailMagicLinksOptions }));
}

const { loadB2BClient } = await import('/auth-login.js').catch((error) => {
  delete document.documentElement.dataset.session; // do not leave a returning member with an empty page
  throw error;
});
const { createB2BClient } = await loadB2BClient();

const client = createB2BClient({
  publicToken: widget.getAttribute('public-token'),
  baseUrl: widget.getAttribute('base-url') ?? '/',
  cookieOptions: widget.config?.cookieOptions,
});

const signedOut = document.getElementById('signed-out');
const signedIn = document.getElementById('signed-in');
const memberName = document.getElementById('member-name');
const organizationName = document.getElementById('organization-name');
const logout = document.getElementById('logout');

// A member who enrolls an authenticator app is signed in before the widget shows the recovery codes, once: the
// dashboard waits until they press Done (the flow complete), or they would never see them.
let enrolling = false;
widget.addEventListener('auth-login-event', (event) => {
  if (event.detail.type === 'B2B_TOTP_CREATE') enrolling = true;
  if (event.detail.type === 'AUTHENTICATE_FLOW_COMPLETE') {
    enrolling = false;
    render(client.session.getSync());
  }
});

function render(current) {
  const session = enrolling ? null : current;
  const member = client.self.getSync();
  const organization = client.organization.getSync();
  signedIn.hidden = !session;
  signedOut.hidden = Boolean(session);
  delete document.documentElement.dataset.session; // set by the page while a session cookie awaits this check
  memberName.textContent = member?.name || member?.email_address || 'colleague';
  organizationName.textContent = organization?.organization_name ?? 'your organization';
  document.title = session ? 'My Training · Westlight University' : 'Corporate Training · Westlight University';
}

render(client.session.getSync());
client.session.onChange(render);
// The member and the organization may arrive after the session.
client.self.onChange(() => render(client.session.getSync()));
client.organization.onChange(() => render(client.session.getSync()));

logout.addEventListener('click', async () => {
  logout.disabled = true;
  try {
    // forceClear: the member is signed out here even if the service cannot be reached.
    await client.session.revoke({ forceClear: true });
  } catch (error) {
    console.error('Logout could not reach the identity service; the local session was cleared.', error);
  } finally {
    logout.disabled = false;
    render(client.session.getSync());
    document.getElementById('corporate-heading-out')?.focus();
  }
});
