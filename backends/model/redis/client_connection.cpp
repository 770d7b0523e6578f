#include "client_connection.h"

#include "command_executor.h"

namespace lockscope::redis::model {

Reply ClientConnection::execute(const Command& argv, int64_t nowMs, const Run& run) {
  const std::string name = argv.empty() ? std::string() : upperCase(argv[0]);
  const size_t words = argv.size();
  // The connection's own commands, with their arities (multi.c's command table entries).
  const bool own = name == "MULTI" || name == "EXEC" || name == "DISCARD" || name == "WATCH" ||
                   name == "UNWATCH";
  Reply refused = Reply::nil();
  if (own) {
    if ((name == "WATCH" && words < 2) || (name != "WATCH" && words != 1))
      refused = wrongArity(name);
  } else if (!argv.empty()) {
    refused = CommandExecutor::refusal(argv);
  }
  if (refused.type == ReplyType::Error) {
    if (inMulti_ && name == "EXEC") {
      // An EXEC the server refuses ends the transaction, naming why.
      endTransaction();
      return Reply::error("EXECABORT Transaction discarded because of: " + refused.text.substr(4));
    }
    if (inMulti_) queueFailed_ = true;
    return refused;
  }
  if (name == "MULTI") return multi();
  if (name == "EXEC") return exec(nowMs, run);
  if (name == "DISCARD") return discard();
  if (name == "WATCH") return watch(argv, nowMs);
  if (inMulti_) {
    queued_.push_back(argv);
    return Reply::status("QUEUED");
  }
  if (name == "UNWATCH") {
    watched_.clear();
    watchedWritten_ = false;
    return Reply::status("OK");
  }
  return run({argv}, false).front();
}

void ClientConnection::touched(const KeyChange& change) {
  const auto found = watched_.find(change.key);
  if (found == watched_.end()) return;
  // A key already expired when watched and now lazily deleted did not change, logically.
  if (change.deleted && change.cause == sim::TraceOp(sim::KeyDeletedOp::Expired) && found->second)
    return;
  watchedWritten_ = true;
}

Reply ClientConnection::multi() {
  if (inMulti_) return Reply::error("ERR MULTI calls can not be nested");
  inMulti_ = true;
  return Reply::status("OK");
}

Reply ClientConnection::discard() {
  if (!inMulti_) return Reply::error("ERR DISCARD without MULTI");
  endTransaction();
  return Reply::status("OK");
}

Reply ClientConnection::watch(const Command& argv, int64_t nowMs) {
  if (inMulti_) return Reply::error("ERR WATCH inside MULTI is not allowed");
  for (size_t i = 1; i < argv.size(); ++i)
    watched_.try_emplace(argv[i], keys_.expired(argv[i], nowMs));
  return Reply::status("OK");
}

Reply ClientConnection::exec(int64_t nowMs, const Run& run) {
  if (!inMulti_) return Reply::error("ERR EXEC without MULTI");
  if (queueFailed_) {
    endTransaction();
    return Reply::error("EXECABORT Transaction discarded because of previous errors.");
  }
  for (const auto& [key, expiredWhenWatched] : watched_) {
    if (!expiredWhenWatched && keys_.expired(key, nowMs)) watchedWritten_ = true;
  }
  if (watchedWritten_) {
    endTransaction();
    return Reply::nil();
  }
  // The server forgets the watches before it runs the queue, so a queued UNWATCH finds none and
  // answers OK; the other commands run at one instant.
  const std::vector<Command> queued = std::move(queued_);
  endTransaction();
  std::vector<Command> commands;
  for (const Command& command : queued) {
    if (upperCase(command[0]) != "UNWATCH") commands.push_back(command);
  }
  std::vector<Reply> ran = commands.empty() ? std::vector<Reply>() : run(commands, true);
  Reply replies{ReplyType::Array, {}, 0, {}};
  size_t next = 0;
  for (const Command& command : queued) {
    replies.elements.push_back(upperCase(command[0]) == "UNWATCH" ? Reply::status("OK")
                                                                  : std::move(ran.at(next++)));
  }
  return replies;
}

void ClientConnection::endTransaction() {
  inMulti_ = false;
  queueFailed_ = false;
  queued_.clear();
  watched_.clear();
  watchedWritten_ = false;
}

}  // namespace lockscope::redis::model
