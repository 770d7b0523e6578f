// Connection and server commands: PING, ECHO, TIME (from the instance's clock).
#include "command_executor.h"

namespace lockscope::redis::model {

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

}  // namespace lockscope::redis::model
