#include "redis_shell.h"

#include <strings.h>
#include <cerrno>
#include <cstdlib>
#include <istream>
#include <ostream>

#include "redis_shell_format.h"
#include "redis_shell_tokenizer.h"

namespace lockscope::cli {
namespace {

bool isWord(const std::string& word, const char* name) {
  return strcasecmp(word.c_str(), name) == 0;
}

// redis-cli's repeat prefix: the first word is a count when strtol reads all of it (so "+2" and
// " 2" count, and so does "" - as zero, which is refused) and more words follow. 0 when it is a
// count out of range, -1 when it is no count at all.
long repeatCount(const std::vector<std::string>& words) {
  if (words.size() < 2) return -1;
  errno = 0;
  char* end = nullptr;
  const long count = std::strtol(words[0].c_str(), &end, 10);
  if (*end != '\0') return -1;
  return errno == ERANGE || count <= 0 ? 0 : count;
}

}  // namespace

int runRedisShell(RedisShellIo io, const RedisSend& send) {
  std::string line;
  while (true) {
    io.out << io.prompt << std::flush;
    if (!std::getline(io.in, line) || !runRedisShellLine(line, io.out, send)) break;
  }
  return 0;
}

bool runRedisShellLine(const std::string& line, std::ostream& out, const RedisSend& send) {
  if (line.empty()) return true;
  const auto words = splitRedisArguments(line);
  if (!words) {
    out << "Invalid argument(s)\n";
    return true;
  }
  if (words->empty()) return true;
  if (isWord(words->front(), "quit") || isWord(words->front(), "exit")) return false;
  redis::Command command = *words;
  long times = repeatCount(command);
  if (times == 0) {
    out << "Invalid redis-cli repeat command option value.\n";
    return true;
  }
  if (times > 0) {
    command.erase(command.begin());
  } else {
    times = 1;
  }
  for (long i = 0; i < times; ++i) {
    const redis::Reply reply = send(command);
    if (reply.failed()) break;  // the sender said why (redis-cli: "Error: ...")
    out << (printsVerbatim(command) ? formatRedisReplyRaw(reply) : formatRedisReply(reply));
  }
  out << std::flush;
  return true;
}

}  // namespace lockscope::cli
