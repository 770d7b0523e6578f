// The Redis half of the stage: each instance's keys, clock and replication offset, how far each
// replica trails its master, and each client's latest multi-master acquisition attempt (Redlock's
// quorum tally). Folded from the trace like the rest of StageState, and copied into its snapshots.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

// A Redis key as its instance holds it: the value (a lock token names its owner before ':'),
// and its expiry as the time-to-live it was given when last set.
struct KeyOnStage {
  std::string value;
  int owner = kNoClient;
  int64_t ttlMs = -1;     // -1: no expiry
  sim::Micros setAt = 0;  // when the TTL was given (virtual time)
  // When it expires, on its instance's own clock: Redis reads deadlines there, so a clock that
  // jumps or drifts shortens or stretches the lease (Redlock's weak point).
  int64_t deadlineMs = 0;
};

// A Redis instance: its role, whether it is up, its own clock (offset, drift, jumps), its keys.
struct InstanceOnStage {
  std::string role;     // "master" or "replica"
  std::string follows;  // a replica's master
  bool up = true;
  int64_t clockMs = 0;  // its clock's reading at clockAt
  sim::Micros clockAt = 0;
  double driftPpm = 0;
  int64_t offset = 0;  // replication offset: changes written (master) or applied (replica)
  std::map<std::string, KeyOnStage> keys;
  // A master's recent changes, oldest first: when the change at offset `changesBase + i` was
  // written. Kept while a replica still lacks them, so that the stage can say how old the
  // oldest change in transit is.
  std::deque<sim::Micros> changeTimes;
  int64_t changesBase = 1;

  bool isReplica() const { return role == "replica" && !follows.empty(); }
  int64_t clockAtTime(sim::Micros time) const;
  // What is left of a key's TTL at `time` by this instance's clock, jumps included (1 full, 0
  // expired); 1 for keys without expiry.
  double ttlLeft(const KeyOnStage& key, sim::Micros time) const;
};

// How far a replica trails its master: changes the master wrote that the replica has not
// applied, and when the oldest of them was written (-1 when in sync or unknown).
struct ReplicationLag {
  int64_t changesBehind = 0;
  sim::Micros oldestSince = -1;
};

// One client's latest attempt to lock on several instances at once: each instance's answer to
// its SET NX, in the order the requests went out, and the client's own count once it made it.
struct QuorumTally {
  enum class Vote : uint8_t { Pending, Locked, Refused, NoAnswer };
  int64_t attempt = 0;  // the request number the attempt's SETs share
  std::vector<std::pair<std::string, Vote>> votes;
  std::string verdict;  // the recipe's note, e.g. "3 of 5 locked, validity 4898 ms"

  int locked() const;
};

class RedisStage {
 public:
  void apply(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast);

  bool empty() const { return instances_.empty(); }
  const std::map<std::string, InstanceOnStage>& instances() const { return instances_; }
  // Only for replicas whose master is known; changesBehind 0 otherwise.
  ReplicationLag lagOf(const InstanceOnStage& replica) const;
  // Attempts that went to more than one instance, by client.
  const std::map<int, QuorumTally>& tallies() const { return tallies_; }

 private:
  void applyInstance(InstanceOnStage& instance, const StoredEvent& event,
                     const RecordedTrace& trace);
  void applyKey(const std::string& name, InstanceOnStage& instance, const StoredEvent& event,
                const RecordedTrace& trace, const RunCast& cast);
  void noteWritten(const std::string& masterName, InstanceOnStage& master, sim::Micros time);
  void forgetReplicated(const std::string& masterName);
  void applyVote(int client, const StoredEvent& event, const RecordedTrace& trace);

  std::map<std::string, InstanceOnStage> instances_;
  std::map<int, QuorumTally> tallies_;
};

}  // namespace lockscope::gui
