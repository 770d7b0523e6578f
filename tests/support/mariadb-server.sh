#!/usr/bin/env bash
# Starts and stops a fresh MariaDB server (Debian's `mariadb-server` package, 10.11) on a free
# loopback port, for the live database tests and live mode. Every wait is bounded. Never uses
# port 3306, the system datadir or /etc/mysql: Debian's package may run its own service there.
#
#   mariadb-server.sh start DIR   a new datadir DIR/data, a server on 127.0.0.1:PORT, a database
#                                 `lockscope` and a user `lockscope` (password in DIR/password,
#                                 mode 600) allowed everything on the databases named
#                                 lockscope*; prints HOST:PORT/lockscope, also written to
#                                 DIR/address
#   mariadb-server.sh stop DIR    stops the server `start` started in DIR; removes nothing outside
#                                 DIR (the datadir stays for a post-mortem until the next start)
#
# The tests connect as LOCKSCOPE_MARIADB_USER=lockscope with
# LOCKSCOPE_MARIADB_PASSWORD_FILE=DIR/password, as a person would (backends/live/live_credentials.h).
# Environment: MARIADB_START_TIMEOUT_S (default 30).
set -euo pipefail

die() { echo "mariadb-server.sh: $*" >&2; exit 1; }

source "$(dirname "${BASH_SOURCE[0]}")/free-ports.sh"
source "$(dirname "${BASH_SOURCE[0]}")/server-processes.sh"

# The admin client over the server's own socket, as root (no password: root@localhost of a
# datadir made here with the normal authentication method); nothing read from /etc/mysql.
admin_sql() {
  local dir=$1
  shift
  timeout 10 mariadb --no-defaults --protocol=socket --socket="$dir/mariadb.sock" -uroot "$@"
}

wait_until_answering() {
  local dir=$1 pid=$2 deadline=$(( SECONDS + ${MARIADB_START_TIMEOUT_S:-30} ))
  until admin_sql "$dir" -e 'SELECT 1' >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || return 1
    (( SECONDS < deadline )) || return 1
    sleep 0.1
  done
}

# True when `pid` still runs the server of DIR.
is_our_server() {
  local pid=$1 dir=$2
  process_runs "$pid" "--datadir=$dir/data "
}

start() {
  local dir=$1 server port password
  server=$(command -v mariadbd || true)
  [[ -n $server ]] || server=/usr/sbin/mariadbd
  [[ -x $server ]] || die "mariadbd not found (apt-get install mariadb-server)"
  command -v mariadb-install-db >/dev/null || die "mariadb-install-db not found (apt-get install mariadb-server)"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  stop "$dir"
  rm -rf "$dir/data"
  rm -f "$dir/address" "$dir/password" "$dir/mariadb.log"
  # The server drops to this user; as root, root itself (the datadir is ours, under DIR).
  local user
  user=$(id -un)
  mariadb-install-db --no-defaults --datadir="$dir/data" --user="$user" --skip-test-db \
    --auth-root-authentication-method=normal >"$dir/install.log" 2>&1 ||
    die "mariadb-install-db failed (see $dir/install.log)"
  read -r port <<<"$(pick_free_ports 1)"
  # Small InnoDB files start fast; innodb_rollback_on_timeout stays at its default (OFF), which
  # the scenarios' database: section assumes unless it says otherwise. No sync per commit (as
  # pg-server.sh's fsync = off): a test server's data need not survive a power cut, and a commit
  # waiting several ms for the disk would shift what the lessons time in milliseconds.
  setsid "$server" --no-defaults --datadir="$dir/data" --socket="$dir/mariadb.sock" \
    --pid-file="$dir/mariadb.pid" --log-error="$dir/mariadb.log" --port="$port" \
    --bind-address=127.0.0.1 --user="$user" --skip-name-resolve --skip-log-bin \
    --innodb-buffer-pool-size=64M --innodb-log-file-size=16M \
    --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 </dev/null >>"$dir/mariadb.out" 2>&1 &
  local pid=$!
  echo "$pid" >"$dir/server.pid"
  wait_until_answering "$dir" "$pid" || die "mariadbd on port $port does not answer (see $dir/mariadb.log)"
  # A fresh random password, only in an owner-only file.
  password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
  (umask 077 && printf '%s\n' "$password" >"$dir/password")
  admin_sql "$dir" <<SQL || die "could not create the lockscope database and user"
CREATE DATABASE lockscope;
CREATE USER 'lockscope'@'127.0.0.1' IDENTIFIED BY '$password';
CREATE USER 'lockscope'@'localhost' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON \`lockscope%\`.* TO 'lockscope'@'127.0.0.1';
GRANT ALL PRIVILEGES ON \`lockscope%\`.* TO 'lockscope'@'localhost';
-- PROCESS: the statement sync reads information_schema.INNODB_LOCK_WAITS (docs/live.md).
GRANT PROCESS ON *.* TO 'lockscope'@'127.0.0.1';
GRANT PROCESS ON *.* TO 'lockscope'@'localhost';
SQL
  echo "127.0.0.1:$port/lockscope" >"$dir/address"
  cat "$dir/address"
}

stop() {
  local dir=$1
  [[ -d "$dir" ]] || return 0
  dir=$(cd "$dir" && pwd)
  # InnoDB's clean shutdown takes a moment: up to 30 s.
  stop_recorded_server "$dir" server.pid TERM 300
  rm -f "$dir/server.pid" "$dir/address"
}

case "${1:-}" in
  start) [[ $# -eq 2 ]] || die "usage: mariadb-server.sh start DIR"; start "$2" ;;
  stop) [[ $# -eq 2 ]] || die "usage: mariadb-server.sh stop DIR"; stop "$2" ;;
  *) die "usage: mariadb-server.sh start DIR | stop DIR" ;;
esac
