// String commands: SET and its options, SETNX, GET, GETDEL and the counters.
#include <limits>

#include "command_executor.h"
#include "redis_integer.h"

namespace lockscope::redis::model {
namespace {

enum SetFlag : unsigned {
  kNx = 1,
  kXx = 2,
  kGet = 4,
  kKeepTtl = 8,
  kEx = 16,
  kPx = 32,
  kExAt = 64,
  kPxAt = 128,
};
constexpr unsigned kAnyExpiry = kEx | kPx | kExAt | kPxAt;

// t_string.c's parseExtendedStringArgumentsOrReply for SET: an option that contradicts an earlier
// one (NX after XX, EX after PX, KEEPTTL after EX...) is a syntax error, a repeated one is not.
bool parseSetOptions(const Command& argv, unsigned& flags, const std::string*& expiry) {
  for (size_t i = 3; i < argv.size(); ++i) {
    const std::string option = upperCase(argv[i]);
    const bool hasNext = i + 1 < argv.size();
    const auto expiryOption = [&](unsigned flag) {
      if ((flags & (kKeepTtl | (kAnyExpiry & ~flag))) || !hasNext) return false;
      flags |= flag;
      expiry = &argv[++i];
      return true;
    };
    if (option == "NX" && !(flags & kXx)) {
      flags |= kNx;
    } else if (option == "XX" && !(flags & kNx)) {
      flags |= kXx;
    } else if (option == "GET") {
      flags |= kGet;
    } else if (option == "KEEPTTL" && !(flags & kAnyExpiry)) {
      flags |= kKeepTtl;
    } else if (option == "EX"     ? expiryOption(kEx)
               : option == "PX"   ? expiryOption(kPx)
               : option == "EXAT" ? expiryOption(kExAt)
               : option == "PXAT" ? expiryOption(kPxAt)
                                  : false) {
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

Reply CommandExecutor::setCommand(const Command& argv) {
  unsigned flags = 0;
  const std::string* expiry = nullptr;
  if (!parseSetOptions(argv, flags, expiry)) return syntaxError();
  int64_t expiresAt = kNoExpiry;
  if (expiry) {
    // getExpireMillisecondsOrReply: positive, no overflow in the unit or with the current time.
    int64_t amount = 0;
    if (!parseRedisInteger(*expiry, amount)) return notAnInteger();
    const bool seconds = flags & (kEx | kExAt);
    const Reply invalid = Reply::error("ERR invalid expire time in 'set' command");
    if (amount <= 0 || (seconds && amount > std::numeric_limits<int64_t>::max() / 1000))
      return invalid;
    if (seconds) amount *= 1000;
    if (flags & (kEx | kPx)) {
      if (amount > std::numeric_limits<int64_t>::max() - nowMs_) return invalid;
      amount += nowMs_;
    }
    expiresAt = amount;
  }
  StoredValue* current = find(argv[1]);
  Reply previous = Reply::nil();
  if (flags & kGet) {
    if (current && current->isHash) return wrongType();
    if (current) previous = Reply::string(current->text);
  }
  if (((flags & kNx) && current) || ((flags & kXx) && !current)) return previous;
  StoredValue stored;
  stored.text = argv[2];
  stored.expiresAtMs = (flags & kKeepTtl) && current ? current->expiresAtMs : expiresAt;
  keys_.put(argv[1], std::move(stored), sim::KeyChangedOp::Set, changes_);
  return (flags & kGet) ? previous : Reply::status("OK");
}

Reply CommandExecutor::setnxCommand(const Command& argv) {
  if (find(argv[1])) return Reply::number(0);
  StoredValue stored;
  stored.text = argv[2];
  keys_.put(argv[1], std::move(stored), sim::KeyChangedOp::Set, changes_);
  return Reply::number(1);
}

Reply CommandExecutor::getCommand(const Command& argv) {
  const StoredValue* value = find(argv[1]);
  if (!value) return Reply::nil();
  if (value->isHash) return wrongType();
  return Reply::string(value->text);
}

Reply CommandExecutor::getdelCommand(const Command& argv) {
  Reply reply = getCommand(argv);
  if (reply.type == ReplyType::String) erase(argv[1]);
  return reply;
}

Reply CommandExecutor::incrCommand(const Command& argv) { return incrementBy(argv[1], 1); }
Reply CommandExecutor::decrCommand(const Command& argv) { return incrementBy(argv[1], -1); }

Reply CommandExecutor::incrbyCommand(const Command& argv) {
  int64_t by = 0;
  if (!parseRedisInteger(argv[2], by)) return notAnInteger();
  return incrementBy(argv[1], by);
}

Reply CommandExecutor::decrbyCommand(const Command& argv) {
  int64_t by = 0;
  if (!parseRedisInteger(argv[2], by)) return notAnInteger();
  if (by == std::numeric_limits<int64_t>::min())
    return Reply::error("ERR decrement would overflow");
  return incrementBy(argv[1], -by);
}

Reply CommandExecutor::incrementBy(const std::string& key, int64_t by) {
  StoredValue* value = find(key);
  int64_t number = 0;
  if (value) {
    if (value->isHash) return wrongType();
    if (!parseRedisInteger(value->text, number)) return notAnInteger();
  }
  if (!addWithoutOverflow(number, by))
    return Reply::error("ERR increment or decrement would overflow");
  if (!value) {
    StoredValue fresh;
    fresh.text = std::to_string(number);
    keys_.put(key, std::move(fresh), sim::KeyChangedOp::Incr, changes_);
  } else {
    value->text = std::to_string(number);  // a counter keeps the key's TTL
    keys_.touched(key, *value, sim::KeyChangedOp::Incr, changes_);
  }
  return Reply::number(number);
}

}  // namespace lockscope::redis::model
