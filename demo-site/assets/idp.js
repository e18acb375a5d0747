// The authorize and logout pages (Sign in with Westlight). A student who is not signed in signs in on the same
// element; a sign-in link (magic link, social sign-in) must then bring them back to this very page, query and all, so
// the application's request continues where it stopped. The element reads the request from the page's query.
const widget = document.querySelector('auth-login');
const here = new URL(location.href);
// A sign-in link's own token is not part of the application's request.
for (const name of ['stytch_token_type', 'token']) here.searchParams.delete(name);
const config = JSON.parse(widget.getAttribute('config') ?? '{}');
const back = { loginRedirectURL: here.href, signupRedirectURL: here.href };
config.emailMagicLinksOptions = { ...config.emailMagicLinksOptions, ...back };
config.oauthOptions = { ...config.oauthOptions, ...back };
widget.setAttribute('config', JSON.stringify(config));
await import('/auth-login.js');
