# Sourced by the server scripts (redis-servers.sh, mariadb-server.sh): free ports for the test
# servers (free-ports.sh) and the processes of the servers they started. A pid recorded long ago
# may belong to another process by now, so each script also checks the command line before it
# signals. The caller defines die().

source "$(dirname "${BASH_SOURCE[0]}")/free-ports.sh"

# True when `pid` runs and is not a zombie nobody reaps yet.
pid_alive() {
  local pid=$1
  [[ -n $pid && -r /proc/$pid/cmdline ]] && [[ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" != Z ]]
}

# The command line of `pid`, its arguments separated by spaces.
pid_command_line() {
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null
}

# Waits up to `tenths` tenths of a second (default 50) until `pid` is gone or a zombie.
wait_gone() {
  local pid=$1 tenths=${2:-50} i
  for (( i = 0; i < tenths * 2; i++ )); do
    kill -0 "$pid" 2>/dev/null || return 0
    [[ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" == Z ]] && return 0
    sleep 0.05
  done
  return 1
}
