// One client's connection to a model server, for what a server keeps per connection: MULTI's
// queue and WATCH's keys (Redis 7.0's multi.c). Every other command goes to the server as it is.
//
// MULTI queues each later command (QUEUED) after checking its name and arity; a command that fails
// that check is answered with its error and makes EXEC answer EXECABORT. EXEC runs the queue at one
// instant (atomic, as on a server) and answers an array of the replies; DISCARD drops it. WATCH
// makes the next EXEC answer nil when a watched key was written since, by this connection or any
// other: the server tells every connection each change it records (touched(), what a server's
// signalModifiedKey marks), an expiry included, and a watched key that expires before EXEC counts
// as written unless it had expired already when it was watched. EXEC and DISCARD forget the
// watched keys.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "backends/api/redis_client.h"
#include "keyspace.h"

namespace lockscope::redis::model {

class ClientConnection {
 public:
  // Runs `commands` at one instant of the server's clock, one after another with nothing between,
  // and tells every connection (this one too) which keys they wrote. `inTransaction`: EXEC runs
  // them.
  using Run =
      std::function<std::vector<Reply>(const std::vector<Command>& commands, bool inTransaction)>;

  // `keys`: the server's, which outlive the connection.
  explicit ClientConnection(const Keyspace& keys) : keys_(keys) {}

  // Runs (or queues) `argv` at `nowMs` of the server's clock.
  Reply execute(const Command& argv, int64_t nowMs, const Run& run);
  // A change the server recorded, by any connection or by expiry.
  void touched(const KeyChange& change);

 private:
  Reply multi();
  Reply exec(int64_t nowMs, const Run& run);
  Reply discard();
  Reply watch(const Command& argv, int64_t nowMs);
  void endTransaction();

  const Keyspace& keys_;
  bool inMulti_ = false;
  bool queueFailed_ = false;  // a command was refused while queuing: EXEC answers EXECABORT
  std::vector<Command> queued_;
  // Watched keys, each with whether it had already expired when it was watched.
  std::map<std::string, bool, std::less<>> watched_;
  bool watchedWritten_ = false;
};

}  // namespace lockscope::redis::model
