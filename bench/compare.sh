#!/usr/bin/env bash
# Lockscope against its peers, side by side in one run (issue 22). Starts its own ZooKeeper, Redis
# and PostgreSQL on free loopback ports with fresh data dirs under one temp dir (the tests' own
# tests/support/*-server(s).sh), measures each pair interleaved - Lockscope, peer, Lockscope,
# peer - for several rounds, so that both sides of a ratio see the same server and the same load,
# and prints one table: row, Lockscope, peer, ratio, verdict, with the machine, date and load.
#
#   bench/compare.sh [--quick] [--update-docs]
#
#   --quick        a smoke run of about a minute: 1 round x 2 s, 60 GUI frames
#   --update-docs  also rewrite the block between <!-- compare:begin --> and <!-- compare:end -->
#                  in docs/performance.md with the table and the command
#   BUILD=DIR      build directory (default build; configured RelWithDebInfo when missing)
#   ROUNDS=N       rounds per pair (default 3)
#   SECONDS=S      seconds per measurement (default 8)
#
# On demand only: not part of ctest or CI (it takes minutes and wants an idle machine).
# The seconds are read first: bash counts $SECONDS up from the value it inherits.
requested_seconds=$SECONDS
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib/live_peers.sh

build=${BUILD:-build}
rounds=${ROUNDS:-3}
seconds=$(( requested_seconds > 0 ? requested_seconds : 8 ))
gui_frames=300
curator_warmup_s=3
update_docs=0
for argument in "$@"; do
  case "$argument" in
    --quick) rounds=1 seconds=2 gui_frames=60 curator_warmup_s=1 ;;
    --update-docs) update_docs=1 ;;
    *) echo "usage: bench/compare.sh [--quick] [--update-docs]  (env: BUILD, ROUNDS, SECONDS)" >&2; exit 2 ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "compare.sh: ROUNDS must be a positive number" >&2; exit 2; }
# The command as it ran, settings spelled out, so that the table says how to take it again.
command_line="BUILD=$build ROUNDS=$rounds SECONDS=$seconds bench/compare.sh $*"

work=$(mktemp -d)
trap stop_servers EXIT
chmod 755 "$work"  # pg-server.sh runs PostgreSQL as another user when we are root
results=$work/results.tsv
meta=$work/meta.tsv
: >"$results"
: >"$meta"
cli=$build/app/lockscope-cli

log() { echo "compare.sh: $*" >&2; }
record() { printf '%s\t%s\t%s\n' "$@" >>"$results"; }              # KEY SIDE VALUE
record_missing() { printf '%s\t%s\tNA\t%s\n' "$@" >>"$results"; }  # KEY SIDE REASON

# ---- prerequisites: one line each, naming the Debian package --------------------------------

need_command() {  # COMMAND PACKAGE
  command -v "$1" >/dev/null || { echo "compare.sh: $1 not found: apt-get install -y $2" >&2; exit 1; }
}
need_file() {  # FILE PACKAGE
  [[ -e $1 ]] || { echo "compare.sh: $1 not found: apt-get install -y $2" >&2; exit 1; }
}
check_prerequisites() {
  need_command cmake cmake
  need_command ninja ninja-build
  need_command python3 python3
  need_command java openjdk-17-jdk-headless
  need_command javac openjdk-17-jdk-headless
  need_file /usr/share/java/zookeeper.jar zookeeper
  need_file /usr/share/java/curator-recipes.jar libcurator-recipes-java
  need_command redis-server redis-server
  need_command redis-benchmark redis-tools
  need_command redis-cli redis-tools
  need_file /usr/lib/postgresql/15/bin/postgres postgresql-15
  need_command pgbench postgresql-client-15
  need_command psql postgresql-client-15
}

# ---- building ---------------------------------------------------------------------------------

build_lockscope() {
  [[ -f $build/build.ninja ]] ||
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
  # -j2 at most: the benchmark machine is shared, and a build beside the runs would skew them.
  ninja -C "$build" -j2 lockscope-cli lockscope bench_engine >&2
}

# Curator's harness, compiled against Debian's jars: Curator, ZooKeeper and what they load.
curator_classpath() {
  local jar jars=()
  for jar in curator-recipes curator-framework curator-client zookeeper zookeeper-jute guava \
    slf4j-api slf4j-nop netty-handler netty-transport netty-common netty-buffer netty-resolver \
    netty-codec netty-transport-native-epoll netty-transport-native-unix-common; do
    need_file "/usr/share/java/$jar.jar" "libcurator-recipes-java"
    jars+=("/usr/share/java/$jar.jar")
  done
  (IFS=:; echo "$work/classes:${jars[*]}")
}
build_curator_harness() {
  classpath=$(curator_classpath)
  mkdir -p "$work/classes"
  javac -d "$work/classes" -cp "$classpath" bench/curator/CuratorLockLoop.java
}

# ---- servers: started once, shared by both sides of every pair, stopped on exit --------------

stop_servers() {
  tests/support/zk-server.sh stop "$work/zk" >/dev/null 2>&1 || true
  tests/support/redis-servers.sh stop "$work/redis" >/dev/null 2>&1 || true
  tests/support/pg-server.sh stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
start_servers() {
  zk_port=$(tests/support/zk-server.sh start "$work/zk")
  redis_port=$(tests/support/redis-servers.sh start "$work/redis" 1)
  redis_port=${redis_port##*:}
  mkdir -p "$work/pg" && chmod 755 "$work/pg"
  pg_address=$(tests/support/pg-server.sh start "$work/pg")
  local hostport=${pg_address%%/*}
  export PGHOST=${hostport%%:*} PGPORT=${hostport##*:} PGUSER=lockscope PGDATABASE=${pg_address##*/}
  pg_create_bench_table
  warm_up_servers
  log "servers: ZooKeeper 127.0.0.1:$zk_port, Redis 127.0.0.1:$redis_port, PostgreSQL $pg_address"
}

# A fresh server's first seconds are not its steady state (caches, the first checkpoint, its
# JIT for ZooKeeper): whichever side ran first would pay for them. One unmeasured second each.
warm_up_servers() {
  pg_for_update_tps 1 >/dev/null
  redis_command_rate "$redis_port" 5000 SET k v NX PX 30000 >/dev/null
  java -Xmx256m -cp "$classpath" CuratorLockLoop "127.0.0.1:$zk_port" 4 1 0 >/dev/null
}

# ---- ZooKeeper: Lockscope's live zk-curator against Curator's InterProcessMutex -------------

# Lockscope: bench/zk-live-contention.yaml, as bench/zk_live_contention.sh runs it. The server's
# packet count is taken around the whole process, so its session set-up counts against us.
zk_lockscope() {
  local clients=$1 before after report
  before=$(zk_packets_received "$zk_port")
  report=$("$cli" run bench/zk-live-contention.yaml --live "zk=127.0.0.1:$zk_port" --json \
    --set "clients=$clients" --set "max_virtual_ms=$(( seconds * 1000 ))")
  after=$(zk_packets_received "$zk_port")
  python3 - "$report" "$before" "$after" "$clients" <<'PY' >>"$results"
import json, sys
report, before, after, clients = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
cycles, metrics = report["acquisitions"], report["metrics"]
print(f"zk.cycles.{clients}\tours\t{cycles / (report['virtual_us'] / 1e6)}")
if clients != "1":
    print(f"zk.requests.{clients}\tours\t{(after - before) / max(cycles, 1)}")
    print(f"zk.handoff_mean.{clients}\tours\t{metrics['handoff_mean_us'] / 1000}")
    print(f"zk.handoff_p99.{clients}\tours\t{metrics['handoff_p99_us'] / 1000}")
PY
}

# Curator: the harness counts the server's packets over its measured window (after its warm-up).
zk_curator() {
  local clients=$1 report
  report=$(java -Xmx256m -cp "$classpath" CuratorLockLoop "127.0.0.1:$zk_port" "$clients" \
    "$seconds" "$curator_warmup_s")
  python3 - "$report" "$clients" <<'PY' >>"$results"
import json, sys
report, clients = json.loads(sys.argv[1]), sys.argv[2]
print(f"zk.cycles.{clients}\tpeer\t{report['cycles'] / report['seconds']}")
if clients != "1":
    print(f"zk.requests.{clients}\tpeer\t{report['packets'] / max(report['cycles'], 1)}")
    print(f"zk.handoff_mean.{clients}\tpeer\t{report['handoff_mean_us'] / 1000}")
    print(f"zk.handoff_p99.{clients}\tpeer\t{report['handoff_p99_us'] / 1000}")
PY
}

compare_zookeeper() {
  local round clients
  for round in $(seq "$rounds"); do
    for clients in 1 4 16; do
      log "ZooKeeper round $round/$rounds, $clients clients"
      zk_lockscope "$clients"
      zk_curator "$clients"
    done
  done
}

# ---- Redis: the redis-lock loop against redis-benchmark's SET NX PX + EVAL pair -------------

redis_lockscope() {
  local report
  report=$("$cli" run bench/redis-live-loop.yaml --json --set recipe=redis-lock \
    --set redis.instances=1 --set "max_virtual_ms=$(( seconds * 1000 ))" \
    --live "redis=127.0.0.1:$redis_port")
  python3 -c 'import json, sys; r = json.loads(sys.argv[1]); print(r["acquisitions"] / (r["virtual_us"] / 1e6))' \
    "$report" | xargs printf 'redis.cycles\tours\t%s\n' >>"$results"
}

# The pair bound: one lock cycle is one SET NX PX and one compare-and-delete, each a round trip,
# so a cycle cannot beat 1 / (1/r_set + 1/r_eval). A bound is the best the server allows, and load
# from elsewhere only slows a sample, so each rate is the better of two samples, taken alternately;
# about SECONDS in all.
redis_pair_bound() {
  local count=$(( seconds * 2500 )) lua r_set r_eval
  lua=$(redis_compare_and_delete_lua)
  r_set=$(redis_command_rate "$redis_port" "$count" SET k v NX PX 30000)
  r_eval=$(redis_command_rate "$redis_port" "$count" EVAL "$lua" 1 k v)
  r_set=$(better "$r_set" "$(redis_command_rate "$redis_port" "$count" SET k v NX PX 30000)")
  r_eval=$(better "$r_eval" "$(redis_command_rate "$redis_port" "$count" EVAL "$lua" 1 k v)")
  log "redis-benchmark -c 1: SET NX PX $r_set/s, compare-and-delete EVAL $r_eval/s (better of two)"
  python3 -c 'import sys; s, e = map(float, sys.argv[1:]); print(1 / (1 / s + 1 / e))' "$r_set" "$r_eval" |
    xargs printf 'redis.cycles\tpeer\t%s\n' >>"$results"
}
better() { python3 -c 'import sys; print(max(map(float, sys.argv[1:])))' "$@"; }

compare_redis() {
  local round
  for round in $(seq "$rounds"); do
    log "Redis round $round/$rounds"
    redis_lockscope
    redis_pair_bound
  done
}

# ---- PostgreSQL: the live FOR UPDATE cycle against pgbench running the same statements ------

pg_lockscope() {
  local report
  report=$(LOCKSCOPE_PG_USER=lockscope "$cli" run bench/database-live-loop.yaml --json \
    --set "max_virtual_ms=$(( seconds * 1000 ))" --live "pg=$pg_address")
  python3 -c 'import json, sys; r = json.loads(sys.argv[1]); print(r["acquisitions"] / (r["virtual_us"] / 1e6))' \
    "$report" | xargs printf 'pg.cycles\tours\t%s\n' >>"$results"
}

pg_pgbench() {
  local tps
  tps=$(pg_for_update_tps "$seconds")
  if [[ -n $tps ]]; then record pg.cycles peer "$tps"; else record_missing pg.cycles peer "pgbench gave no tps"; fi
}

compare_postgresql() {
  local round
  for round in $(seq "$rounds"); do
    log "PostgreSQL round $round/$rounds"
    pg_lockscope
    pg_pgbench
  done
}

# ---- the engine: sim::World against a bare binary-heap loop, same work ----------------------

# items_per_second of the benchmarks matching FILTER, one line each: ARG VALUE.
engine_rates() {
  local filter=$1
  "$build/bench/bench_engine" --benchmark_filter="$filter" --benchmark_format=json \
    --benchmark_min_time="$(( seconds > 4 ? 1 : 0 )).5" 2>/dev/null |
    python3 -c '
import json, sys
for b in json.load(sys.stdin)["benchmarks"]:
    print(b["name"].split("/")[-1], b["items_per_second"])'
}

compare_engine() {
  local round count rate
  for round in $(seq "$rounds"); do
    log "engine round $round/$rounds"
    while read -r count rate; do record "engine.$count" ours "$rate"; done \
      < <(engine_rates '^BM_WorldScheduleThenRun/')
    while read -r count rate; do record "engine.$count" peer "$rate"; done \
      < <(engine_rates '^BM_BareHeapScheduleThenRun/')
  done
}

# ---- the GUI: frame times at 200 clients against the 60 frames/s budget ---------------------

# lockscope --bench-frames renders offscreen with Qt's software renderer (it sets
# QT_QPA_PLATFORM=offscreen itself when headless), so no display or X server is needed.
gui_frames() {
  local key=$1 report
  shift
  report=$("$build/app/lockscope" --scenario bench/scenarios/herd-200.yaml \
    --bench-frames "$gui_frames" "$@" | tail -1)
  python3 - "$report" "$key" <<'PY' >>"$results"
import json, sys
report, key = json.loads(sys.argv[1]), sys.argv[2]
assert report["clients"] == 200, report
print(f"gui.{key}.median\tours\t{report['frame_median_ms']}")
print(f"gui.{key}.p99\tours\t{report['frame_p99_ms']}")
print(f"compare.sh: GUI window {report['size']}, {report['events']} trace events", file=sys.stderr)
PY
}

compare_gui() {
  local round
  for round in $(seq "$rounds"); do
    log "GUI round $round/$rounds ($gui_frames frames each)"
    gui_frames 1600x1000 --size 1600x1000
    gui_frames 1280x720p --size 1280x720 --presentation
  done
}

# ---- the table --------------------------------------------------------------------------------

describe_machine() {
  local cpu
  cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
  printf 'machine\tnproc %s, %s, %s\n' "$(nproc)" "${cpu:-unknown CPU}" "$(uname -sr)" >>"$meta"
  printf 'build\t%s\n' "$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt")" >>"$meta"
  printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')" >>"$meta"
  printf 'command\t%s\n' "$command_line" >>"$meta"
  printf 'rounds\t%s\n' "$rounds" >>"$meta"
  printf 'seconds\t%s\n' "$seconds" >>"$meta"
}
load_average() { cut -d' ' -f1-3 /proc/loadavg; }

# Replaces the marked block of docs/performance.md with the table (markers kept).
update_performance_doc() {
  python3 - docs/performance.md "$work/table.md" <<'PY'
import sys
doc_path, table_path = sys.argv[1:]
doc = open(doc_path, encoding="utf-8").read()
begin, end = "<!-- compare:begin -->", "<!-- compare:end -->"
if begin not in doc or end not in doc:
    sys.exit("compare.sh: docs/performance.md has no compare:begin / compare:end markers")
head, rest = doc.split(begin, 1)
_, tail = rest.split(end, 1)
table = open(table_path, encoding="utf-8").read().strip()
open(doc_path, "w", encoding="utf-8").write(f"{head}{begin}\n{table}\n{end}{tail}")
PY
  log "docs/performance.md updated"
}

main() {
  check_prerequisites
  build_lockscope
  build_curator_harness
  describe_machine
  printf 'load_before\t%s\n' "$(load_average)" >>"$meta"
  start_servers
  compare_zookeeper
  compare_redis
  compare_postgresql
  compare_engine
  compare_gui
  printf 'load_after\t%s\n' "$(load_average)" >>"$meta"
  python3 bench/lib/compare_table.py "$results" "$meta" >"$work/table.md"
  cat "$work/table.md"
  (( update_docs )) && update_performance_doc
  return 0
}

main
