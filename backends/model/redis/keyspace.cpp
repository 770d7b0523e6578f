#include "keyspace.h"

#include <algorithm>

namespace lockscope::redis::model {

std::string StoredValue::describe() const {
  if (!isHash) return text;
  auto sorted = fields;
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const auto& [name, value] : sorted) {
    if (!out.empty()) out += ',';
    out += name + "=" + value;
  }
  return out;
}

std::string* StoredValue::field(std::string_view name) {
  for (auto& [fieldName, value] : fields) {
    if (fieldName == name) return &value;
  }
  return nullptr;
}

const std::string* StoredValue::field(std::string_view name) const {
  return const_cast<StoredValue*>(this)->field(name);
}

StoredValue* Keyspace::find(const std::string& key, int64_t nowMs,
                            std::vector<KeyChange>& changes) {
  const auto found = keys_.find(key);
  if (found == keys_.end()) return nullptr;
  const int64_t expiresAt = found->second.expiresAtMs;
  // Redis' test is "now > when": a key lives through its last millisecond.
  if (expiresAt == kNoExpiry || nowMs <= expiresAt) return &found->second;
  if (expiresKeys_) {
    keys_.erase(found);
    changes.push_back(KeyChange{key, true, {}, sim::KeyDeletedOp::Expired});
  }
  return nullptr;
}

StoredValue& Keyspace::put(const std::string& key, StoredValue value, sim::KeyChangedOp cause,
                           std::vector<KeyChange>& changes) {
  StoredValue& stored = keys_[key];
  stored = std::move(value);
  changes.push_back(KeyChange{key, false, stored, cause});
  return stored;
}

void Keyspace::touched(const std::string& key, const StoredValue& value, sim::KeyChangedOp cause,
                       std::vector<KeyChange>& changes) {
  changes.push_back(KeyChange{key, false, value, cause});
}

bool Keyspace::erase(const std::string& key, sim::KeyDeletedOp cause,
                     std::vector<KeyChange>& changes) {
  if (keys_.erase(key) == 0) return false;
  changes.push_back(KeyChange{key, true, {}, cause});
  return true;
}

void Keyspace::apply(const KeyChange& change) {
  if (change.deleted) {
    keys_.erase(change.key);
  } else {
    keys_[change.key] = change.value;
  }
}

std::vector<std::string> Keyspace::keysWithExpiry() const {
  std::vector<std::string> keys;
  for (const auto& [key, value] : keys_) {
    if (value.expiresAtMs != kNoExpiry) keys.push_back(key);
  }
  return keys;
}

bool Keyspace::expired(const std::string& key, int64_t nowMs) const {
  const auto found = keys_.find(key);
  return found != keys_.end() && found->second.expiresAtMs != kNoExpiry &&
         nowMs > found->second.expiresAtMs;
}

}  // namespace lockscope::redis::model
