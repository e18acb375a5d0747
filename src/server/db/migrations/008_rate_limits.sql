-- Rate limits shared by every instance on one database: one fixed-window counter per key (e.g. `otp-send:email:<a>`,
-- `auth-failure-ip:<ip>`). A take is one atomic upsert; rows whose window has ended are swept in small batches.
-- Times are epoch milliseconds (the service's own clock, which tests move), not the database's clock.
create table rate_limits (
  key            text primary key,
  window_ends_ms bigint not null,
  count          integer not null
);
create index rate_limits_window_ends_ms_idx on rate_limits (window_ends_ms);
