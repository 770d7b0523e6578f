// Issue 20: idle time is free. A run should cost what its lock events cost, not its virtual
// duration times its sessions. Each benchmark runs a lesson twice side by side in one process,
// holding the lock 0 ms and 50 ms (the same lock events, 7 times the virtual time for the chain),
// and reports both wall times and their ratio; the idle hour runs 1,000 clients that hold a shared
// lock for an hour of virtual time.
//
//   build-release/bench/bench_idle_sessions
//   LOCKSCOPE_QUIET_SESSIONS=0 build-release/bench/bench_idle_sessions   # without the quiet table
//
// Counters: hold0_s and hold50_s (wall seconds of each run), ratio (hold50_s / hold0_s), events
// (the hold-50 run's trace events); the idle hour: wall_s and events.
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>
#include <vector>

#include "backends/backend_for.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::bench {
namespace {

struct Timed {
  double seconds = 0;
  uint64_t events = 0;
  bool ok = false;
};

Timed timedRun(const std::string& file, const std::vector<scenario::Override>& overrides) {
  const auto loaded = scenario::loadScenarioFile(std::string(LOCKSCOPE_SOURCE_DIR "/") + file,
                                                 overrides);
  if (!loaded.scenario) return {};
  const run::RunOptions options{.backend = backends::modelBackendFor(*loaded.scenario)};
  const auto start = std::chrono::steady_clock::now();
  const run::RunReport report = run::runScenario(*loaded.scenario, options);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  return {took.count(), report.events, true};
}

// `lesson` with `clients` clients, holding 0 ms then 50 ms.
void BM_HoldZeroAgainstFifty(benchmark::State& state, const std::string& lesson, int clients) {
  double hold0 = 0, hold50 = 0;
  uint64_t events = 0;
  for (auto _ : state) {
    std::vector<scenario::Override> overrides = {{"clients", std::to_string(clients)},
                                                 {"hold_ms", "0"}};
    const Timed zero = timedRun(lesson, overrides);
    overrides.back().value = "50";
    const Timed fifty = timedRun(lesson, overrides);
    if (!zero.ok || !fifty.ok) {
      state.SkipWithError((lesson + " did not load").c_str());
      return;
    }
    hold0 += zero.seconds;
    hold50 += fifty.seconds;
    events = fifty.events;
    state.SetIterationTime(zero.seconds + fifty.seconds);
  }
  const auto iterations = static_cast<double>(state.iterations());
  state.counters["hold0_s"] = hold0 / iterations;
  state.counters["hold50_s"] = hold50 / iterations;
  state.counters["ratio"] = hold50 / hold0;
  state.counters["events"] = static_cast<double>(events);
}
BENCHMARK_CAPTURE(BM_HoldZeroAgainstFifty, zk_chained_10000,
                  std::string("scenarios/zookeeper/herd-chained.yaml"), 10'000)
    ->UseManualTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(3);
BENCHMARK_CAPTURE(BM_HoldZeroAgainstFifty, zk_naive_1000,
                  std::string("scenarios/zookeeper/herd-naive.yaml"), 1'000)
    ->UseManualTime()
    ->Unit(benchmark::kSecond)
    ->Iterations(3);

void BM_IdleHour(benchmark::State& state) {
  double seconds = 0;
  uint64_t events = 0;
  for (auto _ : state) {
    const Timed run = timedRun("bench/scenarios/idle-hour.yaml",
                               {{"clients", std::to_string(state.range(0))}});
    if (!run.ok) {
      state.SkipWithError("bench/scenarios/idle-hour.yaml did not load");
      return;
    }
    seconds += run.seconds;
    events = run.events;
    state.SetIterationTime(run.seconds);
  }
  state.counters["wall_s"] = seconds / static_cast<double>(state.iterations());
  state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(BM_IdleHour)->Arg(1'000)->UseManualTime()->Unit(benchmark::kSecond)->Iterations(3);

}  // namespace
}  // namespace lockscope::bench

BENCHMARK_MAIN();
