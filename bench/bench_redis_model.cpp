// The Redis model's speed, and Redlock at scale.
// Target (issue 6): one round of Redlock with 1,000 clients over 5 instances in under 2 s, Release
// build, single core.
//
// BM_RedisModelLockCycle: each client loops over what a lock holder sends - SET NX PX on a key
// of its own, GET, compare-and-delete - through the model client, so the figure includes both
// network hops, the instance, the trace and the callbacks. An operation counts when its reply
// has been handled.
// BM_Redlock1000Clients: the whole scenario run (world, deployment, clients, checkers, trace
// hash): 1,000 clients start at once and each makes one Redlock attempt on 5 masters.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "backends/api/redis_scripts.h"
#include "backends/backend_for.h"
#include "backends/model/redis/redis_deployment.h"
#include "scenario_benchmark.h"

namespace redis = lockscope::redis;
namespace sim = lockscope::sim;

namespace {

class LockCycle {
 public:
  LockCycle(redis::RedisClient& client, std::string key, uint64_t& completed)
      : client_(client), key_(std::move(key)), completed_(completed) {}

  void start() {
    client_.command({"SET", key_, "token", "NX", "PX", "10000"}, [this](const redis::Reply&) {
      ++completed_;
      client_.command({"GET", key_}, [this](const redis::Reply&) {
        ++completed_;
        client_.command(
            {"EVAL", std::string(redis::scripts::kCompareAndDelete), "1", key_, "token"},
            [this](const redis::Reply&) {
              ++completed_;
              start();
            });
      });
    });
  }

 private:
  redis::RedisClient& client_;
  std::string key_;
  uint64_t& completed_;
};

void BM_RedisModelLockCycle(benchmark::State& state) {
  const int clients = static_cast<int>(state.range(0));
  uint64_t completed = 0;
  for (auto _ : state) {
    state.PauseTiming();
    sim::World world(1);
    redis::model::RedisDeployment deployment(world, {});
    std::vector<std::vector<std::unique_ptr<redis::RedisClient>>> connections;
    std::vector<std::unique_ptr<LockCycle>> cycles;
    for (int c = 0; c < clients; ++c) {
      connections.push_back(deployment.connect("c" + std::to_string(c)));
      cycles.push_back(
          std::make_unique<LockCycle>(*connections.back()[0], "k" + std::to_string(c), completed));
    }
    state.ResumeTiming();
    for (auto& cycle : cycles) cycle->start();
    world.runUntilTime(sim::fromSeconds(10));
  }
  state.SetItemsProcessed(static_cast<int64_t>(completed));
}
BENCHMARK(BM_RedisModelLockCycle)->Arg(1)->Arg(64)->Unit(benchmark::kMillisecond);

void BM_Redlock1000Clients(benchmark::State& state) {
  lockscope::bench::runScenarioBenchmark(
      state,
      "title: bench\nbackend: redis\nrecipe: redlock\n"
      "recipe_parameters: {ttl_ms: 10000, retry_delay_ms: 200, retries: 0}\n"
      "redis: {instances: 5}\nclients: 1000\nhold_ms: 0\n");
}
BENCHMARK(BM_Redlock1000Clients)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
