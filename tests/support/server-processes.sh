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
