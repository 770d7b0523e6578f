#!/usr/bin/env bash
# Live database benchmark (issue 17): against a fresh PostgreSQL 15 on loopback
# (tests/support/pg-server.sh), side by side in one run:
#   1. pgbench, one connection, extended protocol, running db-for-update's five statements
#      (bench/pgbench-for-update.sql) for S seconds: cycles/s;
#   2. one lockscope client looping db-for-update acquire + read + write + release live for S
#      seconds: cycles/s, and the ratio to pgbench (target >= 0.8x).
#
#   bench/database_live.sh [SECONDS] [BUILD_DIR]     defaults: 5, build
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/live_peers.sh
seconds=${1:-5}
build=${2:-build}
cli="$build/app/lockscope-cli"
server_dir=$(mktemp -d)
chmod 755 "$server_dir"
trap 'tests/support/pg-server.sh stop "$server_dir" >/dev/null 2>&1 || true; rm -rf "$server_dir"' EXIT
address=$(tests/support/pg-server.sh start "$server_dir")
hostport=${address%%/*}
host=${hostport%%:*}
port=${hostport##*:}
database=${address##*/}
export PGHOST=$host PGPORT=$port PGUSER=lockscope PGDATABASE=$database
echo "uptime: $(uptime)"
pg_create_bench_table
pg_tps=$(pg_for_update_tps "$seconds")
report=$(LOCKSCOPE_PG_USER=lockscope "$cli" run bench/database-live-loop.yaml --json \
  --set "max_virtual_ms=$(( seconds * 1000 ))" --live "pg=$address")
python3 - "$report" "$pg_tps" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
pg_tps = float(sys.argv[2])
cycles = report["acquisitions"] / (report["virtual_us"] / 1e6)
print(f"pgbench -c 1 -M extended: {pg_tps:.0f} cycles/s (5 statements each)")
print(f"lockscope db-for-update live: {cycles:.0f} cycles/s; ratio {cycles / pg_tps:.2f} (target >= 0.80)")
PY
echo "uptime: $(uptime)"
