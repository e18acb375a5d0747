-- Indexes for the retention sweep (store/retention.ts): each sweep statement picks a bounded batch of rows past their
-- retention by the time that ends them, so every such time column is indexed and a batch never reads a whole table.
-- Tables whose expiry was indexed before (intermediate sessions, SSO rows, challenges, OIDC payloads) need nothing.
-- Expand-only (docs/decisions.md, "Rolling upgrades"): new indexes, nothing the previous release reads changes.
-- `if not exists`: on a deployment whose tables are already large (nothing was swept before), build them first with
-- `create index concurrently` under these names (README, "Retention"), and this migration blocks no writes.

create index if not exists sessions_expires_at_idx on sessions (expires_at);
create index if not exists sessions_revoked_at_idx on sessions (revoked_at) where revoked_at is not null;
create index if not exists member_sessions_expires_at_idx on member_sessions (expires_at);
create index if not exists member_sessions_revoked_at_idx on member_sessions (revoked_at) where revoked_at is not null;
create index if not exists magic_links_expires_at_idx on magic_links (expires_at);
create index if not exists otp_codes_expires_at_idx on otp_codes (expires_at);
create index if not exists password_resets_expires_at_idx on password_resets (expires_at);
create index if not exists impersonation_tokens_expires_at_idx on impersonation_tokens (expires_at);
create index if not exists oauth_states_expires_at_idx on oauth_states (expires_at);
create index if not exists oauth_tokens_expires_at_idx on oauth_tokens (expires_at);
create index if not exists oauth_callbacks_expires_at_idx on oauth_callbacks (expires_at);
create index if not exists member_email_tokens_expires_at_idx on member_email_tokens (expires_at);
create index if not exists member_sms_codes_expires_at_idx on member_sms_codes (expires_at);
-- Verified authenticators never expire: only unconfirmed ones are ever swept.
create index if not exists totps_unverified_expires_at_idx on totps (expires_at) where not verified;
create index if not exists member_totps_unverified_expires_at_idx on member_totps (expires_at) where not verified;
create index if not exists auth_failures_failed_at_idx on auth_failures (failed_at);
create index if not exists member_auth_failures_failed_at_idx on member_auth_failures (failed_at);
create index if not exists pending_contacts_created_at_idx on pending_contacts (created_at);
create index if not exists events_created_at_idx on events (created_at);
-- A revoked session stays while a live Sign in with Westlight token names it (its revocation ends the token).
create index if not exists oidc_payloads_session_uid_idx on oidc_payloads ((payload->>'sessionUid'));
