// Engine throughput: events per wall second through sim::World, directly and as sim::Connection
// deliveries. Target (issue 2): at least 2 million events per second on one core, Release build.
//
// Each benchmark reports items_per_second = events run per second. The callbacks do almost nothing
// on purpose: what is measured is the agenda, the chooser draws and the std::function traffic that
// every model message pays.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "bench/schedule_then_run.h"
#include "sim/engine/connection.h"
#include "sim/engine/world.h"

namespace sim = lockscope::sim;

namespace {

// N callbacks scheduled at scattered times, then run: the agenda at its largest
// (schedule_then_run.h, the same work as the bare heap's in bench_bare_heap.cpp).
void BM_WorldScheduleThenRun(benchmark::State& state) {
  sim::World world(1);
  lockscope::bench::scheduleThenRun(state, world);
}
BENCHMARK(BM_WorldScheduleThenRun)->Arg(1'000)->Arg(100'000);

// A fixed population of self-rescheduling timers, like heartbeats and hold timers: the agenda
// stays at `range(0)` entries while events are run.
void BM_WorldSteadyTimers(benchmark::State& state) {
  const int64_t timers = state.range(0);
  constexpr int64_t kEventsPerIteration = 100'000;
  sim::World world(1);
  struct Timer {
    sim::World* world;
    sim::Micros period;
    void fire() {
      world->after(period, [this] { fire(); });
    }
  };
  std::vector<Timer> population;
  population.reserve(static_cast<size_t>(timers));
  for (int64_t i = 0; i < timers; ++i) population.push_back(Timer{&world, 1 + i % 97});
  for (Timer& timer : population) timer.fire();
  for (auto _ : state) {
    const uint64_t target = world.eventsRun() + kEventsPerIteration;
    world.runUntil([&] { return world.eventsRun() >= target; }, INT64_MAX);
  }
  state.SetItemsProcessed(state.iterations() * kEventsPerIteration);
}
BENCHMARK(BM_WorldSteadyTimers)->Arg(16)->Arg(1'024);

// Messages bouncing over `range(0)` connections, `range(1)` in flight on each: every event is a
// delivery that sends the reply (two chooser draws, a FIFO clamp and a tie-broken push).
void BM_ConnectionPingPong(benchmark::State& state) {
  const int64_t connectionCount = state.range(0);
  const int64_t inFlight = state.range(1);
  constexpr int64_t kEventsPerIteration = 100'000;
  sim::World world(1);
  std::vector<std::unique_ptr<sim::Connection>> connections;
  struct Bouncer {
    sim::Connection* connection;
    void bounce(sim::Direction direction) {
      const auto back = direction == sim::Direction::ToServer ? sim::Direction::ToClient
                                                              : sim::Direction::ToServer;
      connection->send(direction, [this, back] { bounce(back); });
    }
  };
  std::vector<Bouncer> bouncers;
  bouncers.reserve(static_cast<size_t>(connectionCount));
  for (int64_t i = 0; i < connectionCount; ++i) {
    connections.push_back(
        std::make_unique<sim::Connection>(world, "c", sim::LatencyRange{200, 800}));
    bouncers.push_back(Bouncer{connections.back().get()});
    for (int64_t j = 0; j < inFlight; ++j) bouncers.back().bounce(sim::Direction::ToServer);
  }
  for (auto _ : state) {
    const uint64_t target = world.eventsRun() + kEventsPerIteration;
    world.runUntil([&] { return world.eventsRun() >= target; }, INT64_MAX);
  }
  state.SetItemsProcessed(state.iterations() * kEventsPerIteration);
}
BENCHMARK(BM_ConnectionPingPong)->Args({1, 1})->Args({64, 16});

}  // namespace

BENCHMARK_MAIN();
