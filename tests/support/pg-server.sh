#!/usr/bin/env bash
# Starts and stops a fresh PostgreSQL 15 server (Debian's `postgresql-15` package) on a free
# loopback port, for the live database tests and live mode. Every wait is bounded. Never uses
# 5432 and never touches the system's own cluster: the data directory is new, under DIR.
#
#   pg-server.sh start DIR   initdb + postgres; prints HOST:PORT/DB (the value of `--live pg=`)
#   pg-server.sh stop DIR    stops what `start` started in DIR
#
# PostgreSQL refuses to run as root, and CI runs as root: the server then runs as the system user
# lockscope-pg (made with `useradd -r` when missing), which owns DIR/data. It listens on
# 127.0.0.1 only, with no Unix socket, and trusts loopback connections (a test server). Its roles:
# `lockscope` (superuser: the tests set deadlock_timeout) and `lockscope_app` (an ordinary role
# that may create schemas in the database `lockscope`). DIR gets DIR/address, DIR/port, DIR/pid and
# DIR/postgres.log. Environment: PG_BIN (default /usr/lib/postgresql/15/bin),
# PG_START_TIMEOUT_S (default 30).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
START_TIMEOUT_S=${PG_START_TIMEOUT_S:-30}
SERVER_USER=lockscope-pg

die() { echo "pg-server.sh: $*" >&2; exit 1; }

source "$(dirname "${BASH_SOURCE[0]}")/free-ports.sh"
source "$(dirname "${BASH_SOURCE[0]}")/server-processes.sh"

# Runs a command as the server's user (as ourselves when we are not root).
as_server_user() {
  if (( EUID == 0 )); then
    runuser -u "$SERVER_USER" -- "$@"
  else
    "$@"
  fi
}

ensure_server_user() {
  (( EUID == 0 )) || return 0
  id -u "$SERVER_USER" >/dev/null 2>&1 ||
    useradd -r -M -d /nonexistent -s /usr/sbin/nologin "$SERVER_USER" ||
    die "cannot create the system user $SERVER_USER"
}

# Accepting connections within the bound, or fail.
wait_until_answering() {
  local port=$1 deadline=$(( SECONDS + START_TIMEOUT_S ))
  until pg_isready -q -h 127.0.0.1 -p "$port" -t 1 2>/dev/null; do
    (( SECONDS < deadline )) || return 1
    sleep 0.1
  done
}

# True when `pid` still runs the postmaster of DIR/data.
is_our_server() { process_runs "$1" "-D $2/data"; }

psql_admin() {
  local port=$1
  shift
  psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U lockscope -d postgres "$@"
}

start() {
  local dir=$1 port
  [[ -x "$PG_BIN/initdb" && -x "$PG_BIN/postgres" ]] ||
    die "PostgreSQL 15 not found in $PG_BIN (apt-get install postgresql-15)"
  command -v pg_isready >/dev/null && command -v psql >/dev/null ||
    die "psql and pg_isready not found (apt-get install postgresql-client-15)"
  ensure_server_user
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  rm -rf "$dir/data"
  mkdir -m 700 "$dir/data"
  : >"$dir/postgres.log"
  if (( EUID == 0 )); then chown "$SERVER_USER" "$dir/data" "$dir/postgres.log"; fi
  as_server_user "$PG_BIN/initdb" -D "$dir/data" -U lockscope --auth=trust -E UTF8 \
    --locale=C --no-sync >>"$dir/postgres.log" 2>&1 || die "initdb failed (see $dir/postgres.log)"
  port=$(pick_free_ports 1)
  [[ $port != 5432 ]] || die "picked 5432"
  cat >>"$dir/data/postgresql.conf" <<CONF
# pg-server.sh: a throw-away test server
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = ''
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 100
CONF
  # The server in a process group of its own, its output in its log, so that nothing holds the
  # caller's pipes open.
  if (( EUID == 0 )); then
    setsid runuser -u "$SERVER_USER" -- "$PG_BIN/postgres" -D "$dir/data" \
      </dev/null >>"$dir/postgres.log" 2>&1 &
  else
    setsid "$PG_BIN/postgres" -D "$dir/data" </dev/null >>"$dir/postgres.log" 2>&1 &
  fi
  echo $! >"$dir/launcher.pid"
  wait_until_answering "$port" || die "postgres on port $port does not answer (see $dir/postgres.log)"
  # The postmaster's own pid (runuser stays its parent when we are root).
  head -1 "$dir/data/postmaster.pid" >"$dir/pid"
  psql_admin "$port" -c "CREATE DATABASE lockscope" >/dev/null
  psql_admin "$port" -c "CREATE ROLE lockscope_app LOGIN" \
    -c "GRANT CREATE, CONNECT ON DATABASE lockscope TO lockscope_app" >/dev/null
  echo "$port" >"$dir/port"
  echo "127.0.0.1:$port/lockscope" >"$dir/address"
  cat "$dir/address"
}

stop() {
  local dir=$1 pid
  [[ -d "$dir" ]] || return 0
  dir=$(cd "$dir" && pwd)
  # SIGINT: the fast shutdown, which ends the sessions without waiting for a checkpoint.
  stop_recorded_server "$dir" pid INT 50
  pid=$(cat "$dir/launcher.pid" 2>/dev/null || true)
  [[ -z $pid ]] || wait_gone "$pid" || true
  rm -rf "$dir/data"
  rm -f "$dir/pid" "$dir/launcher.pid" "$dir/port" "$dir/address"
}

case "${1:-}" in
  start) [[ $# -eq 2 ]] || die "usage: pg-server.sh start DIR"; start "$2" ;;
  stop) [[ $# -eq 2 ]] || die "usage: pg-server.sh stop DIR"; stop "$2" ;;
  *) die "usage: pg-server.sh start DIR | stop DIR" ;;
esac
