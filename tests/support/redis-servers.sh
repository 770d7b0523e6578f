#!/usr/bin/env bash
# Starts and stops real Redis servers (Debian's `redis-server` package) on free loopback ports,
# for the live Redis tests, the benchmark and live mode. Every wait is bounded. Never uses 6379:
# Debian's package may run its own service there.
#
#   redis-servers.sh start DIR N   N independent servers; prints their HOST:PORT list, comma
#                                  separated (the value of `--live redis=`)
#   redis-servers.sh stop DIR      stops whatever `start` started in DIR
#   redis-servers.sh control DIR kill|restart redis N SERVER
#                                  the LOCKSCOPE_SERVER_CONTROL protocol
#                                  (backends/live/server_control_program.h), only on servers this
#                                  script started in DIR
#
# Each server runs in the foreground of a process of its own (setsid), from its own config file
# DIR/redis-PORT.conf (no RDB snapshots, no AOF: a killed server comes back empty); the script
# records its pid in DIR/redis-PORT.pid itself. DIR gets DIR/ports (one a line), DIR/servers (the
# comma list), DIR/control (a program for LOCKSCOPE_SERVER_CONTROL that runs `control` on DIR) and
# the logs. Environment: REDIS_SERVER (default: redis-server on PATH), REDIS_START_TIMEOUT_S
# (default 10).
set -euo pipefail

START_TIMEOUT_S=${REDIS_START_TIMEOUT_S:-10}

die() { echo "redis-servers.sh: $*" >&2; exit 1; }

source "$(dirname "${BASH_SOURCE[0]}")/server-processes.sh"

# PONG within the bound, or fail.
wait_until_answering() {
  local port=$1 deadline=$(( SECONDS + START_TIMEOUT_S ))
  until [[ "$(timeout 1 redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" == PONG ]]; do
    (( SECONDS < deadline )) || return 1
    sleep 0.05
  done
}

# Starts the server of DIR/redis-PORT.conf and records its pid. Its output goes to its log, so
# that nothing holds the caller's pipes open.
launch() {
  local dir=$1 port=$2
  setsid "$(cat "$dir/executable")" "$dir/redis-$port.conf" </dev/null >>"$dir/redis-$port.log" 2>&1 &
  echo $! >"$dir/redis-$port.pid"
}

# True when `pid` still runs the server of `port` (Redis titles itself "redis-server 127.0.0.1:PORT").
is_our_server() {
  local pid=$1 port=$2
  pid_alive "$pid" && pid_command_line "$pid" | grep -q -- ":$port\b"
}

start() {
  local dir=$1 count=$2 server
  [[ "$count" =~ ^[1-9][0-9]*$ ]] || die "N must be a positive number, got '$count'"
  server=$(command -v "${REDIS_SERVER:-redis-server}") || die "redis-server not found (apt-get install redis-server)"
  command -v redis-cli >/dev/null || die "redis-cli not found (apt-get install redis-tools)"
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  echo "$server" >"$dir/executable"
  local ports=() list=""
  read -r -a ports <<<"$(pick_free_ports "$count")"
  : >"$dir/ports"
  for port in "${ports[@]}"; do
    cat >"$dir/redis-$port.conf" <<CONF
port $port
bind 127.0.0.1
daemonize no
dir $dir
save ""
appendonly no
CONF
    launch "$dir" "$port"
    echo "$port" >>"$dir/ports"
  done
  for port in "${ports[@]}"; do
    wait_until_answering "$port" || die "redis-server on port $port does not answer (see $dir/redis-$port.log)"
    list+="${list:+,}127.0.0.1:$port"
  done
  echo "$list" >"$dir/servers"
  local self
  self="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
  {
    echo '#!/usr/bin/env bash'
    echo '# LOCKSCOPE_SERVER_CONTROL for the Redis servers redis-servers.sh started here.'
    printf 'exec %q control %q "$@"\n' "$self" "$dir"
  } >"$dir/control"
  chmod 700 "$dir/control"
  echo "$list"
}

stop() {
  local dir=$1 pid port
  [[ -d "$dir" ]] || return 0
  for pidfile in "$dir"/redis-*.pid; do
    [[ -f "$pidfile" ]] || continue
    pid=$(cat "$pidfile")
    port=${pidfile##*/redis-}
    port=${port%.pid}
    if is_our_server "$pid" "$port"; then
      kill "$pid" 2>/dev/null || true
      wait_gone "$pid" || kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
  done
  rm -f "$dir/ports" "$dir/servers" "$dir/control"
}

control() {
  local dir=$1 action=$2 service=$3 number=$4 server=$5 ports=() port pid
  [[ $service == redis ]] || die "control: this program drives Redis servers, not '$service'"
  [[ $number =~ ^[1-9][0-9]*$ ]] || die "control: N must be a number from 1, got '$number'"
  mapfile -t ports <"$dir/ports"
  port=${ports[$(( number - 1 ))]:-}
  [[ -n $port ]] || die "control: no server $number in $dir"
  [[ $server == "127.0.0.1:$port" || $server == "localhost:$port" ]] ||
    die "control: $server is not server $number started in $dir"
  pid=$(cat "$dir/redis-$port.pid" 2>/dev/null || true)
  case "$action" in
    kill)
      is_our_server "$pid" "$port" || die "control: server $number ($server) is not running"
      kill -KILL "$pid"
      wait_gone "$pid" || die "control: server $number did not die" ;;
    restart)
      ! is_our_server "$pid" "$port" || die "control: server $number ($server) is running already"
      launch "$dir" "$port"
      wait_until_answering "$port" || die "control: server $number does not answer after the restart" ;;
    *) die "control: unknown action '$action' (kill or restart)" ;;
  esac
}

case "${1:-}" in
  start) [[ $# -eq 3 ]] || die "usage: redis-servers.sh start DIR N"; start "$2" "$3" ;;
  stop) [[ $# -eq 2 ]] || die "usage: redis-servers.sh stop DIR"; stop "$2" ;;
  control)
    [[ $# -eq 6 ]] || die "usage: redis-servers.sh control DIR kill|restart redis N SERVER"
    control "$2" "$3" "$4" "$5" "$6" ;;
  *) die "usage: redis-servers.sh start DIR N | stop DIR | control DIR ACTION redis N SERVER" ;;
esac
