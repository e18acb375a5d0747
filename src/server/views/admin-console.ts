// The admin console's pages (routes/admin/): plain server-rendered HTML, no script, one hashed style block
// (security/content-security-policy.ts). Every action is a form that POSTs with the CSRF token; every list of
// records is a table with a caption and column headers; every field has a label.
import type { User } from '../../api/user.ts';
import { ADMIN_PATH } from '../constants/admin.ts';
import type { ConsoleUser } from '../services/admin-console.ts';
import type { AuditRow } from '../store/admin-console.ts';
import { escapeHtml } from './escape.ts';
import { servicePage } from './oauth-pages.ts';

// Colours are the element's design tokens (its default theme, spec section 9), under the element's own custom
// property names, so a site that themes the element can read the console the same way.
const STYLE = `
  :root {
    --auth-login-color-primary: #19303D; --auth-login-color-secondary: #5C727D; --auth-login-color-success: #0C5A56;
    --auth-login-color-error: #8B1214; --auth-login-color-accent: #ECFAFF; --auth-login-border-color: #ADBCC5;
  }
  body { font: 16px/1.5 Arial, Helvetica, sans-serif; margin: 0 auto; max-width: 64rem; padding: 1rem;
    color: var(--auth-login-color-primary); }
  header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex-wrap: wrap; }
  h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
  a { color: var(--auth-login-color-primary); }
  label { display: block; font-weight: 600; margin-bottom: .25rem; }
  input { font: inherit; padding: .5rem; border: 1px solid var(--auth-login-color-secondary); border-radius: 4px; }
  button { font: inherit; padding: .4rem .9rem; border-radius: 4px; cursor: pointer;
    border: 1px solid var(--auth-login-color-primary); background: #fff; color: var(--auth-login-color-primary); }
  button.primary { background: var(--auth-login-color-primary); color: #fff; }
  button.danger { border-color: var(--auth-login-color-error); color: var(--auth-login-color-error); }
  :focus-visible { outline: 3px solid var(--auth-login-color-primary); outline-offset: 2px; }
  form.inline { display: inline; margin: 0; }
  .search { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; }
  table { border-collapse: collapse; width: 100%; margin-top: .5rem; }
  caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid var(--auth-login-border-color);
    vertical-align: top; overflow-wrap: anywhere; }
  .status { background: var(--auth-login-color-accent); padding: .5rem .75rem; border-radius: 4px; }
  .error { color: var(--auth-login-color-error); font-weight: 600; }
  .proven { color: var(--auth-login-color-success); }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }`;

const e = escapeHtml;

function page(title: string, body: string): string {
  return servicePage(`${title} · Admin console`, body, STYLE);
}

function csrfField(csrf: string): string {
  return `<input type="hidden" name="csrf_token" value="${e(csrf)}">`;
}

/** A one-button form posting to `action`, with the CSRF token and any hidden fields. */
function actionForm(input: {
  action: string;
  csrf: string;
  label: string;
  fields?: Record<string, string>;
  danger?: boolean;
}): string {
  const hidden = Object.entries(input.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');
  return (
    `<form class="inline" method="post" action="${e(input.action)}">${csrfField(input.csrf)}${hidden}` +
    `<button type="submit"${input.danger ? ' class="danger"' : ''}>${e(input.label)}</button></form>`
  );
}

function header(csrf: string | null): string {
  const signOut = csrf ? actionForm({ action: `${ADMIN_PATH}/logout`, csrf, label: 'Sign out' }) : '';
  return `<header><p><a href="${ADMIN_PATH}">Admin console</a></p>${signOut}</header>`;
}

function statusLine(done: string | null): string {
  return done ? `<p class="status" role="status">${e(done)}</p>` : '';
}

/** The production login form: the project secret opens a short console session. */
export function adminLoginPage(input: { error?: string }): string {
  const error = input.error ? `<p class="error" role="alert" id="login-error">${e(input.error)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Admin console: sign in</h1>
<p>Enter the project secret (the backend API's secret) to manage users. The sign-in lasts 30 minutes.</p>
${error}
<form method="post" action="${ADMIN_PATH}/login">
<label for="secret">Project secret</label>
<input id="secret" name="secret" type="password" autocomplete="current-password" required` +
      `${input.error ? ' aria-describedby="login-error" aria-invalid="true"' : ''}>
<p><button type="submit" class="primary">Sign in</button></p>
</form>`,
  );
}

function displayName(user: User): string {
  const name = [user.name.first_name, user.name.middle_name, user.name.last_name].filter(Boolean).join(' ');
  return name || user.emails[0]?.email || user.phone_numbers[0]?.phone_number || user.user_id;
}

/** The front page: search, its results, and the latest audit rows. */
export function adminHomePage(input: {
  csrf: string | null;
  query: string;
  results: User[] | null;
  audit: AuditRow[];
  done: string | null;
}): string {
  const results =
    input.results === null
      ? ''
      : input.results.length === 0
        ? '<p role="status">No user matches.</p>'
        : `<table><caption>Users matching “${e(input.query)}”</caption>
<thead><tr><th scope="col">User</th><th scope="col">Email addresses</th>` +
          `<th scope="col">Phone numbers</th><th scope="col">Status</th></tr></thead>
<tbody>${input.results
            .map(
              (user) =>
                `<tr><td><a href="${ADMIN_PATH}/users/${encodeURIComponent(user.user_id)}">` +
                `${e(displayName(user))}</a><br><code>${e(user.user_id)}</code></td>
<td>${e(user.emails.map((x) => x.email).join(', '))}</td>` +
                `<td>${e(user.phone_numbers.map((x) => x.phone_number).join(', '))}</td>` +
                `<td>${e(user.status)}</td></tr>`,
            )
            .join('\n')}</tbody></table>`;
  return page(
    'Users',
    `${header(input.csrf)}
<h1>Users</h1>
${statusLine(input.done)}
<form class="search" method="get" action="${ADMIN_PATH}" role="search">
<div><label for="q">Email address, phone number or user id</label>
<input id="q" name="q" type="search" value="${e(input.query)}" size="40"></div>
<button type="submit" class="primary">Search</button>
</form>
${results}
<h2 id="audit">Audit log</h2>
${auditTable(input.audit, 'The latest console actions, newest first')}`,
  );
}

function auditTable(rows: AuditRow[], caption: string): string {
  if (rows.length === 0) return '<p>Nothing has been done in the console yet.</p>';
  return (
    `<table><caption>${e(caption)}</caption>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th>` +
    `<th scope="col">User</th><th scope="col">IP address</th></tr></thead>
<tbody>${rows
      .map(
        (row) => `<tr><td><time datetime="${e(row.created_at)}">${e(row.created_at)}</time></td><td>${e(row.actor)}</td>
<td>${e(row.action)}${Object.keys(row.details).length ? ` <code>${e(JSON.stringify(row.details))}</code>` : ''}</td>
<td>${row.target_user_id ? `<code>${e(row.target_user_id)}</code>` : ''}</td><td>${e(row.ip_address)}</td></tr>`,
      )
      .join('\n')}</tbody></table>`
  );
}

function proof(verified: boolean): string {
  return verified ? '<span class="proven">proven</span>' : 'not proven';
}

/** One table of a user's factors of one kind, each row with its delete button. */
function factorTable(input: {
  caption: string;
  columns: string[];
  rows: { id: string; cells: string[] }[];
  kind: string;
  userPath: string;
  csrf: string;
}): string {
  if (input.rows.length === 0) return `<p>${e(input.caption)}: none.</p>`;
  return (
    `<table><caption>${e(input.caption)}</caption>
<thead><tr>${input.columns.map((column) => `<th scope="col">${e(column)}</th>`).join('')}` +
    `<th scope="col">Action</th></tr></thead>
<tbody>${input.rows
      .map(
        (row) =>
          `<tr>${row.cells.map((cell) => `<td>${cell}</td>`).join('')}<td>${actionForm({
            action: `${input.userPath}/factors/delete`,
            csrf: input.csrf,
            label: 'Delete',
            fields: { kind: input.kind, factor_id: row.id },
            danger: true,
          })}</td></tr>`,
      )
      .join('\n')}</tbody></table>`
  );
}

/** A user's page: every sign-in method with its proof, roles, sessions, connected apps, the lock, and what was done. */
export function adminUserPage(input: { csrf: string; view: ConsoleUser; done: string | null }): string {
  const { user, sessions, connected_apps: apps, lock, audit } = input.view;
  const userPath = `${ADMIN_PATH}/users/${encodeURIComponent(user.user_id)}`;
  const factors = (caption: string, kind: string, columns: string[], rows: { id: string; cells: string[] }[]) =>
    factorTable({ caption, columns, rows, kind, userPath, csrf: input.csrf });
  const lockLine = lock.lockedUntil
    ? `Locked until <time datetime="${e(lock.lockedUntil)}">${e(lock.lockedUntil)}</time> ` +
      `after ${lock.recentFailures} failed attempts.`
    : `Not locked (${lock.recentFailures} failed attempts in the last hour).`;
  const sessionRows = sessions
    .map(
      (session) =>
        `<tr><td>${e(session.attributes.user_agent || 'unknown device')}</td>` +
        `<td>${e(session.attributes.ip_address)}</td>
<td><time datetime="${e(session.started_at)}">${e(session.started_at)}</time></td>` +
        `<td><time datetime="${e(session.last_accessed_at)}">${e(session.last_accessed_at)}</time></td>
<td>${e(session.authentication_factors.map((factor) => factor.delivery_method).join(', '))}</td>
<td>${actionForm({
          action: `${userPath}/sessions/revoke`,
          csrf: input.csrf,
          label: 'Revoke',
          fields: { session_id: session.session_id },
        })}</td></tr>`,
    )
    .join('\n');
  return page(
    displayName(user),
    `${header(input.csrf)}
<h1>${e(displayName(user))}</h1>
${statusLine(input.done)}
<dl>
<dt>User id</dt><dd><code>${e(user.user_id)}</code></dd>
<dt>Status</dt><dd>${e(user.status)}</dd>
<dt>Created</dt><dd><time datetime="${e(user.created_at)}">${e(user.created_at)}</time></dd>
<dt>Roles</dt><dd>${e(user.roles.join(', ') || 'none')}</dd>
<dt>Password</dt><dd>${user.password ? (user.password.requires_reset ? 'set, must be reset' : 'set') : 'none'}</dd>
</dl>
<h2>Sign-in methods</h2>
${factors(
  'Email addresses',
  'emails',
  ['Address', 'Proof'],
  user.emails.map((x) => ({ id: x.email_id, cells: [e(x.email), proof(x.verified)] })),
)}
${factors(
  'Phone numbers',
  'phone_numbers',
  ['Number', 'Proof'],
  user.phone_numbers.map((x) => ({ id: x.phone_id, cells: [e(x.phone_number), proof(x.verified)] })),
)}
${factors(
  'Passkeys',
  'webauthn_registrations',
  ['Name', 'Domain', 'Proof'],
  user.webauthn_registrations.map((x) => ({
    id: x.webauthn_registration_id,
    cells: [e(x.name || x.authenticator_type), e(x.domain), proof(x.verified)],
  })),
)}
${factors(
  'Crypto wallets',
  'crypto_wallets',
  ['Address', 'Type', 'Proof'],
  user.crypto_wallets.map((x) => ({
    id: x.crypto_wallet_id,
    cells: [e(x.crypto_wallet_address), e(x.crypto_wallet_type), proof(x.verified)],
  })),
)}
${factors(
  'OAuth links',
  'oauth',
  ['Provider', 'Subject'],
  user.providers.map((x) => ({ id: x.oauth_user_registration_id, cells: [e(x.provider_type), e(x.provider_subject)] })),
)}
${factors(
  'Authenticator apps (TOTP)',
  'totps',
  ['Id', 'Proof'],
  user.totps.map((x) => ({ id: x.totp_id, cells: [`<code>${e(x.totp_id)}</code>`, proof(x.verified)] })),
)}
<h2>Lockout</h2>
<p>${lockLine}</p>
${actionForm({ action: `${userPath}/lockout/clear`, csrf: input.csrf, label: 'Clear lockout' })}
<h2>Sessions</h2>
${
  sessions.length === 0
    ? '<p>No live sessions.</p>'
    : `<table><caption>Live sessions, most recently used first</caption>
<thead><tr><th scope="col">Device</th><th scope="col">IP address</th><th scope="col">Started</th>` +
      `<th scope="col">Last used</th><th scope="col">Factors</th><th scope="col">Action</th></tr></thead>
<tbody>${sessionRows}</tbody></table>
<p>${actionForm({
        action: `${userPath}/sessions/revoke-all`,
        csrf: input.csrf,
        label: 'Revoke all sessions',
        danger: true,
      })}</p>`
}
<h2>Connected apps</h2>
${
  apps.length === 0
    ? '<p>No connected apps.</p>'
    : `<table><caption>Apps the user granted access</caption>
<thead><tr><th scope="col">App</th><th scope="col">Scopes</th></tr></thead>
<tbody>${apps
        .map((app) => `<tr><td>${e(app.name)}</td><td>${e(app.scopes_granted)}</td></tr>`)
        .join('\n')}</tbody></table>`
}
<h2>Delete</h2>
<p><a href="${userPath}/delete">Delete this user…</a></p>
<h2>Audit log</h2>
${auditTable(audit, 'What was done to this user, newest first')}`,
  );
}

/** The confirmation step before a user is deleted for good. */
export function adminDeletePage(input: { csrf: string; user: User }): string {
  const userPath = `${ADMIN_PATH}/users/${encodeURIComponent(input.user.user_id)}`;
  return page(
    'Delete user',
    `${header(input.csrf)}
<h1>Delete ${e(displayName(input.user))}?</h1>
<p>This deletes the user <code>${e(input.user.user_id)}</code> with every address, phone number, passkey, wallet,
password, session and connected app. It cannot be undone.</p>
<form method="post" action="${userPath}/delete">
${csrfField(input.csrf)}
<input type="hidden" name="confirm" value="delete">
<button type="submit" class="danger">Delete the user permanently</button>
<a href="${userPath}">Cancel</a>
</form>`,
  );
}

/** A refusal or a mistake, with the way back. */
export function adminErrorPage(input: { message: string; errorType: string }): string {
  return page(
    'Error',
    `<h1>The console could not do that</h1>
<p class="error" role="alert">${e(input.message)}</p>
<p>Error type: <code id="error-type">${e(input.errorType)}</code></p>
<p><a href="${ADMIN_PATH}">Back to the admin console</a></p>`,
  );
}
