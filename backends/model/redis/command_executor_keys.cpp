// Key commands: DEL, UNLINK, EXISTS, the EXPIRE family, PERSIST, TTL, PTTL, TYPE, KEYS, SCAN,
// DBSIZE, FLUSHDB.
#include <strings.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <limits>
#include <optional>

#include "command_executor.h"
#include "glob_match.h"
#include "redis_integer.h"

namespace lockscope::redis::model {
namespace {

enum ExpireFlag : unsigned { kNx = 1, kXx = 2, kGt = 4, kLt = 8 };

const char* typeName(const StoredValue* value) {
  return !value ? "none" : value->isHash ? "hash" : "string";
}

// db.c's parseScanCursorOrReply: strtoul's grammar, so "+1", "01", "-1" (which wraps) and even ""
// (0) are cursors; a leading blank, trailing text or a number past 2^64-1 is not.
bool isScanCursor(const std::string& text) {
  if (!text.empty() && std::isspace(static_cast<unsigned char>(text[0]))) return false;
  errno = 0;
  char* end = nullptr;
  std::strtoul(text.c_str(), &end, 10);
  return *end == '\0' && errno != ERANGE;
}

}  // namespace

Reply CommandExecutor::delCommand(const Command& argv) {
  int64_t deleted = 0;
  for (size_t i = 1; i < argv.size(); ++i) {
    if (find(argv[i]) && erase(argv[i])) ++deleted;
  }
  return Reply::number(deleted);
}

Reply CommandExecutor::existsCommand(const Command& argv) {
  int64_t found = 0;  // a key named twice counts twice, as on a server
  for (size_t i = 1; i < argv.size(); ++i) found += find(argv[i]) ? 1 : 0;
  return Reply::number(found);
}

Reply CommandExecutor::expireCommand(const Command& argv) {
  return expireGeneric(argv, nowMs_, true);
}
Reply CommandExecutor::pexpireCommand(const Command& argv) {
  return expireGeneric(argv, nowMs_, false);
}
Reply CommandExecutor::expireatCommand(const Command& argv) { return expireGeneric(argv, 0, true); }
Reply CommandExecutor::pexpireatCommand(const Command& argv) {
  return expireGeneric(argv, 0, false);
}

// expire.c's expireGenericCommand: the options first, then the time, then the key.
Reply CommandExecutor::expireGeneric(const Command& argv, int64_t base, bool inSeconds) {
  unsigned flags = 0;
  for (size_t i = 3; i < argv.size(); ++i) {
    const std::string option = upperCase(argv[i]);
    if (option == "NX") {
      flags |= kNx;
    } else if (option == "XX") {
      flags |= kXx;
    } else if (option == "GT") {
      flags |= kGt;
    } else if (option == "LT") {
      flags |= kLt;
    } else {
      return Reply::error("ERR Unsupported option " + argv[i]);
    }
  }
  if ((flags & kNx) && (flags & (kXx | kGt | kLt)))
    return Reply::error("ERR NX and XX, GT or LT options at the same time are not compatible");
  if ((flags & kGt) && (flags & kLt))
    return Reply::error("ERR GT and LT options at the same time are not compatible");
  int64_t when = 0;
  if (!parseRedisInteger(argv[2], when)) return notAnInteger();
  const Reply invalid = Reply::error("ERR invalid expire time in '" + lowerCase(argv[0]) +
                                     "' command");
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  if (inSeconds) {
    if (when > kMax / 1000 || when < std::numeric_limits<int64_t>::min() / 1000) return invalid;
    when *= 1000;
  }
  if (when > kMax - base) return invalid;
  when += base;

  StoredValue* value = find(argv[1]);
  if (!value) return Reply::number(0);
  const int64_t current = value->expiresAtMs;
  if ((flags & kNx) && current != kNoExpiry) return Reply::number(0);
  if ((flags & kXx) && current == kNoExpiry) return Reply::number(0);
  // No expiry counts as infinite: GT never beats it, LT always does.
  if ((flags & kGt) && (current == kNoExpiry || when <= current)) return Reply::number(0);
  if ((flags & kLt) && current != kNoExpiry && when >= current) return Reply::number(0);
  // A time already past deletes the key at once, as Redis does.
  if (when <= nowMs_) return Reply::number(erase(argv[1]) ? 1 : 0);
  value->expiresAtMs = when;
  keys_.touched(argv[1], *value, sim::KeyChangedOp::PExpire, changes_);
  return Reply::number(1);
}

Reply CommandExecutor::persistCommand(const Command& argv) {
  StoredValue* value = find(argv[1]);
  if (!value || value->expiresAtMs == kNoExpiry) return Reply::number(0);
  value->expiresAtMs = kNoExpiry;
  keys_.touched(argv[1], *value, sim::KeyChangedOp::PExpire, changes_);
  return Reply::number(1);
}

Reply CommandExecutor::pttlCommand(const Command& argv) {
  const StoredValue* value = find(argv[1]);
  if (!value) return Reply::number(-2);
  if (value->expiresAtMs == kNoExpiry) return Reply::number(-1);
  return Reply::number(value->expiresAtMs - nowMs_);
}

Reply CommandExecutor::ttlCommand(const Command& argv) {
  Reply reply = pttlCommand(argv);
  // TTL rounds the remaining milliseconds to the nearest second, as Redis does.
  if (reply.integer >= 0) reply.integer = (reply.integer + 500) / 1000;
  return reply;
}

Reply CommandExecutor::typeCommand(const Command& argv) {
  const StoredValue* value = find(argv[1]);
  return Reply::status(typeName(value));
}

Reply CommandExecutor::keysCommand(const Command& argv) {
  // Like the server, KEYS skips expired keys without deleting them. A server lists them in its
  // hash table's order; the model in key order.
  Reply reply{ReplyType::Array, {}, 0, {}};
  for (const auto& [key, value] : keys_.keys()) {
    if (globMatches(argv[1], key) && !keys_.expired(key, nowMs_))
      reply.elements.push_back(Reply::string(key));
  }
  return reply;
}

// db.c's scanGenericCommand. A server walks its hash table a few buckets a call and hands back
// where it stopped; the model has no buckets and answers every key in one call, in key order,
// with the cursor 0 that ends an iteration, whatever cursor it was given (a cursor it never gave
// starts one). COUNT is checked and then has nothing to bound.
Reply CommandExecutor::scanCommand(const Command& argv) {
  if (!isScanCursor(argv[1])) return Reply::error("ERR invalid cursor");
  std::optional<std::string> pattern;
  std::optional<std::string> type;
  for (size_t i = 2; i < argv.size(); i += 2) {
    const bool valued = argv.size() - i >= 2;  // an option without its value is a syntax error
    const std::string option = upperCase(argv[i]);
    if (option == "COUNT" && valued) {
      int64_t count = 0;
      if (!parseRedisInteger(argv[i + 1], count)) return notAnInteger();
      if (count < 1) return syntaxError();
    } else if (option == "MATCH" && valued) {
      pattern = argv[i + 1];
    } else if (option == "TYPE" && valued) {
      type = argv[i + 1];
    } else {
      return syntaxError();
    }
  }
  std::vector<std::string> all;
  for (const auto& entry : keys_.keys()) all.push_back(entry.first);
  Reply keys{ReplyType::Array, {}, 0, {}};
  for (const std::string& key : all) {
    // The server's filters in its order: the pattern, then the type, whose lookup expires the
    // key (an expired key's type is "none"), then expiry, which deletes one still there.
    if (pattern && !globMatches(*pattern, key)) continue;
    if (type && strcasecmp(type->c_str(), typeName(find(key))) != 0) continue;
    if (keys_.expired(key, nowMs_)) {
      find(key);
      continue;
    }
    keys.elements.push_back(Reply::string(key));
  }
  Reply reply{ReplyType::Array, {}, 0, {}};
  reply.elements.push_back(Reply::string("0"));
  reply.elements.push_back(std::move(keys));
  return reply;
}

Reply CommandExecutor::dbsizeCommand(const Command&) {
  // Like the server, expired keys not yet deleted still count.
  return Reply::number(static_cast<int64_t>(keys_.keys().size()));
}

Reply CommandExecutor::flushdbCommand(const Command& argv) {
  if (argv.size() > 2) return syntaxError();
  if (argv.size() == 2) {
    const std::string mode = upperCase(argv[1]);
    if (mode != "SYNC" && mode != "ASYNC") return syntaxError();
  }
  std::vector<std::string> all;
  for (const auto& entry : keys_.keys()) all.push_back(entry.first);
  for (const std::string& key : all) erase(key);
  return Reply::status("OK");
}

}  // namespace lockscope::redis::model
