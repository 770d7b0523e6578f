#include "lock_client.h"

#include "sim/coro/sleep.h"

namespace lockscope::clients {

using recipes::LockMode;

const char* lockClientPhaseName(LockClient::Phase phase) {
  switch (phase) {
    case LockClient::Phase::NotStarted: return "not started";
    case LockClient::Phase::Idle: return "idle";
    case LockClient::Phase::Acquiring: return "acquiring";
    case LockClient::Phase::Holding: return "holding";
    case LockClient::Phase::Releasing: return "releasing";
    case LockClient::Phase::Done: return "done";
  }
  return "unknown";
}

LockClient::LockClient(sim::World& world, ServiceConnector& connector,
                       const recipes::RecipeDescription& recipe,
                       recipes::RecipeParameters parameters, ClientSpec spec,
                       ProtectedResource& resource)
    : world_(world),
      connector_(connector),
      description_(recipe),
      parameters_(std::move(parameters)),
      spec_(std::move(spec)),
      resource_(resource) {}

LockClient::~LockClient() { tearDown(); }

void LockClient::tearDown() {
  task_ = {};
  life_.reset();
  recipe_.reset();
  environment_.reset();
  session_.reset();
  redis_.clear();
  sql_.reset();
}

void LockClient::start() {
  world_.at(spec_.startAt, [this] {
    openSession();
    phase_ = Phase::Idle;
    task_ = run();
    task_.start();
  });
}

void LockClient::restart() {
  tearDown();
  held_ = 0;
  phase_ = Phase::Idle;
  if (round_ < spec_.rounds) ++round_;  // the interrupted round is lost with the process
  openSession();
  task_ = run();
  task_.start();
}

void LockClient::openSession() {
  // A new lifetime with each session: a late callback meant for the old recipe is dropped
  // instead of resuming a coroutine that is gone. Nothing of the driver awaits at this point.
  life_ = coro::makeLifetime();
  recipe_.reset();
  environment_.reset();
  session_ = connector_.connectZooKeeper(spec_.name, spec_.sessionTimeoutMs);
  redis_ = connector_.connectRedis(spec_.name);
  sql_ = connector_.connectSql(spec_.name);
  sessionExpired_ = false;
  std::optional<recipes::AwaitableZooKeeper> zookeeper;
  if (session_) zookeeper.emplace(*session_, life_);
  std::vector<redis::RedisClient*> redis;
  for (const auto& connection : redis_) redis.push_back(connection.get());
  environment_ = std::make_unique<recipes::RecipeEnvironment>(recipes::RecipeEnvironment{
      world_, connector_.process(spec_.name), std::move(zookeeper), spec_.name, parameters_,
      [this](recipes::CodeLine line) {
        world_.record({.kind = sim::TraceKind::Step,
                       .actor = spec_.name,
                       .label = description_.name,
                       .request = line.number});
      },
      std::move(redis), [this] { return connector_.localClockMs(spec_.name); }, sql_.get()});
  recipe_ = description_.make(*environment_);
  if (!session_) return;  // Redis, databases: no session to watch
  session_->setWatcher(
      [this, life = std::weak_ptr<const char>(life_)](const zookeeper::WatchedEvent& event) {
        if (life.expired()) return;
        if (event.type == zookeeper::EventType::None &&
            event.state == zookeeper::SessionState::Expired) {
          sessionExpired_ = true;
        }
        if (recipe_) recipe_->onWatchEvent(event);
      });
}

coro::Task<void> LockClient::run() {
  for (; round_ < spec_.rounds; ++round_) {
    roundAbandoned_ = false;
    for (const PlanStep& step : spec_.plan) {
      if (roundAbandoned_) break;
      switch (step.kind) {
        case PlanStep::Kind::Acquire: co_await acquire(step.mode); break;
        case PlanStep::Kind::Release: co_await release(step.mode); break;
        case PlanStep::Kind::Read:
          if (recipe_->ownsResource()) {
            co_await recipe_->readResource(token_);
          } else {
            resource_.read(spec_.name, token_);
          }
          break;
        case PlanStep::Kind::Write:
          if (recipe_->ownsResource()) {
            co_await recipe_->writeResource(token_);
          } else {
            resource_.write(spec_.name, token_);
          }
          break;
        case PlanStep::Kind::Hold:
          // A holder of a revocable lock stops holding early when asked to let go.
          if (held_ > 0 && co_await recipe_->holdUnlessRevoked(step.duration)) {
            world_.record({.kind = sim::TraceKind::Lock,
                           .actor = spec_.name,
                           .op = sim::LockOp::Revoked,
                           .path = node_});
          } else if (held_ == 0) {
            co_await coro::sleepFor(connector_.process(spec_.name), step.duration, life_);
          }
          break;
        case PlanStep::Kind::Revoke: co_await recipe_->revokeHolder(); break;
      }
    }
    // A round that gave up (timed out, lost its session) lets go of whatever it still holds.
    while (held_ > 0) co_await release(LockMode::Exclusive);
    if (spec_.thinkTime > 0) {
      co_await coro::sleepFor(connector_.process(spec_.name), spec_.thinkTime, life_);
    }
  }
  // The process stays up with its session open, as a service done with the lock would: whatever
  // the recipe left behind (a watch still armed, an orphan node) stays visible to the checkers.
  phase_ = Phase::Done;
  world_.record({.kind = sim::TraceKind::Lock, .actor = spec_.name, .op = sim::LockOp::Done});
}

coro::Task<void> LockClient::acquire(LockMode mode) {
  // As Curator does, a new ZooKeeper handle after expiry; as a connection pool does, a new
  // database connection after the last one broke.
  if (sessionExpired_ || (sql_ && sql_->broken() && held_ == 0)) openSession();
  phase_ = Phase::Acquiring;
  world_.record({.kind = sim::TraceKind::Lock,
                 .actor = spec_.name,
                 .op = sim::LockOp::Acquiring,
                 .value = recipes::lockModeName(mode)});
  const recipes::AcquireResult result = co_await recipe_->acquire(mode);
  if (!result.acquired) {
    const bool timedOut = result.failure == recipes::AcquireFailure::TimedOut;
    const std::string why = recipes::failureText(result);
    world_.record({.kind = sim::TraceKind::Lock,
                   .actor = spec_.name,
                   .op = timedOut ? sim::LockOp::TimedOut : sim::LockOp::Failed,
                   .path = result.node,
                   .value = recipes::lockModeName(mode),
                   .detail = why});
    phase_ = held_ > 0 ? Phase::Holding : Phase::Idle;
    roundAbandoned_ = true;
    co_return;
  }
  ++held_;
  token_ = result.fencingToken;
  node_ = result.node;
  phase_ = Phase::Holding;
  world_.record({.kind = sim::TraceKind::Lock,
                 .actor = spec_.name,
                 .op = sim::LockOp::Acquired,
                 .path = node_,
                 .value = recipes::lockModeName(mode),
                 .request = token_});
}

coro::Task<void> LockClient::release(LockMode mode) {
  if (held_ == 0) co_return;
  phase_ = Phase::Releasing;
  world_.record({.kind = sim::TraceKind::Lock,
                 .actor = spec_.name,
                 .op = sim::LockOp::Releasing,
                 .path = node_,
                 .value = recipes::lockModeName(mode)});
  const bool clean = co_await recipe_->release(mode);
  --held_;
  world_.record({.kind = sim::TraceKind::Lock,
                 .actor = spec_.name,
                 .op = sim::LockOp::Released,
                 .path = node_,
                 .value = recipes::lockModeName(mode),
                 .detail = clean ? "" : "release failed (session gone?)"});
  phase_ = held_ > 0 ? Phase::Holding : Phase::Idle;
}

}  // namespace lockscope::clients
