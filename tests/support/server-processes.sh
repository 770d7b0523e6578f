# Sourced by the server scripts (redis-servers.sh, pg-server.sh, mariadb-server.sh): whether a recorded pid is still
# the server it was, and a bounded wait for one to end.

# True when `pid` runs (and is no zombie) with a command line that matches `pattern` (grep's
# basic regex): a pid recorded long ago may belong to another process by now.
process_runs() {
  local pid=$1 pattern=$2
  [[ -n $pid && -r /proc/$pid/cmdline ]] &&
    [[ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" != Z ]] &&
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$pattern"
}

# Gone, or a zombie nobody reaps yet, within `tenths` tenths of a second (default 50: 5 s).
wait_gone() {
  local pid=$1 tenths=${2:-50} i
  for (( i = 0; i < tenths * 2; i++ )); do
    kill -0 "$pid" 2>/dev/null || return 0
    [[ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" == Z ]] && return 0
    sleep 0.05
  done
  return 1
}

# Stops the server whose pid DIR/PIDFILE recorded, if that pid is still the server of DIR
# (is_our_server PID DIR, which the caller defines): SIGNAL, up to TENTHS tenths of a second for
# it to end, then SIGKILL.
stop_recorded_server() {
  local dir=$1 pidfile=$2 signal=$3 tenths=$4 pid
  pid=$(cat "$dir/$pidfile" 2>/dev/null || true)
  if is_our_server "$pid" "$dir"; then
    kill "-$signal" "$pid" 2>/dev/null || true
    wait_gone "$pid" "$tenths" || kill -KILL "$pid" 2>/dev/null || true
  fi
}
