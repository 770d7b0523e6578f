// Hash commands: HSET, HGET, HDEL, HEXISTS, HINCRBY, HGETALL. Fields keep their insertion order,
// as a small hash does on a server (HGETALL lists them so).

#include "command_executor.h"
#include "redis_integer.h"

namespace lockscope::redis::model {

Reply CommandExecutor::hsetCommand(const Command& argv) {
  if (argv.size() % 2 != 0) return wrongArity(argv[0]);
  StoredValue* value = find(argv[1]);
  if (value && !value->isHash) return wrongType();
  StoredValue fresh;
  fresh.isHash = true;
  StoredValue& hash = value ? *value : fresh;
  int64_t added = 0;
  for (size_t i = 2; i + 1 < argv.size(); i += 2) {
    if (std::string* field = hash.field(argv[i])) {
      *field = argv[i + 1];
    } else {
      hash.fields.emplace_back(argv[i], argv[i + 1]);
      ++added;
    }
  }
  if (value) {
    keys_.touched(argv[1], *value, sim::KeyChangedOp::HIncrBy, changes_);
  } else {
    keys_.put(argv[1], std::move(fresh), sim::KeyChangedOp::HIncrBy, changes_);
  }
  return Reply::number(added);
}

Reply CommandExecutor::hgetCommand(const Command& argv) {
  const StoredValue* value = find(argv[1]);
  if (!value) return Reply::nil();
  if (!value->isHash) return wrongType();
  const std::string* field = value->field(argv[2]);
  return field ? Reply::string(*field) : Reply::nil();
}

Reply CommandExecutor::hdelCommand(const Command& argv) {
  StoredValue* value = find(argv[1]);
  if (!value) return Reply::number(0);
  if (!value->isHash) return wrongType();
  int64_t deleted = 0;
  for (size_t i = 2; i < argv.size(); ++i) {
    const auto before = value->fields.size();
    std::erase_if(value->fields, [&](const auto& field) { return field.first == argv[i]; });
    deleted += static_cast<int64_t>(before - value->fields.size());
  }
  if (deleted == 0) return Reply::number(0);
  // A hash left without fields is no key at all.
  if (value->fields.empty()) {
    erase(argv[1]);
  } else {
    keys_.touched(argv[1], *value, sim::KeyChangedOp::HIncrBy, changes_);
  }
  return Reply::number(deleted);
}

Reply CommandExecutor::hexistsCommand(const Command& argv) {
  const StoredValue* value = find(argv[1]);
  if (!value) return Reply::number(0);
  if (!value->isHash) return wrongType();
  return Reply::number(value->field(argv[2]) ? 1 : 0);
}

Reply CommandExecutor::hincrbyCommand(const Command& argv) {
  int64_t by = 0;
  if (!parseRedisInteger(argv[3], by)) return notAnInteger();
  StoredValue* value = find(argv[1]);
  if (value && !value->isHash) return wrongType();
  int64_t number = 0;
  std::string* field = value ? value->field(argv[2]) : nullptr;
  if (field && !parseRedisInteger(*field, number))
    return Reply::error("ERR hash value is not an integer");
  if (!addWithoutOverflow(number, by))
    return Reply::error("ERR increment or decrement would overflow");
  if (!value) {
    StoredValue fresh;
    fresh.isHash = true;
    fresh.fields.emplace_back(argv[2], std::to_string(number));
    keys_.put(argv[1], std::move(fresh), sim::KeyChangedOp::HIncrBy, changes_);
    return Reply::number(number);
  }
  if (field) {
    *field = std::to_string(number);
  } else {
    value->fields.emplace_back(argv[2], std::to_string(number));
  }
  keys_.touched(argv[1], *value, sim::KeyChangedOp::HIncrBy, changes_);
  return Reply::number(number);
}

Reply CommandExecutor::hgetallCommand(const Command& argv) {
  const StoredValue* value = find(argv[1]);
  Reply reply{ReplyType::Array, {}, 0, {}};
  if (!value) return reply;
  if (!value->isHash) return wrongType();
  for (const auto& [name, text] : value->fields) {
    reply.elements.push_back(Reply::string(name));
    reply.elements.push_back(Reply::string(text));
  }
  return reply;
}

}  // namespace lockscope::redis::model
