#include "redis_instance.h"

#include "command_executor.h"

namespace lockscope::redis::model {
namespace {

// Redis' active expiry: 10 cycles a second, 20 sampled keys each, again at once when more than a
// quarter of the sample had expired.
constexpr sim::Micros kActiveExpiryPeriod = sim::fromMillis(100);
constexpr size_t kActiveExpirySample = 20;
constexpr sim::Micros kFsyncPeriod = sim::fromSeconds(1);

// What a replica serves; everything else gets READONLY.
bool isReadOnly(const std::string& command) {
  for (const char* read : {"GET", "PTTL", "TTL", "EXISTS", "HGET", "HEXISTS", "HGETALL", "TYPE",
                           "KEYS", "DBSIZE", "PING", "ECHO", "TIME"}) {
    if (command == read) return true;
  }
  return false;
}

}  // namespace

const char* persistenceName(Persistence persistence) {
  switch (persistence) {
    case Persistence::None: return "none";
    case Persistence::EverySecond: return "every_second";
    case Persistence::Always: return "always";
  }
  return "none";
}

RedisInstance::RedisInstance(sim::World& world, InstanceConfig config,
                             const RedisInstance* masterOf)
    : world_(world),
      config_(std::move(config)),
      clock_(config_.clock),
      keys_(masterOf == nullptr),
      master_(masterOf == nullptr) {
  world_.record({.kind = sim::TraceKind::RedisInstance,
                 .actor = config_.name,
                 .op = sim::RedisInstanceOp::Up,
                 .path = masterOf ? std::string_view(masterOf->name()) : std::string_view(),
                 .value = master_ ? "master" : "replica",
                 .detail = "offset_ms=" + std::to_string(config_.clock.offsetMs) +
                           " drift_ppm=" + std::to_string(config_.clock.driftPpm) +
                           " persistence=" + persistenceName(config_.persistence),
                 .request = clockMs()});
}

std::optional<Reply> RedisInstance::execute(const Command& argv) {
  if (!up_) return std::nullopt;
  std::vector<KeyChange> changes;
  const int64_t now = clockMs();
  Reply reply;
  if (!master_ && !argv.empty() && !isReadOnly(argv[0])) {
    reply = Reply::error("READONLY You can't write against a read only replica.");
  } else {
    reply = CommandExecutor(keys_, now, changes, &scriptRandom_, &scriptCache_).execute(argv);
  }
  commit(changes, "");
  return reply;
}

void RedisInstance::commit(std::vector<KeyChange>& changes, std::string_view how) {
  if (changes.empty()) return;
  const int64_t now = clockMs();
  for (const KeyChange& change : changes) {
    ++offset_;
    const int64_t pttl = change.value.expiresAtMs == kNoExpiry ? -1
                                                               : change.value.expiresAtMs - now;
    world_.record({.kind = change.deleted ? sim::TraceKind::KeyDeleted : sim::TraceKind::KeyChanged,
                   .actor = config_.name,
                   .op = change.cause,
                   .path = change.key,
                   .value = change.deleted ? std::string() : change.value.describe(),
                   .detail = how,
                   .zxid = static_cast<int64_t>(offset_),
                   .request = change.deleted ? 0 : pttl});
    if (!master_) continue;
    for (RedisInstance* replica : replicas_) {
      world_.after(config_.replicationLag, [replica, change, epoch = replica->linkEpoch_] {
        replica->receive(change, epoch);
      });
    }
  }
  if (!master_) return;
  if (config_.persistence == Persistence::EverySecond) armFsync();
  if (!activeExpiryArmed_ && !keys_.keysWithExpiry().empty()) armActiveExpiry();
}

void RedisInstance::receive(const KeyChange& change, uint64_t linkEpoch) {
  if (!up_ || master_ || linkEpoch != linkEpoch_) return;  // lost with the link
  keys_.apply(change);
  std::vector<KeyChange> applied = {change};
  commit(applied, "replicated");
}

void RedisInstance::armActiveExpiry() {
  activeExpiryArmed_ = true;
  world_.after(kActiveExpiryPeriod, [this, incarnation = incarnation_] {
    if (incarnation != incarnation_) return;
    activeExpiryArmed_ = false;
    activeExpiryCycle();
  });
}

void RedisInstance::activeExpiryCycle() {
  if (!up_ || !master_) return;
  for (;;) {
    std::vector<std::string> candidates = keys_.keysWithExpiry();
    if (candidates.empty()) return;
    if (candidates.size() > kActiveExpirySample) {
      world_.chooser().shuffle(candidates, "redis active expiry sample");
      candidates.resize(kActiveExpirySample);
    }
    std::vector<KeyChange> changes;
    const int64_t now = clockMs();
    for (const std::string& key : candidates) {
      if (keys_.expired(key, now)) keys_.find(key, now, changes);  // deletes it
    }
    commit(changes, "active");
    if (changes.size() * 4 <= candidates.size()) break;
  }
  if (!keys_.keysWithExpiry().empty()) armActiveExpiry();
}

void RedisInstance::armFsync() {
  if (fsyncArmed_) return;
  fsyncArmed_ = true;
  world_.after(kFsyncPeriod, [this, incarnation = incarnation_] {
    if (incarnation != incarnation_) return;
    fsyncArmed_ = false;
    fsynced_ = keys_.keys();
  });
}

void RedisInstance::crash() {
  if (!up_) return;
  up_ = false;
  ++incarnation_;
  ++linkEpoch_;
  activeExpiryArmed_ = fsyncArmed_ = false;
  const size_t before = keys_.keys().size();
  switch (config_.persistence) {
    case Persistence::None: keys_.replaceAll({}); break;
    case Persistence::EverySecond: keys_.replaceAll(fsynced_); break;
    case Persistence::Always: break;
  }
  recordInstance(sim::RedisInstanceOp::Down, std::string("persistence ") +
                                                 persistenceName(config_.persistence) + ": " +
                                                 std::to_string(before) + " keys in memory, " +
                                                 std::to_string(keys_.keys().size()) + " on disk");
}

void RedisInstance::restart() {
  if (up_) return;
  up_ = true;
  scriptRandom_ = LuaEngine::kFreshRandomState;  // a new server process
  scriptCache_.clear();                          // which has loaded no scripts yet
  recordInstance(sim::RedisInstanceOp::Up,
                 "restarted with " + std::to_string(keys_.keys().size()) + " keys from disk");
  if (master_ && !keys_.keysWithExpiry().empty()) armActiveExpiry();
}

void RedisInstance::jumpClock(int64_t byMs) {
  clock_.jump(byMs);
  recordInstance(sim::RedisInstanceOp::Clock,
                 std::string("jumped ") + (byMs >= 0 ? "+" : "") + std::to_string(byMs) + " ms");
}

void RedisInstance::promote() {
  if (master_) return;
  ++linkEpoch_;  // what the old master sent and we have not received never arrives
  master_ = true;
  keys_.setExpiresKeys(true);
  recordInstance(sim::RedisInstanceOp::Promoted,
                 "now a master at replication offset " + std::to_string(offset_));
  if (up_ && !keys_.keysWithExpiry().empty()) armActiveExpiry();
}

void RedisInstance::recordInstance(sim::RedisInstanceOp op, std::string detail) {
  world_.record({.kind = sim::TraceKind::RedisInstance,
                 .actor = config_.name,
                 .op = op,
                 .value = master_ ? "master" : "replica",
                 .detail = detail,
                 .zxid = static_cast<int64_t>(offset_),
                 .request = clockMs()});
}

}  // namespace lockscope::redis::model
