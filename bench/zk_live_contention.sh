#!/usr/bin/env bash
# Live contention benchmark (issue 5): N clients (1, 4, 16), each with its own session, loop
# acquire/release of one zk-curator lock for S seconds against a fresh standalone ZooKeeper on
# loopback (tickTime=200, forceSync=no; tests/support/zk-server.sh). Prints, per N: cycles/s,
# requests per cycle as counted by the server (mntr zk_packets_received, so pings and session
# set-up count too), and mean / p99 hand-off latency (release to the next holder's grant).
#
#   bench/zk_live_contention.sh [SECONDS] [BUILD_DIR]     defaults: 10, build
#
# PIPELINE=1 turns on zk-curator's opt-in pipelining (recipe_parameters.pipeline: getChildren
# sent right behind create). Curator's InterProcessMutex, the issue's reference, does not pipeline.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/live_peers.sh
seconds=${1:-10}
build=${2:-build}
cli="$build/app/lockscope-cli"
extra=()
[[ ${PIPELINE:-0} == 1 ]] && extra=(--set recipe_parameters.pipeline=true)
server_dir=$(mktemp -d)
trap 'tests/support/zk-server.sh stop "$server_dir" >/dev/null 2>&1 || true; rm -rf "$server_dir"' EXIT
port=$(tests/support/zk-server.sh start "$server_dir")


printf '%-8s %10s %12s %14s %14s %12s\n' clients cycles/s "req/cycle" "handoff mean" "handoff p99" "client req"
for clients in 1 4 16; do
  before=$(zk_packets_received "$port")
  report=$("$cli" run bench/zk-live-contention.yaml --live "zk=127.0.0.1:$port" --json \
    --set "clients=$clients" --set "max_virtual_ms=$(( seconds * 1000 ))" "${extra[@]}")
  after=$(zk_packets_received "$port")
  python3 - "$report" "$before" "$after" "$clients" <<'PY'
import json, sys
report, before, after, clients = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
metrics = report["metrics"]
cycles = report["acquisitions"]
elapsed_s = report["virtual_us"] / 1e6
print(f"{clients:<8} {cycles / elapsed_s:10.0f} {(after - before) / max(cycles, 1):12.2f} "
      f"{metrics['handoff_mean_us'] / 1000:11.2f} ms {metrics['handoff_p99_us'] / 1000:11.2f} ms "
      f"{report['requests'] / max(cycles, 1):12.2f}")
PY
done
