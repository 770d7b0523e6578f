#include "redis_stage.h"

#include <algorithm>
#include <cstdlib>

namespace lockscope::gui {

namespace {

// A replica that never catches up (its link lost) must not make the master's list grow without
// end: past this many changes the oldest are dropped and the lag's age is a lower bound.
constexpr size_t kMaxChangesKept = 4096;

QuorumTally::Vote voteOf(std::string_view rc, std::string_view value) {
  if (value == "OK") return QuorumTally::Vote::Locked;
  if (rc == "nil") return QuorumTally::Vote::Refused;
  return QuorumTally::Vote::NoAnswer;  // a timeout or a connection error
}

}  // namespace

int64_t InstanceOnStage::clockAtTime(sim::Micros time) const {
  const double elapsedMs = static_cast<double>(time - clockAt) / 1000.0;
  return clockMs + static_cast<int64_t>(elapsedMs * (1.0 + driftPpm / 1e6));
}

double InstanceOnStage::ttlLeft(const KeyOnStage& key, sim::Micros time) const {
  if (key.ttlMs <= 0) return 1.0;
  const double leftMs = static_cast<double>(key.deadlineMs - clockAtTime(time));
  return std::clamp(leftMs / static_cast<double>(key.ttlMs), 0.0, 1.0);
}

int QuorumTally::locked() const {
  return static_cast<int>(std::count_if(
      votes.begin(), votes.end(), [](const auto& vote) { return vote.second == Vote::Locked; }));
}

void RedisStage::apply(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast) {
  switch (event.kind) {
    case sim::TraceKind::RedisInstance:
      applyInstance(instances_[std::string(trace.text(event.actor))], event, trace);
      break;
    case sim::TraceKind::KeyChanged:
    case sim::TraceKind::KeyDeleted: {
      const std::string name(trace.text(event.actor));
      applyKey(name, instances_[name], event, trace, cast);
      break;
    }
    case sim::TraceKind::Request:
    case sim::TraceKind::Reply:
    case sim::TraceKind::Note:
      if (const int client = cast.clientOfActor(event.actor); client != kNoClient)
        applyVote(client, event, trace);
      break;
    default: break;
  }
}

ReplicationLag RedisStage::lagOf(const InstanceOnStage& replica) const {
  if (!replica.isReplica()) return {};
  const auto master = instances_.find(replica.follows);
  if (master == instances_.end()) return {};
  const int64_t behind = master->second.offset - replica.offset;
  if (behind <= 0) return {};
  ReplicationLag lag{.changesBehind = behind};
  const int64_t index = replica.offset + 1 - master->second.changesBase;
  const auto& times = master->second.changeTimes;
  if (index >= 0 && index < static_cast<int64_t>(times.size()))
    lag.oldestSince = times[static_cast<size_t>(index)];
  else if (!times.empty()) lag.oldestSince = times.front();
  return lag;
}

void RedisStage::applyInstance(InstanceOnStage& instance, const StoredEvent& event,
                               const RecordedTrace& trace) {
  const sim::TraceOp op = event.op;
  const std::string_view detail = trace.text(event.detail);
  instance.role = std::string(trace.text(event.value));
  instance.clockMs = event.request;
  instance.clockAt = event.time;
  instance.offset = event.zxid;
  if (!trace.text(event.path).empty()) instance.follows = std::string(trace.text(event.path));
  if (const size_t drift = detail.find("drift_ppm="); drift != std::string_view::npos) {
    instance.driftPpm = std::atof(std::string(detail.substr(drift + 10)).c_str());
  }
  if (op == sim::RedisInstanceOp::Down) instance.up = false;
  if (op == sim::RedisInstanceOp::Up || op == sim::RedisInstanceOp::Promoted) instance.up = true;
  if (op == sim::RedisInstanceOp::Promoted) {
    // A new master starts its own history: what it writes next is offset + 1.
    instance.changeTimes.clear();
    instance.changesBase = instance.offset + 1;
  }
  // A restart reloads what persistence kept; the model reports how many keys, and none means
  // the keyspace starts empty.
  if (op == sim::RedisInstanceOp::Up &&
      detail.find("restarted with 0 keys") != std::string_view::npos)
    instance.keys.clear();
}

void RedisStage::applyKey(const std::string& name, InstanceOnStage& instance,
                          const StoredEvent& event, const RecordedTrace& trace,
                          const RunCast& cast) {
  instance.offset = event.zxid;
  if (instance.isReplica()) {
    forgetReplicated(instance.follows);
  } else {
    noteWritten(name, instance, event.time);
  }
  const std::string key(trace.text(event.path));
  if (event.kind == sim::TraceKind::KeyDeleted) {
    instance.keys.erase(key);
    return;
  }
  KeyOnStage& stored = instance.keys[key];
  stored.value = std::string(trace.text(event.value));
  // Lock tokens are "<client>:<random>": the part before ':' names the owner.
  const size_t colon = stored.value.find(':');
  stored.owner = colon == std::string::npos ? kNoClient
                                            : cast.clientOfName(stored.value.substr(0, colon));
  stored.ttlMs = event.request;
  stored.setAt = event.time;
  stored.deadlineMs = instance.clockAtTime(event.time) + stored.ttlMs;
}

void RedisStage::noteWritten(const std::string& masterName, InstanceOnStage& master,
                             sim::Micros time) {
  const bool followed = std::any_of(instances_.begin(), instances_.end(), [&](const auto& other) {
    return other.second.isReplica() && other.second.follows == masterName;
  });
  if (!followed) return;  // nobody replicates from it: nothing to remember
  if (master.changeTimes.empty()) master.changesBase = master.offset;
  master.changeTimes.push_back(time);
  if (master.changeTimes.size() > kMaxChangesKept) {
    master.changeTimes.pop_front();
    ++master.changesBase;
  }
}

void RedisStage::forgetReplicated(const std::string& masterName) {
  const auto master = instances_.find(masterName);
  if (master == instances_.end()) return;
  int64_t slowest = master->second.offset;
  for (const auto& [name, other] : instances_) {
    if (other.isReplica() && other.follows == masterName) slowest = std::min(slowest, other.offset);
  }
  InstanceOnStage& changes = master->second;
  while (!changes.changeTimes.empty() && changes.changesBase <= slowest) {
    changes.changeTimes.pop_front();
    ++changes.changesBase;
  }
}

void RedisStage::applyVote(int client, const StoredEvent& event, const RecordedTrace& trace) {
  const sim::TraceOp op = event.op;
  if (event.kind == sim::TraceKind::Note) {
    if (op != sim::NoteOp::Redlock) return;
    if (const auto tally = tallies_.find(client); tally != tallies_.end()) {
      tally->second.verdict = std::string(trace.text(event.detail));
    }
    return;
  }
  if (op != sim::RedisOp::Set) return;
  const std::string_view instance = trace.text(event.detail);
  if (event.kind == sim::TraceKind::Request) {
    if (trace.text(event.value).find(" NX") == std::string_view::npos) return;
    QuorumTally& tally = tallies_[client];
    if (tally.attempt != event.request) tally = QuorumTally{.attempt = event.request};
    tally.votes.emplace_back(std::string(instance), QuorumTally::Vote::Pending);
    return;
  }
  const auto tally = tallies_.find(client);
  if (tally == tallies_.end() || tally->second.attempt != event.request) return;
  for (auto& [name, vote] : tally->second.votes) {
    if (name == instance && vote == QuorumTally::Vote::Pending) {
      vote = voteOf(trace.text(event.rc), trace.text(event.value));
      break;
    }
  }
}

}  // namespace lockscope::gui
