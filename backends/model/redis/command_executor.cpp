#include "command_executor.h"

#include <algorithm>
#include <string_view>

namespace lockscope::redis::model {
namespace {

struct CommandSpec {
  std::string_view name;  // upper case
  // Redis' arity: N means exactly N words (the name counted), -N at least N. Checked here, before
  // the handler, as the server checks it before the command runs.
  int arity;
  CommandExecutor::Handler handler;
};

}  // namespace

std::string upperCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
    return static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
  });
  return text;
}

std::string lowerCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
    return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  });
  return text;
}

Reply wrongArity(const std::string& command) {
  return Reply::error("ERR wrong number of arguments for '" + lowerCase(command) + "' command");
}

Reply wrongType() {
  return Reply::error("WRONGTYPE Operation against a key holding the wrong kind of value");
}
Reply notAnInteger() { return Reply::error("ERR value is not an integer or out of range"); }
Reply syntaxError() { return Reply::error("ERR syntax error"); }

namespace {

// An unknown command's error as processCommand words it: the name and the first arguments quoted,
// at most 128 bytes of each; the server turns line breaks into spaces so the reply stays one line.
Reply unknownCommand(const Command& argv) {
  std::string args;
  for (size_t i = 1; i < argv.size() && args.size() < 128; ++i) {
    args += "'" + argv[i].substr(0, 128 - args.size()) + "' ";
  }
  std::string text = "ERR unknown command '" + argv[0].substr(0, 128) +
                     "', with args beginning with: " + args;
  std::replace(text.begin(), text.end(), '\r', ' ');
  std::replace(text.begin(), text.end(), '\n', ' ');
  return Reply::error(text);
}

}  // namespace

// The commands by name, with their arities and handlers (a friend, to name the private handlers).
struct CommandTable {
  using E = CommandExecutor;
  static constexpr CommandSpec kCommands[] = {
      {"SET", -3, &E::setCommand},
      {"SETNX", 3, &E::setnxCommand},
      {"GET", 2, &E::getCommand},
      {"GETDEL", 2, &E::getdelCommand},
      {"INCR", 2, &E::incrCommand},
      {"INCRBY", 3, &E::incrbyCommand},
      {"DECR", 2, &E::decrCommand},
      {"DECRBY", 3, &E::decrbyCommand},
      {"DEL", -2, &E::delCommand},
      {"UNLINK", -2, &E::delCommand},
      {"EXISTS", -2, &E::existsCommand},
      {"EXPIRE", -3, &E::expireCommand},
      {"PEXPIRE", -3, &E::pexpireCommand},
      {"EXPIREAT", -3, &E::expireatCommand},
      {"PEXPIREAT", -3, &E::pexpireatCommand},
      {"PERSIST", 2, &E::persistCommand},
      {"TTL", 2, &E::ttlCommand},
      {"PTTL", 2, &E::pttlCommand},
      {"TYPE", 2, &E::typeCommand},
      {"KEYS", 2, &E::keysCommand},
      {"SCAN", -2, &E::scanCommand},
      {"DBSIZE", 1, &E::dbsizeCommand},
      {"FLUSHDB", -1, &E::flushdbCommand},
      {"HSET", -4, &E::hsetCommand},
      {"HGET", 3, &E::hgetCommand},
      {"HDEL", -3, &E::hdelCommand},
      {"HEXISTS", 3, &E::hexistsCommand},
      {"HINCRBY", 4, &E::hincrbyCommand},
      {"HGETALL", 2, &E::hgetallCommand},
      {"PING", -1, &E::pingCommand},
      {"ECHO", 2, &E::echoCommand},
      {"TIME", 1, &E::timeCommand},
      {"INFO", -1, &E::infoCommand},
      {"WAIT", 3, &E::waitCommand},
      {"EVAL", -3, &E::evalCommand},
      {"EVALSHA", -3, &E::evalshaCommand},
      {"SCRIPT", -2, &E::scriptCommand},
  };
};

namespace {

const CommandSpec* findCommand(const std::string& name) {
  const auto& table = CommandTable::kCommands;
  const auto spec = std::find_if(std::begin(table), std::end(table),
                                 [&](const CommandSpec& command) { return command.name == name; });
  return spec == std::end(table) ? nullptr : spec;
}

}  // namespace

Reply CommandExecutor::refusal(const Command& argv) {
  if (argv.empty()) return Reply::error("ERR empty command");
  const std::string name = upperCase(argv[0]);
  const CommandSpec* spec = findCommand(name);
  if (!spec) return unknownCommand(argv);
  const auto words = static_cast<int>(argv.size());
  if ((spec->arity > 0 && words != spec->arity) || (spec->arity < 0 && words < -spec->arity))
    return wrongArity(name);
  return Reply::nil();
}

Reply CommandExecutor::execute(const Command& argv) {
  if (Reply refused = refusal(argv); refused.type == ReplyType::Error) return refused;
  return (this->*(findCommand(upperCase(argv[0]))->handler))(argv);
}

}  // namespace lockscope::redis::model
