// The engine's physical reference (issue 22): the same work as BM_WorldScheduleThenRun in
// bench_engine.cpp - N callbacks scheduled at scattered times, then run in time order - through
// the barest event loop there is: a binary heap (std::push_heap / std::pop_heap) of
// {time, sequence, std::function}. No determinism tie-breaks, no chooser, no trace hooks: what
// sim::World does on top of this is what the ratio between the two benchmarks prices.
// bench/compare.sh runs both and prints World / bare heap.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "bench/schedule_then_run.h"

namespace {

struct BareEvent {
  int64_t time;
  uint64_t sequence;  // equal times run in scheduling order, as a deterministic loop must
  std::function<void()> callback;
};

// Later events compare "less" so that the heap's top is the earliest.
struct RunsLater {
  bool operator()(const BareEvent& a, const BareEvent& b) const {
    return a.time != b.time ? a.time > b.time : a.sequence > b.sequence;
  }
};

class BareHeapLoop {
 public:
  void at(int64_t time, std::function<void()> callback) {
    heap_.push_back({time, next_sequence_++, std::move(callback)});
    std::push_heap(heap_.begin(), heap_.end(), RunsLater{});
  }
  void runUntilTime(int64_t end) {
    while (!heap_.empty() && heap_.front().time <= end) {
      std::pop_heap(heap_.begin(), heap_.end(), RunsLater{});
      BareEvent event = std::move(heap_.back());
      heap_.pop_back();
      now_ = event.time;
      event.callback();
    }
    now_ = std::max(now_, end);
  }
  int64_t now() const { return now_; }

 private:
  std::vector<BareEvent> heap_;
  uint64_t next_sequence_ = 0;
  int64_t now_ = 0;
};

// Same arguments, times and callbacks as BM_WorldScheduleThenRun (schedule_then_run.h).
void BM_BareHeapScheduleThenRun(benchmark::State& state) {
  BareHeapLoop loop;
  lockscope::bench::scheduleThenRun(state, loop);
}
BENCHMARK(BM_BareHeapScheduleThenRun)->Arg(1'000)->Arg(100'000);

}  // namespace
