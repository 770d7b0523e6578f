#!/usr/bin/env bash
# Live Redis benchmark (issue 6): against fresh redis-servers on loopback
# (tests/support/redis-servers.sh: no persistence),
#   1. redis-benchmark's rates, one connection, no pipelining, of SET k v NX PX 30000 (r_set) and
#      of the compare-and-delete EVAL with our Lua (r_eval);
#   2. one lockscope client looping redis-lock acquire + release for S seconds: cycles/s against
#      the pair bound 1 / (1/r_set + 1/r_eval) (target >= 0.8x);
#   3. acquisition latency (acquiring -> acquired in the trace), mean and p99: redlock over five
#      instances against redis-lock on one (target <= 1.5x: Redlock sends to all five at once).
#
#   bench/redis_live.sh [SECONDS] [BUILD_DIR]     defaults: 5, build
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/live_peers.sh
seconds=${1:-5}
build=${2:-build}
cli="$build/app/lockscope-cli"
server_dir=$(mktemp -d)
trace=$(mktemp)
trap 'tests/support/redis-servers.sh stop "$server_dir" >/dev/null 2>&1 || true; rm -rf "$server_dir" "$trace"' EXIT
servers=$(tests/support/redis-servers.sh start "$server_dir" 5)
first=${servers%%,*}
port=${first##*:}
lua=$(redis_compare_and_delete_lua)
rate() { redis_command_rate "$port" 50000 "$@"; }
echo "uptime: $(uptime)"
r_set=$(rate SET k v NX PX 30000)
r_eval=$(rate EVAL "$lua" 1 k v)
echo "redis-benchmark -c 1: SET NX PX $r_set/s, compare-and-delete EVAL $r_eval/s"

loop() {  # recipe instances [--trace FILE] -> the JSON report
  "$cli" run bench/redis-live-loop.yaml --json "${@:3}" --set "recipe=$1" \
    --set "redis.instances=$2" --set "max_virtual_ms=$(( seconds * 1000 ))" \
    --live "redis=$(echo "$servers" | cut -d, -f1-"$2")"
}
latency() {  # mean and p99 of acquiring -> acquired, in microseconds
  python3 - "$trace" <<'PY'
import json, sys
start, waits = {}, []
for line in open(sys.argv[1]):
    event = json.loads(line)
    if event["kind"] != "lock": continue
    if event["op"] == "acquiring": start[event["actor"]] = event["t"]
    elif event["op"] == "acquired" and event["actor"] in start:
        waits.append(event["t"] - start.pop(event["actor"]))
waits.sort()
print(f"{sum(waits) / len(waits):.1f} {waits[min(len(waits) - 1, int(len(waits) * 0.99))]:.1f} {len(waits)}")
PY
}
# Cycles without a trace file (writing it costs the loop); latencies from a second run with one.
single=$(loop redis-lock 1)
loop redis-lock 1 --trace "$trace" >/dev/null
read -r single_mean single_p99 single_n <<<"$(latency)"
loop redlock 5 --trace "$trace" >/dev/null
read -r redlock_mean redlock_p99 redlock_n <<<"$(latency)"
python3 - "$single" "$r_set" "$r_eval" "$single_mean" "$single_p99" "$single_n" \
  "$redlock_mean" "$redlock_p99" "$redlock_n" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
r_set, r_eval = float(sys.argv[2]), float(sys.argv[3])
s_mean, s_p99, s_n, r_mean, r_p99, r_n = map(float, sys.argv[4:])
cycles = report["acquisitions"] / (report["virtual_us"] / 1e6)
bound = 1 / (1 / r_set + 1 / r_eval)
print(f"redis-lock loop: {cycles:.0f} cycles/s; pair bound {bound:.0f}/s; ratio {cycles / bound:.2f} (target >= 0.80)")
print(f"acquisition latency, redis-lock x1: mean {s_mean:.0f} us, p99 {s_p99:.0f} us ({s_n:.0f} acquisitions)")
print(f"acquisition latency, redlock x5:    mean {r_mean:.0f} us, p99 {r_p99:.0f} us ({r_n:.0f} acquisitions)")
print(f"redlock / single: mean {r_mean / s_mean:.2f}x, p99 {r_p99 / s_p99:.2f}x (target <= 1.50)")
PY
echo "uptime: $(uptime)"
