-- An address or phone number a signed-in user asks to add (send/secondary) is not theirs until that session uses its
-- link or code: until then it waits here, never in user_emails / user_phone_numbers, so it claims nothing, blocks
-- nobody's sign-up and gives no roles. Several users may wait on one address; whoever proves it first gets it. The id
-- is the email_id / method_id the send answered, and becomes the address's id once it is proven.
create table pending_contacts (
  id         text primary key,
  user_id    text not null references users (id) on delete cascade,
  kind       text not null check (kind in ('email', 'phone')),
  value      text not null,
  created_at timestamptz not null,
  unique (user_id, kind, value)
);

-- A link or passcode from send/secondary can only be used by the session that asked for it.
alter table magic_links add column session_id text;
alter table otp_codes add column session_id text;
-- A magic link names its address by id, which may now be a pending one (above) rather than a user_emails row.
alter table magic_links drop constraint magic_links_email_id_fkey;
