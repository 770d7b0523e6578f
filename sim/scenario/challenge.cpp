#include "challenge.h"

#include "sim/checkers/metric_names.h"

namespace lockscope::scenario {
namespace {

// The violation kinds `break:` may name: those the checkers report (checkers/run_verdict.h).
std::string violationKinds() {
  std::string kinds;
  for (const auto& entry : checkers::invariantNames())
    kinds += (kinds.empty() ? "" : ", ") + std::string(entry.violationKind);
  return kinds;
}

bool isViolationKind(const std::string& kind) {
  for (const auto& entry : checkers::invariantNames())
    if (kind == entry.violationKind) return true;
  return false;
}

// An id names a file: lower-case letters, digits and '-', so that it cannot leave the folder.
bool validId(const std::string& id) {
  if (id.empty() || id.front() == '-') return false;
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok) return false;
  }
  return true;
}

void readBudget(const YamlReader& reader, const YAML::Node& node, const std::string& path,
                Challenge& challenge) {
  if (node.IsScalar()) {
    challenge.budget = static_cast<int>(reader.integer(node, path, 1, kMaxChallengeFaults));
    return;
  }
  reader.requireMap(node, path);
  reader.requireKeys(node, path, {"faults", "kinds"});
  if (!node["faults"]) reader.fail(node, path, "a budget needs 'faults' (how many)");
  challenge.budget = static_cast<int>(
      reader.integer(node["faults"], path + ".faults", 1, kMaxChallengeFaults));
  if (!node["kinds"]) return;
  const YAML::Node kinds = node["kinds"];
  reader.requireList(kinds, path + ".kinds");
  for (size_t index = 0; index < kinds.size(); ++index) {
    const std::string where = path + ".kinds[" + std::to_string(index) + "]";
    const std::string name = reader.text(kinds[index], where);
    const std::optional<sim::FaultKind> kind = sim::faultKindNamed(name);
    if (!kind) {
      std::string known;
      for (const sim::FaultInfo& info : sim::kFaultKinds)
        known += (known.empty() ? "" : ", ") + std::string(info.name);
      reader.fail(kinds[index], where,
                  "unknown fault kind '" + name + "'; expected one of: " + known);
    }
    challenge.kinds.push_back(*kind);
  }
}

}  // namespace

Challenge readChallenge(const YamlReader& reader, const YAML::Node& node, const std::string& path) {
  reader.requireMap(node, path);
  reader.requireKeys(node, path, {"id", "goal", "break", "budget"});
  for (const char* key : {"id", "goal", "break", "budget"}) {
    if (!node[key]) reader.fail(node, path, std::string("a challenge needs '") + key + "'");
  }
  Challenge challenge;
  challenge.location = reader.locate(node, path);
  challenge.id = reader.text(node["id"], path + ".id");
  if (!validId(challenge.id)) {
    reader.fail(node["id"], path + ".id",
                "expected a file name without '.yaml' (a-z, 0-9, '-'), got '" + challenge.id + "'");
  }
  challenge.goal = reader.localizedText(node["goal"], path + ".goal");
  if (challenge.goal.en.empty() || challenge.goal.en.find('\n') != std::string::npos)
    reader.fail(node["goal"], path + ".goal", "expected a goal of one line");
  challenge.violation = reader.text(node["break"], path + ".break");
  if (!isViolationKind(challenge.violation)) {
    reader.fail(
        node["break"], path + ".break",
        "unknown violation '" + challenge.violation + "'; expected one of: " + violationKinds());
  }
  readBudget(reader, node["budget"], path + ".budget", challenge);
  return challenge;
}

}  // namespace lockscope::scenario
