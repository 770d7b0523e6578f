#include "command_executor.h"

#include <algorithm>
#include <charconv>

namespace lockscope::redis::model {
namespace {

const char* kWrongType = "WRONGTYPE Operation against a key holding the wrong kind of value";

bool parseInteger(const std::string& text, int64_t& out) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

Reply notAnInteger() { return Reply::error("ERR value is not an integer or out of range"); }

}  // namespace

std::string upperCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
    return static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
  });
  return text;
}

Reply wrongArity(const std::string& command) {
  std::string lower = command;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) {
    return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  });
  return Reply::error("ERR wrong number of arguments for '" + lower + "' command");
}

Reply CommandExecutor::execute(const Command& argv) {
  if (argv.empty()) return Reply::error("ERR empty command");
  const std::string name = upperCase(argv[0]);
  const size_t arity = argv.size();
  int64_t number = 0;
  if (name == "SET") return setCommand(argv);
  if (name == "SETNX") {
    if (arity != 3) return wrongArity(name);
    return Reply::number(set(argv[1], argv[2], true, false, kNoExpiry).isOk() ? 1 : 0);
  }
  if (name == "GET") return arity == 2 ? get(argv[1]) : wrongArity(name);
  if (name == "DEL") {
    if (arity < 2) return wrongArity(name);
    int64_t deleted = 0;
    for (size_t i = 1; i < arity; ++i) deleted += del(argv[i]).integer;
    return Reply::number(deleted);
  }
  if (name == "EXISTS")
    return arity == 2 ? Reply::number(exists(argv[1]) ? 1 : 0) : wrongArity(name);
  if (name == "PEXPIRE" || name == "EXPIRE") {
    if (arity != 3) return wrongArity(name);
    if (!parseInteger(argv[2], number)) return notAnInteger();
    return pexpire(argv[1], name == "EXPIRE" ? number * 1000 : number);
  }
  if (name == "PTTL" || name == "TTL") {
    if (arity != 2) return wrongArity(name);
    Reply reply = pttl(argv[1]);
    // TTL rounds the remaining milliseconds to the nearest second, as Redis does.
    if (name == "TTL" && reply.integer > 0) reply.integer = (reply.integer + 500) / 1000;
    return reply;
  }
  if (name == "INCR") return arity == 2 ? incr(argv[1]) : wrongArity(name);
  if (name == "HINCRBY") {
    if (arity != 4) return wrongArity(name);
    if (!parseInteger(argv[3], number)) return notAnInteger();
    return hincrby(argv[1], argv[2], number);
  }
  if (name == "HEXISTS") return arity == 3 ? hexists(argv[1], argv[2]) : wrongArity(name);
  if (name == "HGET") {
    if (arity != 3) return wrongArity(name);
    const StoredValue* value = keys_.find(argv[1], nowMs_, changes_);
    if (!value) return Reply::nil();
    if (!value->isHash) return Reply::error(kWrongType);
    const auto field = value->fields.find(argv[2]);
    return field == value->fields.end() ? Reply::nil()
                                        : Reply::string(std::to_string(field->second));
  }
  if (name == "EVAL") return executeScript(argv);
  return Reply::error("ERR unknown command '" + argv[0] + "'");
}

Reply CommandExecutor::setCommand(const Command& argv) {
  if (argv.size() < 3) return wrongArity("SET");
  bool nx = false, xx = false;
  int64_t ttlMs = kNoExpiry;
  for (size_t i = 3; i < argv.size(); ++i) {
    const std::string option = upperCase(argv[i]);
    if (option == "NX") {
      nx = true;
    } else if (option == "XX") {
      xx = true;
    } else if ((option == "PX" || option == "EX") && i + 1 < argv.size()) {
      int64_t amount = 0;
      if (!parseInteger(argv[++i], amount)) return notAnInteger();
      if (amount <= 0) return Reply::error("ERR invalid expire time in 'set' command");
      ttlMs = option == "EX" ? amount * 1000 : amount;
    } else {
      return Reply::error("ERR syntax error");
    }
  }
  if (nx && xx) return Reply::error("ERR syntax error");
  return set(argv[1], argv[2], nx, xx, ttlMs);
}

Reply CommandExecutor::set(const std::string& key, const std::string& value, bool onlyIfMissing,
                           bool onlyIfPresent, int64_t ttlMs) {
  const bool present = keys_.find(key, nowMs_, changes_) != nullptr;
  if ((onlyIfMissing && present) || (onlyIfPresent && !present)) return Reply::nil();
  StoredValue stored;
  stored.text = value;
  // A SET discards any earlier TTL (no KEEPTTL here).
  stored.expiresAtMs = ttlMs == kNoExpiry ? kNoExpiry : nowMs_ + ttlMs;
  keys_.put(key, std::move(stored), sim::KeyChangedOp::Set, changes_);
  return Reply::status("OK");
}

Reply CommandExecutor::get(const std::string& key) {
  const StoredValue* value = keys_.find(key, nowMs_, changes_);
  if (!value) return Reply::nil();
  if (value->isHash) return Reply::error(kWrongType);
  return Reply::string(value->text);
}

Reply CommandExecutor::del(const std::string& key) {
  if (!keys_.find(key, nowMs_, changes_)) return Reply::number(0);
  return Reply::number(keys_.erase(key, sim::KeyDeletedOp::Del, changes_) ? 1 : 0);
}

Reply CommandExecutor::pexpire(const std::string& key, int64_t ttlMs) {
  StoredValue* value = keys_.find(key, nowMs_, changes_);
  if (!value) return Reply::number(0);
  // A non-positive TTL deletes the key at once, as Redis does.
  if (ttlMs <= 0) return Reply::number(keys_.erase(key, sim::KeyDeletedOp::Del, changes_) ? 1 : 0);
  value->expiresAtMs = nowMs_ + ttlMs;
  keys_.touched(key, *value, sim::KeyChangedOp::PExpire, changes_);
  return Reply::number(1);
}

Reply CommandExecutor::pttl(const std::string& key) {
  const StoredValue* value = keys_.find(key, nowMs_, changes_);
  if (!value) return Reply::number(-2);
  if (value->expiresAtMs == kNoExpiry) return Reply::number(-1);
  return Reply::number(value->expiresAtMs - nowMs_);
}

Reply CommandExecutor::incr(const std::string& key) {
  StoredValue* value = keys_.find(key, nowMs_, changes_);
  if (!value) {
    StoredValue fresh;
    fresh.text = "1";
    keys_.put(key, std::move(fresh), sim::KeyChangedOp::Incr, changes_);
    return Reply::number(1);
  }
  int64_t number = 0;
  if (value->isHash) return Reply::error(kWrongType);
  if (!parseInteger(value->text, number)) return notAnInteger();
  value->text = std::to_string(++number);  // INCR keeps the key's TTL
  keys_.touched(key, *value, sim::KeyChangedOp::Incr, changes_);
  return Reply::number(number);
}

Reply CommandExecutor::hincrby(const std::string& key, const std::string& field, int64_t by) {
  StoredValue* value = keys_.find(key, nowMs_, changes_);
  if (!value) {
    StoredValue fresh;
    fresh.isHash = true;
    fresh.fields[field] = by;
    keys_.put(key, std::move(fresh), sim::KeyChangedOp::HIncrBy, changes_);
    return Reply::number(by);
  }
  if (!value->isHash) return Reply::error(kWrongType);
  const int64_t count = value->fields[field] += by;
  keys_.touched(key, *value, sim::KeyChangedOp::HIncrBy, changes_);
  return Reply::number(count);
}

Reply CommandExecutor::hexists(const std::string& key, const std::string& field) {
  const StoredValue* value = keys_.find(key, nowMs_, changes_);
  if (!value) return Reply::number(0);
  if (!value->isHash) return Reply::error(kWrongType);
  return Reply::number(value->fields.count(field) ? 1 : 0);
}

}  // namespace lockscope::redis::model
