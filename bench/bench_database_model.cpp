// The database model's speed at scale.
// Target (issue 17): the model with 1,000 clients queued on one FOR UPDATE row lock runs in under
// 2 s, Release build, single core.
//
// BM_ForUpdateQueue: the whole scenario run (world, server, clients, checkers, trace hash):
// clients start at once under db-for-update, each BEGIN, SELECT ... FOR UPDATE (all but one
// queue on the row), read, write, COMMIT; state.range(0) clients, both dialects.
#include <benchmark/benchmark.h>

#include <string>

#include "scenario_benchmark.h"

namespace {

void BM_ForUpdateQueue(benchmark::State& state) {
  const std::string dialect = state.range(1) == 0 ? "postgresql" : "mariadb";
  // MariaDB's lock wait timeout (50 s by default) would end a 1,000-deep queue early.
  lockscope::bench::runScenarioBenchmark(state,
                                         "title: bench\nbackend: database\nrecipe: db-for-update\n"
                                         "database: {dialect: " +
                                             dialect + ", lock_wait_timeout_s: 100000}\n" +
                                             "clients: " + std::to_string(state.range(0)) +
                                             "\nhold_ms: 10\n");
}
BENCHMARK(BM_ForUpdateQueue)
    ->Args({1000, 0})
    ->Args({1000, 1})
    ->ArgNames({"clients", "mariadb"})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
