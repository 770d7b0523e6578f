#include "replication_info.h"

#include "backends/api/sha1.h"

namespace lockscope::redis::model {
namespace {

// A server's default repl-backlog-size (1 MB).
constexpr int64_t kBacklogSize = 1024 * 1024;
// The port every model instance stands on, in the fields that name one.
constexpr int kModelPort = 6379;

std::string field(std::string_view name, const std::string& value) {
  return std::string(name) + ":" + value + "\r\n";
}
std::string field(std::string_view name, int64_t value) {
  return field(name, std::to_string(value));
}

}  // namespace

std::string replicationId(std::string_view seed) {
  return sha1Hex("lockscope replication id of " + std::string(seed));
}

int64_t ReplicationInfo::acknowledged(int64_t upTo) const {
  int64_t count = 0;
  for (const ReplicaState& replica : replicas) count += replica.offset >= upTo ? 1 : 0;
  return count;
}

std::string ReplicationInfo::section() const {
  std::string out = "# Replication\r\n";
  out += field("role", master ? "master" : "slave");
  if (!master) {
    out += field("master_host", masterHost);
    out += field("master_port", kModelPort);
    out += field("master_link_status", linkUp ? "up" : "down");
    out += field("master_last_io_seconds_ago", linkUp ? 0 : -1);
    out += field("master_sync_in_progress", 0);
    out += field("slave_read_repl_offset", offset);
    out += field("slave_repl_offset", offset);
    if (!linkUp) out += field("master_link_down_since_seconds", linkDownSeconds);
    out += field("slave_priority", 100);
    out += field("slave_read_only", 1);
    out += field("replica_announced", 1);
  }
  out += field("connected_slaves", static_cast<int64_t>(replicas.size()));
  for (size_t i = 0; i < replicas.size(); ++i) {
    out += "slave" + std::to_string(i) + ":ip=" + replicas[i].name +
           ",port=" + std::to_string(kModelPort) +
           ",state=online,offset=" + std::to_string(replicas[i].offset) + ",lag=0\r\n";
  }
  out += field("master_failover_state", "no-failover");
  out += field("master_replid", replid);
  out += field("master_replid2", replid2);
  out += field("master_repl_offset", offset);
  out += field("second_repl_offset", secondOffset);
  out += field("repl_backlog_active", backlog ? 1 : 0);
  out += field("repl_backlog_size", kBacklogSize);
  out += field("repl_backlog_first_byte_offset", backlog ? 1 : 0);
  out += field("repl_backlog_histlen", backlog ? offset : 0);
  return out;
}

}  // namespace lockscope::redis::model
