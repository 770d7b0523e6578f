// One client's connection to a model instance, for what a server keeps per connection: MULTI's
// queue and WATCH's keys (Redis 7.0's multi.c). Every other command goes straight to the command
// executor.
//
// MULTI queues each later command (QUEUED) after checking its name and arity; a command that fails
// that check is answered with its error and makes EXEC answer EXECABORT. EXEC runs the queue at one
// instant (atomic, as on a server) and answers an array of the replies; DISCARD drops it. WATCH
// makes the next EXEC answer nil when a watched key was written since: a key is written when a
// command records a change to it (the executor's KeyChange, what a server's signalModifiedKey
// marks), an expiry included, and a watched key that expires before EXEC counts as written unless
// it had expired already when it was watched. EXEC and DISCARD forget the watched keys.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "keyspace.h"
#include "script_cache.h"

namespace lockscope::redis::model {

class ClientConnection {
 public:
  // The instance's state, which outlives the connection.
  ClientConnection(Keyspace& keys, ScriptCache& scripts, uint64_t& scriptRandom)
      : keys_(keys), scripts_(scripts), scriptRandom_(scriptRandom) {}

  // Runs (or queues) `argv` at `nowMs` of the instance's clock.
  Reply execute(const Command& argv, int64_t nowMs);

 private:
  Reply multi();
  Reply exec(int64_t nowMs);
  Reply discard();
  Reply watch(const Command& argv, int64_t nowMs);
  // Runs commands at one instant and notes which watched keys they wrote.
  std::vector<Reply> run(const std::vector<Command>& commands, int64_t nowMs);
  void endTransaction();

  Keyspace& keys_;
  ScriptCache& scripts_;
  uint64_t& scriptRandom_;
  bool inMulti_ = false;
  bool queueFailed_ = false;  // a command was refused while queuing: EXEC answers EXECABORT
  std::vector<Command> queued_;
  // Watched keys, each with whether it had already expired when it was watched.
  std::map<std::string, bool, std::less<>> watched_;
  bool watchedWritten_ = false;
};

}  // namespace lockscope::redis::model
