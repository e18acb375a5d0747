-- Passwords imported from another system (`npm run import-users`): that system's hash and its kind, kept on the
-- user's password row until the first sign-in with it, which checks the password against it and replaces it with the
-- service's own Argon2id hash in password_hash (the imported columns become null again).
--
-- While a row holds an imported hash its password_hash is '' (no hash of ours yet). A previous release, which knows no
-- imported hash, finds nothing it can verify there and refuses the password rather than signing anyone in by it; a
-- reset made by a previous release writes password_hash, and a non-empty password_hash outranks the imported one.
alter table user_passwords add column imported_hash_type text;
alter table user_passwords add column imported_hash text;
alter table user_passwords add constraint user_passwords_imported_hash_pair
  check ((imported_hash_type is null) = (imported_hash is null));
