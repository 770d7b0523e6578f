#!/usr/bin/env bash
# Starts and stops real ZooKeeper 3.8 servers (Debian's `zookeeper` package) on free loopback ports,
# for the differential tests and for live mode. Every wait is bounded.
#
#   zk-server.sh start DIR              standalone server; prints its client port
#   zk-server.sh start-ensemble DIR N   N servers (N >= 1) in one quorum; prints the client ports,
#                                       comma separated (host:port list for clients)
#   zk-server.sh stop DIR               stops whatever `start`/`start-ensemble` started in DIR
#   zk-server.sh kill-server DIR N      SIGKILLs server N (1-based), as a crash would
#   zk-server.sh kill-leader DIR        SIGKILLs whichever server leads now; prints its number
#   zk-server.sh restart-server DIR N   starts server N again on its config and data dir; waits
#                                       (bounded) until its client port accepts connections
#   zk-server.sh control DIR ACTION zookeeper WHICH SERVERS
#                                       the LOCKSCOPE_SERVER_CONTROL protocol
#                                       (backends/live/server_control_program.h): kill leader|N,
#                                       restart N, only on servers this script started in DIR
#
# `start` and `start-ensemble` also write DIR/control, a program for LOCKSCOPE_SERVER_CONTROL that
# runs `control` on DIR: `LOCKSCOPE_SERVER_CONTROL=DIR/control lockscope-cli run --live zk=...`.
#
# DIR gets a fresh data dir per server, DIR/port (first client port), DIR/ports (all, one a line),
# DIR/pid (all pids, one a line) and the server logs. Environment: ZK_JAR_DIR (default
# /usr/share/java), JAVA (default java), ZK_START_TIMEOUT_S (default 30), ZK_STOP_WITH_PID (a
# test's pid: its servers are killed when it is gone, so that a test killed by a timeout before
# its `stop` leaves no JVM behind).
set -euo pipefail

JAR_DIR=${ZK_JAR_DIR:-/usr/share/java}
JAVA=${JAVA:-java}
START_TIMEOUT_S=${ZK_START_TIMEOUT_S:-30}
CLASSPATH_ZK="$JAR_DIR/zookeeper.jar:$JAR_DIR/slf4j-simple.jar"

die() { echo "zk-server.sh: $*" >&2; exit 1; }

# Sends a four-letter word; prints the reply (empty when nothing listens). Bounded by `timeout`.
four_letter_word() {
  local port=$1 word=$2
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf '%s' '$word' >&3 && cat <&3" \
    2>/dev/null || true
}

# Free loopback ports (a race with another process is caught later by the `conf` check).
source "$(dirname "${BASH_SOURCE[0]}")/free-ports.sh"

write_config() {
  local server_dir=$1 client_port=$2
  mkdir -p "$server_dir/data"
  cat >"$server_dir/zoo.cfg" <<CFG
tickTime=200
# No fsync per transaction: a test server on a shared disk would otherwise spend 10-30 ms a write.
forceSync=no
initLimit=10
syncLimit=5
dataDir=$server_dir/data
clientPort=$client_port
clientPortAddress=127.0.0.1
maxClientCnxns=0
admin.enableServer=false
4lw.commands.whitelist=ruok,srvr,mntr,stat,conf
CFG
}

launch() {
  local server_dir=$1 pid
  # setsid: the server outlives this script and is not hit by signals sent to the caller's group.
  setsid "$JAVA" -Xmx128m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -cp "$CLASSPATH_ZK" org.apache.zookeeper.server.quorum.QuorumPeerMain "$server_dir/zoo.cfg" \
    </dev/null >"$server_dir/server.log" 2>&1 &
  pid=$!
  if [[ -n ${ZK_STOP_WITH_PID:-} ]]; then watch_owner "$ZK_STOP_WITH_PID" "$pid" "$server_dir/zoo.cfg"; fi
  echo "$pid"
}

# Kills server `pid` once `owner` is gone - only while `pid` is still the JVM started on `config`
# (its command line names it), never a process that took the number over.
watch_owner() {
  local owner=$1 pid=$2 config=$3
  setsid bash -c '
    owner=$1 pid=$2 config=$3
    ours() { tr "\0" " " </proc/$pid/cmdline 2>/dev/null | grep -qF -- "$config"; }
    while kill -0 "$owner" 2>/dev/null && ours; do sleep 2; done
    if ! kill -0 "$owner" 2>/dev/null && ours; then kill -KILL "$pid"; fi
  ' zk-owner-watch "$owner" "$pid" "$config" </dev/null >/dev/null 2>&1 &
}

# Ready = `srvr` answers with a Mode line, and `conf` shows our data dir (so a server somebody else
# started on the same port in a race is never mistaken for ours).
is_ready() {
  local port=$1 server_dir=$2
  [[ $(four_letter_word "$port" srvr) == *"Mode: "* ]] &&
    [[ $(four_letter_word "$port" conf) == *"dataDir=$server_dir/data"* ]]
}

wait_until_ready() {
  local deadline=$(( SECONDS + START_TIMEOUT_S )) i
  local -n ports_ref=$1 pids_ref=$2 dirs_ref=$3
  while (( SECONDS < deadline )); do
    local all_ready=1
    for i in "${!ports_ref[@]}"; do
      kill -0 "${pids_ref[$i]}" 2>/dev/null || return 1
      is_ready "${ports_ref[$i]}" "${dirs_ref[$i]}" || all_ready=0
    done
    (( all_ready )) && return 0
    sleep 0.2
  done
  return 1
}

stop_pids() {
  local pid deadline
  for pid in "$@"; do kill -TERM "$pid" 2>/dev/null || true; done
  deadline=$(( SECONDS + 10 ))
  for pid in "$@"; do
    while kill -0 "$pid" 2>/dev/null && (( SECONDS < deadline )); do sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  done
  for pid in "$@"; do
    deadline=$(( SECONDS + 5 ))
    while kill -0 "$pid" 2>/dev/null && (( SECONDS < deadline )); do sleep 0.1; done
  done
}

# Starts `count` servers (count 1 = standalone). Retries with new ports if a port was taken.
start_servers() {
  local dir=$1 count=$2 attempt
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [[ -e "$dir/pid" ]] && die "$dir/pid exists: stop that server first"
  for attempt in 1 2 3; do
    local ports=() pids=() dirs=() i
    read -r -a ports <<<"$(pick_free_ports $(( count * 3 )))"
    local client_ports=("${ports[@]:0:count}")
    for (( i = 0; i < count; i++ )); do
      local server_dir="$dir/server$(( i + 1 ))"
      rm -rf "$server_dir"
      write_config "$server_dir" "${client_ports[$i]}"
      dirs+=("$server_dir")
    done
    if (( count > 1 )); then
      for (( i = 0; i < count; i++ )); do
        echo $(( i + 1 )) >"${dirs[$i]}/data/myid"
        local j
        for (( j = 0; j < count; j++ )); do
          echo "server.$(( j + 1 ))=127.0.0.1:${ports[count + 2 * j]}:${ports[count + 2 * j + 1]}" \
            >>"${dirs[$i]}/zoo.cfg"
        done
      done
    fi
    for (( i = 0; i < count; i++ )); do pids+=("$(launch "${dirs[$i]}")"); done
    if wait_until_ready client_ports pids dirs; then
      printf '%s\n' "${pids[@]}" >"$dir/pid"
      write_control "$dir"
      printf '%s\n' "${client_ports[@]}" >"$dir/ports"
      echo "${client_ports[0]}" >"$dir/port"
      if (( count == 1 )); then
        echo "${client_ports[0]}"
      else
        local hosts=() p
        for p in "${client_ports[@]}"; do hosts+=("127.0.0.1:$p"); done
        (IFS=,; echo "${hosts[*]}")
      fi
      return 0
    fi
    stop_pids "${pids[@]}"
    echo "zk-server.sh: attempt $attempt failed; last log lines:" >&2
    tail -n 5 "${dirs[0]}/server.log" >&2 || true
  done
  die "could not start ZooKeeper within ${START_TIMEOUT_S}s (3 attempts)"
}

stop_servers() {
  local dir=$1
  [[ -f "$dir/pid" ]] || { echo "zk-server.sh: nothing to stop in $dir" >&2; return 0; }
  local pids=()
  mapfile -t pids <"$dir/pid"
  stop_pids "${pids[@]}"
  rm -f "$dir/pid" "$dir/control"
}

server_pid() { sed -n "${2}p" "$1/pid"; }

# DIR/control: runs `control` on DIR. %q quotes any directory name (quotes, spaces) for bash.
write_control() {
  local dir=$1 self
  self="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"
  {
    echo '#!/usr/bin/env bash'
    echo '# LOCKSCOPE_SERVER_CONTROL for the ZooKeeper servers zk-server.sh started here.'
    printf 'exec %q control %q "$@"\n' "$self" "$dir"
  } >"$dir/control"
  chmod 700 "$dir/control"
}

# True when `pid` still runs server N of DIR (its command line names that server's config): a pid
# recorded long ago may belong to another process by now.
is_our_server() {
  local pid=$1 dir=$2 number=$3
  [[ -r /proc/$pid/cmdline ]] && tr '\0' '\n' <"/proc/$pid/cmdline" | grep -qxF "$dir/server$number/zoo.cfg"
}

# The run's server list ("127.0.0.1:P,...") must name only servers of DIR.
check_servers_are_ours() {
  local dir=$1 list=$2 item port ports=()
  mapfile -t ports <"$dir/ports"
  IFS=, read -r -a items <<<"$list"
  (( ${#items[@]} > 0 )) || die "control: no server list given"
  for item in "${items[@]}"; do
    port=${item##*:}
    [[ ${item%:*} == 127.0.0.1 || ${item%:*} == localhost ]] || die "control: $item is not a server started in $dir"
    printf '%s\n' "${ports[@]}" | grep -qxF -- "$port" || die "control: $item is not a server started in $dir"
  done
}

control() {
  local dir=$1 action=$2 service=$3 which=$4 servers=$5
  [[ $service == zookeeper ]] || die "control: this program drives ZooKeeper servers, not '$service'"
  check_servers_are_ours "$dir" "$servers"
  case "$action" in
    kill)
      if [[ $which == leader ]]; then kill_leader "$dir"; return; fi
      [[ $which =~ ^[1-9][0-9]*$ ]] || die "control: kill takes leader or a server number, got '$which'"
      kill_server "$dir" "$which"
      echo "$which" ;;
    restart)
      [[ $which =~ ^[1-9][0-9]*$ ]] || die "control: restart takes a server number, got '$which'"
      restart_server "$dir" "$which" ;;
    *) die "control: unknown action '$action' (kill or restart)" ;;
  esac
}

kill_server() {
  local dir=$1 number=$2 pid
  pid=$(server_pid "$dir" "$number")
  [[ -n $pid ]] || die "no server $number in $dir"
  is_our_server "$pid" "$dir" "$number" || die "server $number of $dir is not running"
  kill -KILL "$pid" 2>/dev/null || true
  local deadline=$(( SECONDS + 5 ))
  while kill -0 "$pid" 2>/dev/null && (( SECONDS < deadline )); do sleep 0.05; done
}

kill_leader() {
  local dir=$1 ports=() i
  mapfile -t ports <"$dir/ports"
  for i in "${!ports[@]}"; do
    if [[ $(four_letter_word "${ports[$i]}" srvr) == *"Mode: leader"* ]]; then
      kill_server "$dir" $(( i + 1 ))
      echo $(( i + 1 ))
      return 0
    fi
  done
  die "no leader found in $dir (a standalone server has none)"
}

restart_server() {
  local dir=$1 number=$2 ports=() pid deadline
  mapfile -t ports <"$dir/ports"
  local port=${ports[$(( number - 1 ))]:-}
  [[ -n $port ]] || die "no server $number in $dir"
  pid=$(server_pid "$dir" "$number")
  ! is_our_server "$pid" "$dir" "$number" || die "server $number of $dir is running already"
  pid=$(launch "$dir/server$number")
  sed -i "${number}s/.*/$pid/" "$dir/pid"
  deadline=$(( SECONDS + START_TIMEOUT_S ))
  while (( SECONDS < deadline )); do
    port_is_free "$port" || return 0
    sleep 0.1
  done
  die "server $number did not listen on $port within ${START_TIMEOUT_S}s"
}

case "${1:-}" in
  start) [[ $# -eq 2 ]] || die "usage: zk-server.sh start DIR"; start_servers "$2" 1 ;;
  start-ensemble)
    [[ $# -eq 3 && $3 =~ ^[1-9][0-9]*$ ]] || die "usage: zk-server.sh start-ensemble DIR N"
    start_servers "$2" "$3" ;;
  stop) [[ $# -eq 2 ]] || die "usage: zk-server.sh stop DIR"; stop_servers "$2" ;;
  kill-server) [[ $# -eq 3 ]] || die "usage: zk-server.sh kill-server DIR N"; kill_server "$2" "$3" ;;
  kill-leader) [[ $# -eq 2 ]] || die "usage: zk-server.sh kill-leader DIR"; kill_leader "$2" ;;
  restart-server)
    [[ $# -eq 3 ]] || die "usage: zk-server.sh restart-server DIR N"; restart_server "$2" "$3" ;;
  control)
    [[ $# -eq 6 ]] || die "usage: zk-server.sh control DIR kill|restart zookeeper WHICH SERVERS"
    control "$2" "$3" "$4" "$5" "$6" ;;
  *) die "usage: zk-server.sh start DIR | start-ensemble DIR N | stop DIR | kill-server DIR N |" \
         "kill-leader DIR | restart-server DIR N" ;;
esac
