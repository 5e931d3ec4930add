#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: `start` makes a cluster in
# $SIGHTLINE_PG_DIR (default /tmp/sightline-pg) listening on 127.0.0.1:$SIGHTLINE_PG_PORT
# (default 54329) and on a socket in $SIGHTLINE_PG_DIR/run, loads the test tables
# (scripts/db/postgres-tables.sql) and returns once it answers; `stop` stops it and
# removes the folder. Both are idempotent. As root (CI) the server runs as the
# `postgres` OS user (Debian's package makes it); TCP logins need a password (scram),
# socket logins are trusted, and the OS user running this gets a role of its own name,
# so libpq's defaults (PGUSER = the OS user) are testable. $SIGHTLINE_PG_OPTIONS adds
# server settings (`-c shared_buffers=2GB` for a benchmark's cluster).
set -euo pipefail

dir="${SIGHTLINE_PG_DIR:-/tmp/sightline-pg}"
port="${SIGHTLINE_PG_PORT:-54329}"
here="$(cd "$(dirname "$0")" && pwd)"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "postgres.sh: no PostgreSQL server found (apt-get install postgresql)" >&2; exit 69; }
me=$(id -un)

# Runs the server's tools as its owner: postgres when we are root (initdb refuses root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

running() {
  [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

# Closes what this script inherited beyond standard input, output and error, so the
# server (which lives on) does not keep its starter's descriptors open: a test process
# that waits for this script's end watches one of them.
close_inherited() {
  local fd
  for fd in /proc/$$/fd/*; do
    fd=${fd##*/}
    case "$fd" in 0|1|2|255) ;; *) eval "exec $fd>&-" 2>/dev/null || true ;; esac
  done
}

start() {
  if running; then return 0; fi
  close_inherited
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    rm -rf "$dir"
    mkdir -p "$dir/data" "$dir/run"
    chmod 755 "$dir" "$dir/run"
    chmod 700 "$dir/data"
    [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
      -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    fresh=1
  fi
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-p $port -k $dir/run -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${SIGHTLINE_PG_OPTIONS:-}" \
    >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  if [ "${fresh:-0}" = 1 ]; then
    psql_admin -q -v ON_ERROR_STOP=1 -v me="$me" -f "$here/postgres-tables.sql" >/dev/null
  fi
}

psql_admin() {
  as_owner psql -X -h "$dir/run" -p "$port" -U postgres -d postgres "$@"
}

stop() {
  if running; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  # The tests stop the server hard and start it again (a server that dies mid-session).
  kill) as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null ;;
  restart) start ;;
  psql) shift; psql_admin -d sightline_test "$@" ;;
  *) echo "usage: $0 start|stop|kill|restart|psql [psql arguments]" >&2; exit 64 ;;
esac
