// One instance's keys: strings and hashes, each with an optional expiry as an absolute time in
// milliseconds of the instance's own clock (as Redis stores it, so time runs on while the server
// is down and a clock jump moves every deadline at once).
//
// Lazy expiry: a master deletes an expired key when a command touches it. A replica never
// deletes on its own (it waits for the master's DEL) but hides expired keys from reads.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/trace/trace_ops.h"

namespace lockscope::redis::model {

inline constexpr int64_t kNoExpiry = -1;

struct StoredValue {
  std::string text;  // a string key
  // A hash key's fields in insertion order, as a small hash (a listpack) keeps them and HGETALL
  // lists them. Redisson's hold counts are fields holding integers.
  std::vector<std::pair<std::string, std::string>> fields;
  bool isHash = false;
  int64_t expiresAtMs = kNoExpiry;

  // What the trace shows: the string, or "other=1,owner=2" for a hash (fields sorted, so the
  // trace does not depend on the order they were written in).
  std::string describe() const;
  // A hash's field, or null.
  std::string* field(std::string_view name);
  const std::string* field(std::string_view name) const;
};

// A change to one key, for the trace and for replication (effects are replicated, as Redis does
// for scripts since 5.0: the replica gets the resulting value, not the command).
struct KeyChange {
  std::string key;
  bool deleted = false;
  StoredValue value;   // after the change (unless deleted)
  sim::TraceOp cause;  // a KeyChangedOp, or a KeyDeletedOp when deleted
};

class Keyspace {
 public:
  explicit Keyspace(bool expiresKeys) : expiresKeys_(expiresKeys) {}

  // The live value of `key` at `nowMs`, or nullptr. On an expiring keyspace an expired key is
  // deleted here (lazy expiry) and the deletion appended to `changes`.
  StoredValue* find(const std::string& key, int64_t nowMs, std::vector<KeyChange>& changes);
  // Writes `value` to `key` and records the change.
  StoredValue& put(const std::string& key, StoredValue value, sim::KeyChangedOp cause,
                   std::vector<KeyChange>& changes);
  // Records a change made through a pointer from find().
  void touched(const std::string& key, const StoredValue& value, sim::KeyChangedOp cause,
               std::vector<KeyChange>& changes);
  bool erase(const std::string& key, sim::KeyDeletedOp cause, std::vector<KeyChange>& changes);

  // Replication: applies a change from the master as it is.
  void apply(const KeyChange& change);

  // Active expiry's sample: the keys with an expiry, in key order.
  std::vector<std::string> keysWithExpiry() const;
  bool expired(const std::string& key, int64_t nowMs) const;

  void setExpiresKeys(bool expiresKeys) { expiresKeys_ = expiresKeys; }
  const std::map<std::string, StoredValue, std::less<>>& keys() const { return keys_; }
  void replaceAll(std::map<std::string, StoredValue, std::less<>> keys) { keys_ = std::move(keys); }

 private:
  bool expiresKeys_;
  std::map<std::string, StoredValue, std::less<>> keys_;
};

}  // namespace lockscope::redis::model
