// Linearizability checking (issue 18, item 4; sim/checkers/linearizability.h): one lock's history
// of 10,000 and 100,000 operations, checked whole, as made by tests/support/contended_history.h:
// four clients passing a mutex, each next holder already waiting (contended); the same with every
// acquire after the last release (sequential); contended with two holders near the end, the
// check plus its minimal witness (violation). items_per_second = operations checked per second.
#include <benchmark/benchmark.h>

#include "sim/checkers/linearizability.h"
#include "tests/support/contended_history.h"

namespace checkers = lockscope::checkers;
namespace testing = lockscope::testing;

namespace {

std::vector<checkers::HistoryOp> history(benchmark::State& state, bool overlapping, bool broken) {
  testing::ContendedHistory shape;
  shape.operations = static_cast<size_t>(state.range(0));
  shape.overlapping = overlapping;
  if (broken) shape.brokenRound = shape.operations / 2 - 10;
  return testing::contendedHistory(shape);
}

void check(benchmark::State& state, bool overlapping, bool broken) {
  const std::vector<checkers::HistoryOp> ops = history(state, overlapping, broken);
  const auto expected = broken ? checkers::LinearizabilityOutcome::NotLinearizable
                               : checkers::LinearizabilityOutcome::Linearizable;
  for (auto _ : state) {
    const checkers::LinearizabilityOutcome outcome = checkers::checkLinearizable(ops);
    if (outcome != expected) state.SkipWithError("wrong verdict");
    if (broken) benchmark::DoNotOptimize(checkers::minimalWitness(ops));
    benchmark::DoNotOptimize(outcome);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * ops.size()));
}

void BM_LinearizabilitySequential(benchmark::State& state) { check(state, false, false); }
void BM_LinearizabilityContended(benchmark::State& state) { check(state, true, false); }
void BM_LinearizabilityViolationWithWitness(benchmark::State& state) { check(state, true, true); }

BENCHMARK(BM_LinearizabilitySequential)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinearizabilityContended)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LinearizabilityViolationWithWitness)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
