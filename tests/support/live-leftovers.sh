#!/usr/bin/env bash
# Runs after every live test (CTest DEPENDS) against the shared fixture servers: no live run left
# anything behind - no ZooKeeper namespace under /lockscope, no Redis key with a lockscope: prefix.
#
#   live-leftovers.sh LOCKSCOPE_CLI ZK_DIR REDIS_DIR
set -euo pipefail
cli=$1 zk_dir=$2 redis_dir=$3
status=0

listing=$(printf 'ls /lockscope\n' | "$cli" shell --live "127.0.0.1:$(cat "$zk_dir/port")" 2>&1 | tail -n 1 || true)
case "$listing" in
  "Node does not exist: /lockscope" | "[]") ;;
  *) echo "live-leftovers.sh: ZooKeeper keeps /lockscope children: $listing" >&2; status=1 ;;
esac

while read -r port; do
  [[ -n $port ]] || continue
  keys=$(timeout 10 redis-cli -h 127.0.0.1 -p "$port" --scan --pattern 'lockscope:*' | head -n 5)
  if [[ -n $keys ]]; then
    echo "live-leftovers.sh: Redis on port $port keeps run keys: $(echo "$keys" | tr '\n' ' ')" >&2
    status=1
  fi
done <"$redis_dir/ports"

exit $status
