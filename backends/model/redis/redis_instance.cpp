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
                           "KEYS", "SCAN", "DBSIZE", "PING", "ECHO", "TIME", "INFO", "WAIT"}) {
    if (command == read) return true;
  }
  return false;
}

// A process's replication ID: a server draws a new one each time it starts.
std::string processReplicationId(const std::string& name, uint64_t incarnation) {
  return replicationId(name + " process " + std::to_string(incarnation));
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
      master_(masterOf == nullptr),
      masterOf_(masterOf),
      replid_(processReplicationId(config_.name, 0)) {
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

std::optional<Reply> RedisInstance::execute(const Command& argv, ConnectionId connection,
                                            LaterReply later) {
  if (!up_) return std::nullopt;
  const int64_t now = clockMs();
  std::optional<CommandExecutor::BlockedWait> blocked;
  ClientConnection& client = connections_.try_emplace(connection, keys_).first->second;
  Reply reply = client.execute(argv, now,
                               [&](const std::vector<Command>& commands, bool inTransaction) {
                                 return run(commands, inTransaction, now, blocked);
                               });
  if (!blocked || !later) return reply;
  block(*blocked, std::move(later));
  return std::nullopt;
}

std::vector<Reply> RedisInstance::run(const std::vector<Command>& commands, bool inTransaction,
                                      int64_t now,
                                      std::optional<CommandExecutor::BlockedWait>& blocked) {
  std::vector<KeyChange> changes;
  CommandExecutor executor(keys_, now, changes, &scriptRandom_, &scriptCache_);
  executor.setReplication([this] { return replication(); });
  executor.setInTransaction(inTransaction);
  std::vector<Reply> replies;
  for (const Command& argv : commands) {
    if (!master_ && !argv.empty() && !isReadOnly(upperCase(argv[0]))) {
      replies.push_back(Reply::error("READONLY You can't write against a read only replica."));
    } else {
      replies.push_back(executor.execute(argv));
    }
  }
  blocked = executor.blocked();
  commit(changes, "");
  return replies;
}

void RedisInstance::block(const CommandExecutor::BlockedWait& wait, LaterReply later) {
  const uint64_t number = ++nextWaiter_;
  waiters_.emplace(number, Waiter{wait.replicas, static_cast<int64_t>(offset_), std::move(later)});
  if (wait.timeoutMs == 0) return;  // until enough replicas acknowledge
  world_.after(sim::fromMillis(wait.timeoutMs), [this, number, incarnation = incarnation_] {
    if (incarnation != incarnation_) return;
    const auto found = waiters_.find(number);
    if (found == waiters_.end()) return;
    const Waiter waiter = std::move(found->second);
    waiters_.erase(found);
    waiter.reply(Reply::number(replication().acknowledged(waiter.upTo)));
  });
}

void RedisInstance::wakeWaiters() {
  if (waiters_.empty()) return;
  const ReplicationInfo now = replication();
  for (auto it = waiters_.begin(); it != waiters_.end();) {
    const int64_t acknowledged = now.acknowledged(it->second.upTo);
    if (acknowledged < it->second.replicas) {
      ++it;
      continue;
    }
    const LaterReply reply = std::move(it->second.reply);
    it = waiters_.erase(it);
    reply(Reply::number(acknowledged));
  }
}

const std::string& RedisInstance::replicationIdNow() const {
  return master_ || !masterOf_ ? replid_ : masterOf_->replicationIdNow();
}

ReplicationInfo RedisInstance::replication() const {
  ReplicationInfo info;
  info.master = master_;
  info.replid = replicationIdNow();
  info.replid2 = replid2_;
  info.secondOffset = secondOffset_;
  // A master keeps a backlog once a replica has attached; a replica once it has synced.
  info.backlog = !master_ || !replicas_.empty() || secondOffset_ >= 0;
  info.offset = info.backlog ? static_cast<int64_t>(offset_) : 0;
  if (master_) {
    for (const RedisInstance* replica : replicas_) {
      if (replica->up() && !replica->isMaster())
        info.replicas.push_back({replica->name(), static_cast<int64_t>(replica->offset())});
    }
  } else if (masterOf_) {
    info.masterHost = masterOf_->name();
    info.linkUp = masterOf_->up();
    if (!info.linkUp) info.linkDownSeconds = (world_.now() - masterOf_->downSince_) / 1'000'000;
  }
  return info;
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
    for (auto& [id, connection] : connections_) connection.touched(change);
    if (!master_) continue;
    for (RedisInstance* replica : replicas_) {
      world_.after(config_.replicationLag, [this, replica, change, epoch = replica->linkEpoch_] {
        replica->receive(change, epoch);
        wakeWaiters();  // the replica's acknowledgement, at once
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
  downSince_ = world_.now();
  ++incarnation_;
  ++linkEpoch_;
  connections_.clear();  // every client's connection dies with the process
  waiters_.clear();
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
  replid_ = processReplicationId(config_.name, incarnation_);
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
  // Its old master's history goes on under a new ID (replicationUnsetMaster's shiftReplicationId).
  replid2_ = replicationIdNow();
  replid_ = replicationId(config_.name + " promoted");
  secondOffset_ = static_cast<int64_t>(offset_) + 1;
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
