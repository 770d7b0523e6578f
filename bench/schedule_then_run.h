// The work of the "schedule then run" benchmarks, shared so that sim::World (bench_engine.cpp)
// and the bare binary-heap loop (bench_bare_heap.cpp) are timed on exactly the same events:
// `count` callbacks scheduled at scattered times, then run. One loop for all iterations, so what
// is timed is the agenda, not the first growth of its vectors. Loop needs now(), at(time, callback)
// and runUntilTime(time).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

namespace lockscope::bench {

template <typename Loop>
void scheduleThenRun(benchmark::State& state, Loop& loop) {
  const int64_t count = state.range(0);
  uint64_t sink = 0;
  for (auto _ : state) {
    const auto start = loop.now();
    for (int64_t i = 0; i < count; ++i) {
      loop.at(start + (i * 7919) % count, [&sink, i] { sink += static_cast<uint64_t>(i); });
    }
    loop.runUntilTime(start + count);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * count);
}

}  // namespace lockscope::bench
