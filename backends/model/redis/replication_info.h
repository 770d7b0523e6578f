// An instance's side of replication, as INFO replication shows it and WAIT counts it (Redis 7.0's
// "Replication" section of genRedisInfoString, and replicationCountAcksByOffset).
//
// The model counts its replication offset in changes, where a server counts bytes of its
// replication stream: the fields are a server's, their numbers the model's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::redis::model {

// master_replid2 before any promotion: forty zeros, as a server prints it.
inline constexpr std::string_view kNoReplicationId = "0000000000000000000000000000000000000000";

// A replication ID: forty lower-case hex digits. A server draws them at random; the model derives
// them from `seed` (an instance's name and incarnation), so a run is the same every time.
std::string replicationId(std::string_view seed);

struct ReplicaState {
  std::string name;    // the model's instance name stands for the replica's ip
  int64_t offset = 0;  // what it has applied
};

struct ReplicationInfo {
  bool master = true;
  std::string replid = replicationId("model:6379");
  std::string replid2 = std::string(kNoReplicationId);
  int64_t offset = 0;         // master_repl_offset
  int64_t secondOffset = -1;  // second_repl_offset: where replid2's history ends, plus one
  // A backlog exists once a replica has attached (a master) or synced (a replica).
  bool backlog = false;
  std::vector<ReplicaState> replicas;  // a master's replicas that are online
  // A replica's master, and whether the link to it is up; how long it has been down.
  std::string masterHost;
  bool linkUp = true;
  int64_t linkDownSeconds = -1;

  // The replicas that have applied everything up to `offset` (WAIT's count).
  int64_t acknowledged(int64_t upTo) const;
  // INFO's "# Replication" section, each line ended by "\r\n" as a server ends them.
  std::string section() const;
};

}  // namespace lockscope::redis::model
