-- The admin console (/admin): its sign-in sessions in production and the audit log of what was done through it.

-- A console session, from the project secret entered on the console's login form. Only the SHA-256 of the cookie's
-- token is kept; it expires after a short time (constants/admin.ts) and ends at sign-out.
create table admin_sessions (
  id          text primary key,
  token_hash  text not null unique,
  ip_address  text not null default '',
  created_at  timestamptz not null,
  expires_at  timestamptz not null,
  revoked_at  timestamptz
);
-- The retention sweep takes expired sessions oldest first (store/retention.ts).
create index admin_sessions_expires_at_idx on admin_sessions (expires_at);

-- One row per action taken in the console. No foreign key to users: the row of a user's deletion outlives the user.
-- `actor` says who acted: the development loopback, or an admin session by its id.
create table admin_audit_log (
  seq             bigint generated always as identity primary key,
  actor           text not null,
  action          text not null,
  target_user_id  text,
  details         jsonb not null default '{}'::jsonb,
  ip_address      text not null default '',
  created_at      timestamptz not null
);
create index admin_audit_log_target_idx on admin_audit_log (target_user_id, seq desc);
