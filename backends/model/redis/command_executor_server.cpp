// Connection and server commands: PING, ECHO, TIME (from the instance's clock), INFO (its
// replication section) and WAIT.
#include "command_executor.h"
#include "redis_integer.h"

namespace lockscope::redis::model {
namespace {

// An executor told nothing of replication stands for a master without replicas.
ReplicationInfo replicationOf(const CommandExecutor::ReplicationSource& source) {
  return source ? source() : ReplicationInfo{};
}

}  // namespace

Reply CommandExecutor::pingCommand(const Command& argv) {
  if (argv.size() > 2) return wrongArity(argv[0]);
  return argv.size() == 1 ? Reply::status("PONG") : Reply::string(argv[1]);
}

Reply CommandExecutor::echoCommand(const Command& argv) { return Reply::string(argv[1]); }

Reply CommandExecutor::timeCommand(const Command&) {
  // The instance's clock counts milliseconds: the microseconds are its millisecond's first.
  const int64_t seconds = nowMs_ / 1000;
  const int64_t micros = (nowMs_ % 1000) * 1000;
  Reply reply{ReplyType::Array, {}, 0, {}};
  reply.elements.push_back(Reply::string(std::to_string(seconds)));
  reply.elements.push_back(Reply::string(std::to_string(micros)));
  return reply;
}

Reply CommandExecutor::infoCommand(const Command& argv) {
  // The model has one section of a server's INFO, replication: asked for by name, by default (no
  // argument), or by "all" or "everything". A name the server does not know, or one of the
  // sections the model lacks, adds nothing (an empty reply when nothing is left).
  bool replication = argv.size() == 1;
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string section = lowerCase(argv[i]);
    replication = replication || section == "replication" || section == "default" ||
                  section == "all" || section == "everything";
  }
  if (!replication) return Reply::string("");
  return Reply::string(replicationOf(replication_).section());
}

Reply CommandExecutor::waitCommand(const Command& argv) {
  const ReplicationInfo replication = replicationOf(replication_);
  // replication.c's waitCommand: a replica refuses before reading its arguments.
  if (!replication.master) {
    return Reply::error(
        "ERR WAIT cannot be used with replica instances. Please also note that since Redis 4.0 "
        "if a replica is configured to be writable (which is not the default) writes to replicas "
        "are just local and are not propagated.");
  }
  int64_t replicas = 0;
  int64_t timeoutMs = 0;
  if (!parseRedisInteger(argv[1], replicas)) return notAnInteger();
  if (!parseRedisInteger(argv[2], timeoutMs))
    return Reply::error("ERR timeout is not an integer or out of range");
  if (timeoutMs < 0) return Reply::error("ERR timeout is negative");
  // Acknowledged: what the replicas have applied of everything the master has written.
  const int64_t acknowledged = replication.acknowledged(replication.offset);
  if (acknowledged < replicas && !inTransaction_) blocked_ = BlockedWait{replicas, timeoutMs};
  return Reply::number(acknowledged);
}

}  // namespace lockscope::redis::model
