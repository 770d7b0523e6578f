#include "narration_claims.h"

#include <algorithm>
#include <map>

#include "redis_section_reader.h"

namespace lockscope::scenario {
namespace {

const std::map<std::string, ClaimShape>& shapes() {
  static const std::map<std::string, ClaimShape> all = {
      {"holders", ClaimShape::Count},
      {"violations", ClaimShape::Count},
      {"acquisitions", ClaimShape::Count},
      {"releases", ClaimShape::Count},
      {"notifications", ClaimShape::Count},
      {"holder", ClaimShape::Clients},
      {"waiting", ClaimShape::Clients},
      {"watching", ClaimShape::Clients},
      {"part_holder", ClaimShape::Clients},
      {"node_exists", ClaimShape::Paths},
      {"node_absent", ClaimShape::Paths},
      {"state", ClaimShape::ClientStates},
      {"redis_holder", ClaimShape::InstanceHolders},
      {"cache_version", ClaimShape::CacheVersions}};
  return all;
}

// The value as written, on one line: "[c2, c3]", "{c1: crashed}".
std::string writtenText(const YAML::Node& node) {
  YAML::Emitter out;
  out << YAML::Flow << node;
  return out.c_str();
}

}  // namespace

ClaimShape claimShape(const std::string& key) { return shapes().at(key); }

const std::vector<std::string>& claimKeys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> names;
    for (const auto& [name, shape] : shapes()) names.push_back(name);
    return names;
  }();
  return keys;
}

const std::vector<std::string>& clientStateNames() {
  static const std::vector<std::string> names = {"idle",    "creating",  "listing", "waiting",
                                                 "holding", "releasing", "paused",  "crashed",
                                                 "expired", "done"};
  return names;
}

std::vector<NarrationClaim> NarrationClaimsReader::read(const YAML::Node& node,
                                                        const std::string& path) const {
  r_.requireKeys(node, path, claimKeys());
  std::vector<NarrationClaim> claims;
  for (const auto& entry : node) {
    const std::string key = entry.first.Scalar();
    NarrationClaim claim = readClaim(key, entry.second, path + "." + key);
    claim.location = r_.locate(entry.first, path + "." + key);
    claims.push_back(std::move(claim));
  }
  return claims;
}

NarrationClaim NarrationClaimsReader::readClaim(const std::string& key, const YAML::Node& value,
                                                const std::string& where) const {
  NarrationClaim claim;
  claim.key = key;
  claim.written = writtenText(value);
  switch (claimShape(key)) {
    case ClaimShape::Count: r_.bound(value, where, claim.comparison, claim.bound); break;
    case ClaimShape::Clients:
      for (size_t i = 0; i < (value.IsSequence() ? value.size() : 1); ++i) {
        const YAML::Node name = value.IsSequence() ? value[i] : value;
        claim.names.push_back(
            client(name, value.IsSequence() ? where + "[" + std::to_string(i) + "]" : where));
      }
      break;
    case ClaimShape::Paths:
      for (size_t i = 0; i < (value.IsSequence() ? value.size() : 1); ++i) {
        const YAML::Node name = value.IsSequence() ? value[i] : value;
        claim.names.push_back(
            path(name, value.IsSequence() ? where + "[" + std::to_string(i) + "]" : where));
      }
      break;
    case ClaimShape::ClientStates:
      r_.requireMap(value, where);
      for (const auto& entry : value) {
        const std::string name = client(entry.first, where);
        const std::string state = r_.text(entry.second, where + "." + name);
        const auto& states = clientStateNames();
        if (std::find(states.begin(), states.end(), state) == states.end()) {
          std::string expected;
          for (const auto& known : states) expected += (expected.empty() ? " " : ", ") + known;
          r_.fail(entry.second, where + "." + name,
                  "unknown state '" + state + "'; expected one of:" + expected);
        }
        claim.byName[name] = state;
      }
      break;
    case ClaimShape::CacheVersions:
      // The version each client's open cache holds (sim/recipes/watching_recipe.h): a number, or
      // `none` for a cache closed, never opened, or holding no node.
      r_.requireMap(value, where);
      for (const auto& entry : value) {
        const std::string name = client(entry.first, where);
        const std::string version = r_.text(entry.second, where + "." + name);
        const bool number = !version.empty() &&
                            version.find_first_not_of("0123456789") == std::string::npos;
        if (!number && version != "none") {
          r_.fail(entry.second, where + "." + name,
                  "expected a version (0, 1, ...) or none, got '" + version + "'");
        }
        claim.byName[name] = version;
      }
      break;
    case ClaimShape::InstanceHolders: {
      if (s_.backend != "redis") r_.fail(value, where, "'redis_holder' needs backend: redis");
      r_.requireMap(value, where);
      const std::vector<std::string> instances = redisInstanceNames(s_.redis);
      for (const auto& entry : value) {
        const std::string instance = r_.text(entry.first, where);
        if (std::find(instances.begin(), instances.end(), instance) == instances.end()) {
          r_.fail(entry.first, where, "unknown Redis instance '" + instance + "'");
        }
        const std::string holder = r_.text(entry.second, where + "." + instance);
        claim.byName[instance] = holder == "none" ? holder
                                                  : client(entry.second, where + "." + instance);
      }
      break;
    }
  }
  std::sort(claim.names.begin(), claim.names.end());
  return claim;
}

std::string NarrationClaimsReader::client(const YAML::Node& node, const std::string& where) const {
  const std::string name = r_.text(node, where);
  if (name.empty() || name == "none" || name == "any") {
    r_.fail(node, where, "expected a client's name for '" + where + "', got '" + name + "'");
  }
  return name;
}

std::string NarrationClaimsReader::path(const YAML::Node& node, const std::string& where) const {
  const std::string text = r_.text(node, where);
  if (text.size() < 2 || text[0] != '/' || text.back() == '/') {
    r_.fail(node, where, "expected a znode path such as /lock/lock-0000000000, got '" + text + "'");
  }
  return text;
}

}  // namespace lockscope::scenario
