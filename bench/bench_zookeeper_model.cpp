// Model throughput: ZooKeeper operations completed per wall second through the async client API.
// Target (issue 2): at least 1 million operations per second on one core, Release build.
//
// Each client keeps `inFlight` request chains going at once. A chain loops over the mix a lock
// recipe issues: create an ephemeral-sequential node under the client's directory, exists() on it
// with a watch, getChildren() of the directory with a watch, delete the node (which fires both
// watches). An operation counts when its callback has run, so the figure includes the client
// session, both network hops, the server, the trace and the watch deliveries.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/model/zookeeper/zookeeper_model.h"
#include "sim/engine/world.h"

namespace zk = lockscope::zookeeper;
namespace sim = lockscope::sim;

namespace {

constexpr int64_t kSessionTimeoutMs = 10'000;

class Chain {
 public:
  Chain(zk::ZooKeeperClient& client, std::string directory, uint64_t& completed)
      : client_(client), directory_(std::move(directory)), completed_(completed) {}

  void start() {
    client_.create(directory_ + "/n-", "", zk::CreateMode::EphemeralSequential,
                   [this](zk::ErrorCode, const std::string& path, const zk::Stat&) {
                     ++completed_;
                     node_ = path;
                     checkNode();
                   });
  }

 private:
  void checkNode() {
    client_.exists(node_, true, [this](zk::ErrorCode, const std::optional<zk::Stat>&) {
      ++completed_;
      listDirectory();
    });
  }

  void listDirectory() {
    client_.getChildren(directory_, true,
                        [this](zk::ErrorCode, const zk::Children&, const zk::Stat&) {
                          ++completed_;
                          removeNode();
                        });
  }

  void removeNode() {
    client_.remove(node_, -1, [this](zk::ErrorCode) {
      ++completed_;
      start();
    });
  }

  zk::ZooKeeperClient& client_;
  std::string directory_;
  uint64_t& completed_;
  std::string node_;
};

// One world with `clients` connected sessions, each owning /bench/cN, and their chains.
struct Workload {
  Workload(int64_t clientCount, int64_t inFlight) : world(1), model(world) {
    auto admin = model.connect("admin", kSessionTimeoutMs);
    int pending = 1;
    auto created = [&pending](zk::ErrorCode, const std::string&, const zk::Stat&) { --pending; };
    admin->create("/bench", "", zk::CreateMode::Persistent, created);
    for (int64_t i = 0; i < clientCount; ++i) {
      ++pending;
      admin->create("/bench/c" + std::to_string(i), "", zk::CreateMode::Persistent, created);
    }
    world.runUntil([&] { return pending == 0; }, sim::fromSeconds(10));
    for (int64_t i = 0; i < clientCount; ++i) {
      clients.push_back(model.connect("client-" + std::to_string(i), kSessionTimeoutMs));
      for (int64_t j = 0; j < inFlight; ++j) {
        chains.push_back(
            std::make_unique<Chain>(*clients.back(), "/bench/c" + std::to_string(i), completed));
      }
    }
    for (auto& chain : chains) chain->start();
  }

  sim::World world;
  zk::model::ZooKeeperModel model;
  std::vector<std::unique_ptr<zk::ZooKeeperClient>> clients;
  std::vector<std::unique_ptr<Chain>> chains;
  uint64_t completed = 0;
};

void BM_ZooKeeperModelMix(benchmark::State& state) {
  constexpr uint64_t kOperationsPerIteration = 100'000;
  Workload workload(state.range(0), state.range(1));
  const uint64_t before = workload.completed;
  const uint64_t eventsBefore = workload.world.eventsRun();
  for (auto _ : state) {
    const uint64_t target = workload.completed + kOperationsPerIteration;
    workload.world.runUntil([&] { return workload.completed >= target; }, INT64_MAX);
  }
  const uint64_t operations = workload.completed - before;
  state.SetItemsProcessed(static_cast<int64_t>(operations));
  state.counters["events_per_op"] = static_cast<double>(workload.world.eventsRun() - eventsBefore) /
                                    static_cast<double>(operations);
  state.counters["trace_events_per_op"] = static_cast<double>(workload.world.trace().eventCount()) /
                                          static_cast<double>(workload.completed);
}
BENCHMARK(BM_ZooKeeperModelMix)
    ->ArgNames({"clients", "in_flight"})
    ->Args({1, 1})
    ->Args({16, 16})
    ->Args({64, 4});

}  // namespace

BENCHMARK_MAIN();
