#include "redis_key_namespace.h"

#include <charconv>

#include "backends/live/live_namespace.h"
#include "redis_blocking.h"

namespace lockscope::live::redis {

std::string newKeyPrefix() { return "lockscope:" + newRunId() + ":"; }

bool prefixKeys(lockscope::redis::Command& argv, const std::string& prefix) {
  if (prefix.empty() || argv.empty()) return true;
  const std::string& name = argv[0];
  if (name == "SET" || name == "SETNX" || name == "GET" || name == "PEXPIRE" || name == "PTTL") {
    if (argv.size() < 2) return false;
    argv[1] = prefix + argv[1];
    return true;
  }
  if (name == "MULTI" || name == "EXEC") return argv.size() == 1;
  if (name == "DEL" || name == "WATCH") {
    for (size_t i = 1; i < argv.size(); ++i) argv[i] = prefix + argv[i];
    return true;
  }
  if (name == "EVAL") {
    size_t keys = 0;
    if (argv.size() < 3) return false;
    const char* end = argv[2].data() + argv[2].size();
    if (std::from_chars(argv[2].data(), end, keys).ptr != end || 3 + keys > argv.size())
      return false;
    for (size_t i = 3; i < 3 + keys; ++i) argv[i] = prefix + argv[i];
    return true;
  }
  return false;
}

Status deleteKeysWithPrefix(const RedisAddress& address, const std::string& prefix,
                            int64_t timeoutMs) {
  std::string cursor = "0";
  do {
    const auto page = commandAndWait(
        address, {"SCAN", cursor, "MATCH", prefix + "*", "COUNT", "1000"}, timeoutMs);
    if (!page) return page.status();
    if (page->type != lockscope::redis::ReplyType::Array || page->elements.size() != 2) {
      return Status::failure(address.text() + ": unexpected reply to SCAN");
    }
    cursor = page->elements[0].text;
    lockscope::redis::Command del = {"DEL"};
    for (const auto& key : page->elements[1].elements) {
      // The pattern's '*' matches any key; the prefix holds no glob characters, but check anyway.
      if (key.text.rfind(prefix, 0) == 0) del.push_back(key.text);
    }
    if (del.size() > 1) {
      if (const auto deleted = commandAndWait(address, del, timeoutMs); !deleted)
        return deleted.status();
    }
  } while (cursor != "0");
  return Status::success();
}

}  // namespace lockscope::live::redis
