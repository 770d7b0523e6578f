#include "redis_reply.h"

#include "redis_scripts.h"

namespace lockscope::redis {

const char* replyTypeName(ReplyType type) {
  switch (type) {
    case ReplyType::Status: return "status";
    case ReplyType::Error: return "error";
    case ReplyType::Integer: return "integer";
    case ReplyType::String: return "string";
    case ReplyType::Nil: return "nil";
    case ReplyType::Array: return "array";
    case ReplyType::Timeout: return "timeout";
    case ReplyType::Disconnected: return "disconnected";
  }
  return "nil";
}

std::string Reply::describe() const {
  switch (type) {
    case ReplyType::Status:
    case ReplyType::Error: return text;
    case ReplyType::Integer: return std::to_string(integer);
    case ReplyType::String: return "\"" + text + "\"";
    case ReplyType::Nil: return "nil";
    case ReplyType::Array: return "array of " + std::to_string(elements.size());
    case ReplyType::Timeout: return "timeout";
    case ReplyType::Disconnected: return "disconnected";
  }
  return "nil";
}

namespace scripts {

std::string_view luaSource(std::string_view name) {
  if (name == kCompareAndDelete) {
    return "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
           "else return 0 end";
  }
  if (name == kCompareAndExtend) {
    return "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], "
           "ARGV[2]) else return 0 end";
  }
  if (name == kReentrantAcquire) {
    return "if (redis.call('exists', KEYS[1]) == 0) or (redis.call('hexists', KEYS[1], ARGV[2]) "
           "== 1) then redis.call('hincrby', KEYS[1], ARGV[2], 1); redis.call('pexpire', KEYS[1], "
           "ARGV[1]); return nil; end; return redis.call('pttl', KEYS[1]);";
  }
  if (name == kReentrantRelease) {
    return "if (redis.call('hexists', KEYS[1], ARGV[2]) == 0) then return nil; end; local left = "
           "redis.call('hincrby', KEYS[1], ARGV[2], -1); if (left > 0) then "
           "redis.call('pexpire', KEYS[1], ARGV[1]); else redis.call('del', KEYS[1]); end; "
           "return left;";
  }
  if (name == kFencedAcquire) {
    return "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return "
           "redis.call('incr', KEYS[1] .. ':fence') end; return nil;";
  }
  return {};
}

}  // namespace scripts
}  // namespace lockscope::redis
