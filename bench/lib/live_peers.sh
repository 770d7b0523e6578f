# Sourced by the live benchmarks (zk_live_contention.sh, redis_live.sh, database_live.sh,
# compare.sh): the measurements of the peers they share, so that every script measures a peer the
# same way. The servers themselves come from tests/support/*-server(s).sh, as the tests' do.
# The caller runs from the repository's root.

# ZooKeeper's count of packets received so far (`mntr`, whitelisted by tests/support/zk-server.sh):
# the difference over a run is the requests it sent, as the server saw them.
zk_packets_received() {
  local port=$1
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port && printf mntr >&3 && cat <&3" |
    awk '$1 == "zk_packets_received" { print $2 }'
}

# The compare-and-delete script redis-lock sends. Ours is split over two C++ string literals in
# backends/api/redis_reply.cpp: both halves are checked, so a change there cannot go unnoticed here.
redis_compare_and_delete_lua() {
  local lua="if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
  grep -qF "${lua% else*} \"" backends/api/redis_reply.cpp && grep -qF '"else return 0 end"' backends/api/redis_reply.cpp ||
    { echo "live_peers.sh: the compare-and-delete Lua changed; update it here" >&2; return 1; }
  echo "$lua"
}

# redis-benchmark's requests per second for one command: one connection, no pipelining, COUNT
# requests (the lock loop's conditions: one client, each request waiting for its reply).
redis_command_rate() {
  local port=$1 count=$2
  shift 2
  redis-benchmark -h 127.0.0.1 -p "$port" -c 1 -n "$count" -q "$@" | tr '\r' '\n' |
    awk '/requests per second/ { for (i = 1; i <= NF; i++) if ($i == "requests") print $(i-1) }' | tail -1
}

# The table pgbench's script (bench/pgbench-for-update.sql) locks; PG* variables name the server.
pg_create_bench_table() {
  psql -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE SCHEMA IF NOT EXISTS bench;
CREATE TABLE IF NOT EXISTS bench.inventory (id BIGINT PRIMARY KEY, stock BIGINT NOT NULL, version BIGINT NOT NULL, fence BIGINT NOT NULL);
INSERT INTO bench.inventory VALUES (1, 0, 0, 0) ON CONFLICT (id) DO NOTHING;
SQL
}

# pgbench's transactions per second running db-for-update's statements for SECONDS, one connection,
# extended protocol (prepared statements, as the live backend sends them).
pg_for_update_tps() {
  local seconds=$1
  pgbench -n -c 1 -M extended -T "$seconds" -f bench/pgbench-for-update.sql 2>/dev/null |
    awk '/^tps =/ { print $3; exit }'
}
