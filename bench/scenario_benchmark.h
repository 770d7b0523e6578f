// A benchmark of a whole scenario run (world, service, clients, checkers, trace hash) on its
// model: loads `text`, runs it once per iteration, and counts its events as items.
#pragma once

#include <benchmark/benchmark.h>

#include <string>

#include "backends/backend_for.h"
#include "sim/run/scenario_run.h"
#include "sim/scenario/scenario_loader.h"

namespace lockscope::bench {

inline void runScenarioBenchmark(benchmark::State& state, const std::string& text) {
  const auto loaded = scenario::loadScenarioText(text, "bench.yaml");
  if (!loaded.scenario) {
    state.SkipWithError(loaded.error.c_str());
    return;
  }
  const run::RunOptions options{.backend = backends::modelBackendFor(*loaded.scenario)};
  uint64_t events = 0;
  for (auto _ : state) events += run::runScenario(*loaded.scenario, options).events;
  state.SetItemsProcessed(static_cast<int64_t>(events));
}

}  // namespace lockscope::bench
