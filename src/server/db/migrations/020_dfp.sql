-- Device fingerprinting ("DFP", wire contract 1.5): the service's own telemetry script (GET /telemetry.js) posts a
-- few stable browser signals to POST /dfp/submit and gets a telemetry id back, which the client sends as
-- `dfp_telemetry_id` on its send and login calls. A device is named by the SHA-256 of its signals (`visitor_id`);
-- the ids are stored as SHA-256 digests, like every other token. Times are the service's own clock.
create table dfp_devices (
  visitor_id     text primary key,
  signals        jsonb not null,
  user_agent     text not null,
  ip_address     text not null,
  first_seen_at  timestamptz not null,
  last_seen_at   timestamptz not null,
  -- Telemetry ids issued to the device, and send or login calls that carried one of them.
  ids_issued     integer not null default 0,
  protected_calls integer not null default 0,
  -- Calls the DECISIONING rule sent to the captcha.
  flagged_calls  integer not null default 0
);
create index dfp_devices_last_seen_at_idx on dfp_devices (last_seen_at);

create table dfp_telemetry_ids (
  id_digest  text primary key,
  visitor_id text not null references dfp_devices (visitor_id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index dfp_telemetry_ids_expires_at_idx on dfp_telemetry_ids (expires_at);
