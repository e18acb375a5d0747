#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: `npm test` (test/run-all.mjs) and `.ci/run` use it, and a developer can
# too. Nothing here touches a system cluster: the data, the socket and the log live in one temporary folder.
#
#   scripts/test-postgres.sh start [DIR]   initdb + start on a free loopback port; prints TEST_DATABASE_URL=<url>
#   scripts/test-postgres.sh url [DIR]     prints the URL of the running cluster in DIR
#   scripts/test-postgres.sh stop [DIR]    stops the cluster and deletes DIR
#   scripts/test-postgres.sh bindir        prints the folder of pg_ctl/initdb, or fails when PostgreSQL is not installed
#
# DIR defaults to $TEST_PG_DIR or /tmp/auth-login-test-pg. As root, initdb refuses to run, so the cluster runs as the
# `postgres` user that Debian's `postgresql` package creates. Authentication is `trust` on loopback only: the cluster
# holds test data, lives for one test run and listens on 127.0.0.1.
set -euo pipefail

command="${1:-}"
dir="${2:-${TEST_PG_DIR:-/tmp/auth-login-test-pg}}"

bindir() {
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  # Debian installs the server binaries outside PATH; take the newest version.
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$found" ] && [ -x "$found/pg_ctl" ] && [ -x "$found/initdb" ]; then
    echo "$found"
    return
  fi
  echo "PostgreSQL server binaries not found (no pg_ctl on PATH or in /usr/lib/postgresql/*/bin)." >&2
  echo "Install them with: apt-get install postgresql" >&2
  return 1
}

# Runs a command as the cluster's owner: ourselves, or `postgres` when we are root.
as_owner() {
  if [ "$(id -u)" = "0" ]; then
    # runuser lives in /usr/sbin (util-linux), which a non-login PATH may lack.
    PATH="$PATH:/usr/sbin:/sbin" runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start() {
  local bin port
  bin="$(bindir)"
  if [ -f "$dir/url" ] && as_owner "$bin/pg_ctl" status -D "$dir/data" >/dev/null 2>&1; then
    echo "TEST_DATABASE_URL=$(cat "$dir/url")"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  if [ "$(id -u)" = "0" ]; then
    id postgres >/dev/null 2>&1 || { echo "As root this script runs PostgreSQL as the user 'postgres', which does not exist (apt-get install postgresql creates it)." >&2; exit 1; }
    chown postgres "$dir"
  fi
  as_owner "$bin/initdb" --pgdata="$dir/data" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  port="$(free_port)"
  # fsync/full_page_writes off: the cluster lives for one test run, and a crash of PostgreSQL itself is not what the
  # tests exercise (crash-safety.test.ts kills the service processes, whose commits PostgreSQL already holds).
  # max_connections: every test service has a pool of up to 10 connections, and a race test runs several at once.
  as_owner "$bin/pg_ctl" start --pgdata="$dir/data" --log="$dir/postgres.log" --wait --timeout=60 --silent \
    -o "-c port=$port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=300" \
    || { cat "$dir/postgres.log" >&2; exit 1; }
  echo "postgres://postgres@127.0.0.1:$port/postgres" >"$dir/url"
  echo "TEST_DATABASE_URL=$(cat "$dir/url")"
}

stop() {
  local bin
  if [ -d "$dir/data" ] && bin="$(bindir 2>/dev/null)"; then
    as_owner "$bin/pg_ctl" stop --pgdata="$dir/data" --mode=immediate --silent >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "$command" in
  start) start ;;
  stop) stop ;;
  url) cat "$dir/url" ;;
  bindir) bindir ;;
  *)
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
