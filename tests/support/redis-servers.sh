#!/usr/bin/env bash
# Starts and stops real Redis servers (Debian's `redis-server` package) on free loopback ports,
# for the live Redis tests, the benchmark and live mode. Every wait is bounded. Never uses 6379:
# Debian's package may run its own service there.
#
#   redis-servers.sh start DIR N   N independent servers; prints their HOST:PORT list, comma
#                                  separated (the value of `--live redis=`)
#   redis-servers.sh stop DIR      stops whatever `start` started in DIR
#
# Each server runs from its own config file DIR/redis-PORT.conf (daemonized, no RDB snapshots,
# no AOF: a killed server comes back empty), so lockscope's restart_instance can start it again
# the same way (INFO server names the executable and the config file). DIR gets DIR/ports (one a
# line), DIR/servers (the comma list), the pid files and the logs. Environment: REDIS_SERVER
# (default: redis-server on PATH), REDIS_START_TIMEOUT_S (default 10).
set -euo pipefail

START_TIMEOUT_S=${REDIS_START_TIMEOUT_S:-10}

die() { echo "redis-servers.sh: $*" >&2; exit 1; }

source "$(dirname "${BASH_SOURCE[0]}")/free-ports.sh"

# PONG within the bound, or fail.
wait_until_answering() {
  local port=$1 deadline=$(( SECONDS + START_TIMEOUT_S ))
  until [[ "$(timeout 1 redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" == PONG ]]; do
    (( SECONDS < deadline )) || return 1
    sleep 0.05
  done
}

start() {
  local dir=$1 count=$2 server
  [[ "$count" =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$count'"
  server=$(command -v "${REDIS_SERVER:-redis-server}") || die "redis-server not found (apt-get install redis-server)"
  command -v redis-cli >/dev/null || die "redis-cli not found (apt-get install redis-tools)"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  local ports=() list=""
  read -r -a ports <<<"$(pick_free_ports "$count")"
  : >"$dir/ports"
  for port in "${ports[@]}"; do
    cat >"$dir/redis-$port.conf" <<CONF
port $port
bind 127.0.0.1
daemonize yes
pidfile $dir/redis-$port.pid
logfile $dir/redis-$port.log
dir $dir
save ""
appendonly no
CONF
    # An absolute path: Redis derives INFO's `executable` from argv[0].
    "$server" "$dir/redis-$port.conf" || die "redis-server on port $port did not start (see $dir/redis-$port.log)"
    echo "$port" >>"$dir/ports"
  done
  for port in "${ports[@]}"; do
    wait_until_answering "$port" || die "redis-server on port $port does not answer (see $dir/redis-$port.log)"
    list+="${list:+,}127.0.0.1:$port"
  done
  echo "$list" >"$dir/servers"
  echo "$list"
}

stop() {
  local dir=$1 pid
  [[ -d "$dir" ]] || return 0
  for pidfile in "$dir"/redis-*.pid; do
    [[ -f "$pidfile" ]] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    # Gone, or a zombie: a daemonized server's new parent may never reap it.
    for _ in $(seq 100); do
      kill -0 "$pid" 2>/dev/null || break
      [[ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" == Z ]] && break
      sleep 0.05
    done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
  # Servers SIGKILLed by a run leave their pid file behind; any still listening on our ports
  # were restarted by it and wrote a new one, handled above.
  rm -f "$dir/ports" "$dir/servers"
}

case "${1:-}" in
  start) [[ $# -eq 3 ]] || die "usage: redis-servers.sh start DIR N"; start "$2" "$3" ;;
  stop) [[ $# -eq 2 ]] || die "usage: redis-servers.sh stop DIR"; stop "$2" ;;
  *) die "usage: redis-servers.sh start DIR N | stop DIR" ;;
esac
