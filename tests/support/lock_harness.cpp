#include "lock_harness.h"

#include <algorithm>
#include <map>
#include <set>

#include "backends/api/children_list.h"
#include "backends/model/zookeeper/model_client.h"

namespace lockscope::testing {
namespace {

namespace zk = lockscope::zookeeper;
namespace zkm = lockscope::zookeeper::model;

zkm::ModelConfig lessonConfig() {
  zkm::ModelConfig config;
  config.server.tickTimeMs = 200;
  return config;
}

std::string parentOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

}  // namespace

long long sequenceOf(const std::string& path) { return zk::sequenceSuffix(path); }

LockHarness::LockHarness(uint64_t seed)
    : world(seed), model(world, lessonConfig()), connector(model), resource(world, false) {
  world.trace().addSink(&trace);
}

LockHarness::~LockHarness() {
  clients.clear();
  world.trace().removeSink(&trace);
}

void LockHarness::createPaths(const std::vector<std::string>& paths) {
  auto setup = model.connect("setup", 10'000);
  int pending = static_cast<int>(paths.size());
  for (const std::string& path : paths) {
    setup->create(path, "", zk::CreateMode::Persistent,
                  [&pending, path](zk::ErrorCode rc, const std::string&, const zk::Stat&) {
                    QVERIFY2(rc == zk::ErrorCode::Ok, path.c_str());
                    --pending;
                  });
  }
  QVERIFY(runUntil([&] { return pending == 0; }, fromSeconds(10)));
  bool closed = false;
  setup->close([&closed](zk::ErrorCode) { closed = true; });
  QVERIFY(runUntil([&] { return closed; }, fromSeconds(10)));
}

clients::LockClient& LockHarness::addClient(clients::ClientSpec spec, std::string_view recipe,
                                            recipes::RecipeParameters parameters) {
  const recipes::RecipeDescription* description = recipes::findRecipe(recipe);
  if (!description) qFatal("unknown recipe %s", std::string(recipe).c_str());
  if (spec.plan.empty()) spec.plan = clients::defaultPlan(fromMillis(100));
  spec.startAt += world.now();
  clients.push_back(std::make_unique<clients::LockClient>(
      world, connector, *description, std::move(parameters), std::move(spec), resource));
  return *clients.back();
}

void LockHarness::addClients(int count, std::string_view recipe, Micros hold,
                             recipes::RecipeParameters parameters, Micros spacing, int rounds) {
  for (int index = 0; index < count; ++index) {
    clients::ClientSpec spec;
    spec.name = "c" + std::to_string(index);
    spec.rounds = rounds;
    spec.startAt = spacing * index;
    spec.plan = clients::defaultPlan(hold);
    addClient(std::move(spec), recipe, parameters);
  }
}

void LockHarness::start() {
  for (auto& lockClient : clients) {
    if (lockClient->phase() == clients::LockClient::Phase::NotStarted) lockClient->start();
  }
}

std::unique_ptr<DirectRecipe> LockHarness::direct(const std::string& name, std::string_view recipe,
                                                  recipes::RecipeParameters parameters) {
  auto direct = std::make_unique<DirectRecipe>();
  direct->session = model.connect(name, 4000);
  direct->environment = std::make_unique<recipes::RecipeEnvironment>(
      recipes::RecipeEnvironment{world,
                                 *model.process(name),
                                 recipes::AwaitableZooKeeper(*direct->session, direct->life),
                                 name,
                                 std::move(parameters),
                                 [this, name](recipes::CodeLine line) {
                                   world.record({.kind = sim::TraceKind::Step,
                                                 .actor = name,
                                                 .label = "direct",
                                                 .request = line.number});
                                 },
                                 {},
                                 {}});
  direct->recipe = recipes::findRecipe(recipe)->make(*direct->environment);
  direct->session->setWatcher([recipe = direct->recipe.get()](const zk::WatchedEvent& event) {
    recipe->onWatchEvent(event);
  });
  return direct;
}

bool LockHarness::allFinished() const {
  return std::all_of(clients.begin(), clients.end(),
                     [](const auto& lockClient) { return lockClient->finished(); });
}

bool LockHarness::runUntilFinished(Micros budget) {
  return runUntil([this] { return allFinished(); }, budget);
}

bool LockHarness::runUntil(const std::function<bool()>& done, Micros budget) {
  return world.runUntil(done, world.now() + budget);
}

bool LockHarness::runUntilLock(const std::string& client, sim::LockOp op, Micros budget) {
  return runUntil([&] { return !lockEvents(op, client).empty(); }, budget);
}

clients::LockClient& LockHarness::client(const std::string& name) {
  for (auto& lockClient : clients) {
    if (lockClient->name() == name) return *lockClient;
  }
  qFatal("no client %s", name.c_str());
}

zookeeper::model::ClientSession& LockHarness::session(const std::string& name) {
  return dynamic_cast<zkm::ModelClient&>(*client(name).session()).session();
}

std::vector<sim::RecordedEvent> LockHarness::events(sim::TraceKind kind, std::string_view actor,
                                                    sim::TraceOp op) const {
  std::vector<sim::RecordedEvent> result;
  for (const sim::RecordedEvent& event : trace.events()) {
    if (event.kind != kind) continue;
    if (!actor.empty() && event.actor != actor) continue;
    if (!op.empty() && event.op != op) continue;
    result.push_back(event);
  }
  return result;
}

std::vector<sim::RecordedEvent> LockHarness::lockEvents(sim::LockOp op,
                                                        std::string_view client) const {
  return events(sim::TraceKind::Lock, client, op);
}

std::vector<Holding> LockHarness::holdings() const {
  std::vector<Holding> result;
  // Open intervals by client and mode, with their nesting depth.
  std::map<std::pair<std::string, std::string>, std::pair<size_t, int>> open;
  // A holder's critical section ends when it starts releasing: from then on it no longer uses
  // the resource, and the next holder may be told before the releaser hears the delete's reply.
  std::map<std::string, Micros> releasing;
  for (const sim::RecordedEvent& event : trace.events()) {
    if (event.kind != sim::TraceKind::Lock) continue;
    if (event.op == sim::LockOp::Releasing) releasing[event.actor] = event.time;
    if (event.op == sim::LockOp::Acquired) {
      auto [it, fresh] = open.try_emplace({event.actor, event.value}, result.size(), 0);
      if (fresh) {
        result.push_back(Holding{event.actor, event.value, event.path, event.time, 0, false});
      }
      ++it->second.second;
    } else if (event.op == sim::LockOp::Released) {
      auto it = open.find({event.actor, event.value});
      if (it == open.end()) {  // an exclusive release of whatever was held last
        for (auto candidate = open.begin(); candidate != open.end(); ++candidate) {
          if (candidate->first.first == event.actor &&
              (it == open.end() || candidate->second.first > it->second.first)) {
            it = candidate;
          }
        }
      }
      if (it == open.end()) continue;
      if (--it->second.second == 0) {
        Holding& holding = result[it->second.first];
        holding.to = releasing.count(event.actor) ? releasing[event.actor] : event.time;
        holding.released = true;
        open.erase(it);
      }
    }
  }
  for (Holding& holding : result) {
    if (!holding.released) holding.to = world.now();
  }
  return result;
}

int LockHarness::overlaps() const {
  const std::vector<Holding> all = holdings();
  int count = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    for (size_t j = i + 1; j < all.size(); ++j) {
      const Holding& a = all[i];
      const Holding& b = all[j];
      if (a.client == b.client || (a.mode == "read" && b.mode == "read")) continue;
      if (a.from < b.to && b.from < a.to) ++count;
    }
  }
  return count;
}

int LockHarness::maxConcurrent(std::string_view mode) const {
  std::vector<std::pair<Micros, int>> changes;
  for (const Holding& holding : holdings()) {
    if (holding.mode != mode) continue;
    changes.emplace_back(holding.from, +1);
    changes.emplace_back(holding.to, -1);
  }
  std::sort(changes.begin(), changes.end());  // at equal times the end (-1) comes first
  int now = 0, most = 0;
  for (const auto& change : changes) {
    now += change.second;
    most = std::max(most, now);
  }
  return most;
}

int LockHarness::notificationsBetween(Micros from, Micros to, std::string_view type) const {
  int count = 0;
  for (const sim::RecordedEvent& event : trace.events()) {
    if (event.kind != sim::TraceKind::WatchDelivered || event.value == "None") continue;
    if (event.time < from || event.time >= to) continue;
    if (!type.empty() && event.value != type) continue;
    ++count;
  }
  return count;
}

std::vector<std::string> LockHarness::nodesCreated(const std::string& parent,
                                                   std::string_view client) const {
  std::set<int64_t> sessions;
  for (const sim::RecordedEvent& event :
       events(sim::TraceKind::SessionState, "server", sim::SessionOp::Created)) {
    if (client.empty() || event.value == client) sessions.insert(event.session);
  }
  std::vector<std::string> result;
  for (const sim::RecordedEvent& event : events(sim::TraceKind::NodeCreated)) {
    if (parentOf(event.path) != parent) continue;
    if (!client.empty() && !sessions.count(event.session)) continue;
    result.push_back(event.path);
  }
  return result;
}

std::vector<std::string> LockHarness::childrenOf(const std::string& parent) const {
  // Read the node itself: listing through the tree would draw from the world's chooser.
  const zkm::Znode* node = const_cast<zkm::ZooKeeperModel&>(model).server().tree().find(parent);
  if (!node) return {};
  const zk::ChildrenList list({node->children.begin(), node->children.end()});
  const auto sorted = list.sortedBySequence();
  return {sorted.begin(), sorted.end()};
}

}  // namespace lockscope::testing
