// Client names interned as small numbers, once per event, so that the checkers keep per-client
// state in vectors instead of looking names up in maps on every event. Numbers follow first
// appearance in the trace; output that lists clients sorts their names.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lockscope::checkers {

using ClientId = uint32_t;
constexpr ClientId kNoClient = UINT32_MAX;

// Hashing for unordered maps keyed by std::string that are looked up with string_views. Such maps
// are only ever looked up, never iterated (iteration order would depend on the library).
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};
template <typename Value>
using StringLookup = std::unordered_map<std::string, Value, StringHash, std::equal_to<>>;

class ClientNames {
 public:
  ClientId intern(std::string_view name);
  const std::string& name(ClientId id) const { return names_[id]; }
  size_t size() const { return names_.size(); }
  // Names of `ids`, sorted.
  std::vector<std::string> sortedNames(const std::vector<ClientId>& ids) const;

 private:
  StringLookup<ClientId> ids_;
  std::vector<std::string> names_;
};

// Per-client state in a vector indexed by ClientId, grown on first use.
template <typename State>
class PerClient {
 public:
  State& operator[](ClientId id) {
    if (id >= states_.size()) states_.resize(id + 1);
    return states_[id];
  }
  const State* find(ClientId id) const { return id < states_.size() ? &states_[id] : nullptr; }
  size_t size() const { return states_.size(); }

 private:
  std::vector<State> states_;
};

}  // namespace lockscope::checkers
