#include "challenge_grade.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "sim/checkers/violation_words.h"

namespace lockscope::scenario {
namespace {

// The words for the kind `break:` names (the loader accepts only the table's kinds).
const checkers::ViolationWords& wordsFor(const std::string& kind) {
  const checkers::ViolationWords* words = checkers::violationWordsFor(kind);
  return words ? *words : checkers::kViolationWords[0];
}

bool endsAFault(sim::FaultKind kind) {
  return kind == sim::FaultKind::Resume || kind == sim::FaultKind::Heal;
}

// "540ms", "1.5ms", "2s" — whole milliseconds where the time has them.
std::string duration(sim::Micros micros) {
  if (micros % 1'000'000 == 0 && micros != 0) return std::to_string(micros / 1'000'000) + "s";
  if (micros % 1000 == 0) return std::to_string(micros / 1000) + "ms";
  std::string fraction = std::to_string(micros % 1000 + 1000).substr(1);
  while (fraction.back() == '0') fraction.pop_back();
  return std::to_string(micros / 1000) + "." + fraction + "ms";
}

bool sameTree(const YAML::Node& a, const YAML::Node& b) {
  if (a.Type() != b.Type()) return false;
  if (a.IsScalar()) return a.Scalar() == b.Scalar();
  if (a.IsSequence()) {
    if (a.size() != b.size()) return false;
    for (size_t index = 0; index < a.size(); ++index)
      if (!sameTree(a[index], b[index])) return false;
    return true;
  }
  if (a.IsMap()) {
    if (a.size() != b.size()) return false;
    for (const auto& entry : a) {
      const YAML::Node other = b[entry.first.Scalar()];
      if (!other || !sameTree(entry.second, other)) return false;
    }
    return true;
  }
  return true;  // both null
}

LocalizedText text(std::string en, std::string zh) {
  LocalizedText out;
  out.en = std::move(en);
  out.zh = std::move(zh);
  return out;
}

std::string faultsWord(int count) { return count == 1 ? " fault" : " faults"; }

}  // namespace

int faultsSpent(const std::vector<Fault>& faults) {
  return static_cast<int>(std::count_if(
      faults.begin(), faults.end(), [](const Fault& fault) { return !endsAFault(fault.kind); }));
}

std::string describeFaults(const std::vector<Fault>& faults) {
  std::string out;
  for (size_t index = 0; index < faults.size(); ++index) {
    const Fault& fault = faults[index];
    if (endsAFault(fault.kind)) continue;
    if (!out.empty()) out += ", ";
    out += std::string(faultKindName(fault.kind)) + " " + fault.client + " at " +
           duration(fault.at);
    if (fault.kind == sim::FaultKind::ClockJump)
      out += " by " + std::to_string(fault.clockJumpMs) + "ms";
    const sim::FaultKind end = fault.kind == sim::FaultKind::Pause ? sim::FaultKind::Resume
                                                                   : sim::FaultKind::Heal;
    if (fault.kind != sim::FaultKind::Pause && fault.kind != sim::FaultKind::Partition) continue;
    for (size_t later = index + 1; later < faults.size(); ++later) {
      if (faults[later].kind == end && faults[later].client == fault.client) {
        out += " for " + duration(faults[later].at - fault.at);
        break;
      }
    }
  }
  return out;
}

std::vector<std::string> setupDifferences(const std::string& recordedText,
                                          const std::string& originalText) {
  YAML::Node recorded, original;
  try {
    recorded = YAML::Load(recordedText);
    original = YAML::Load(originalText);
  } catch (const YAML::Exception&) {
    return {"unreadable"};
  }
  if (!recorded.IsMap() || !original.IsMap()) return {"unreadable"};
  // A recording always writes the seed it ran with; a challenge may leave the default.
  for (YAML::Node* root : {&recorded, &original})
    if (!(*root)["seed"]) (*root)["seed"] = "1";
  std::set<std::string> keys;
  for (const YAML::Node* root : {&recorded, &original})
    for (const auto& entry : *root) keys.insert(entry.first.Scalar());
  std::vector<std::string> differences;
  for (const std::string& key : keys) {
    if (key == "faults" || key == "narration") continue;
    const YAML::Node a = recorded[key], b = original[key];
    if (!a || !b || !sameTree(a, b)) differences.push_back(key);
  }
  return differences;
}

LocalizedText describeBudget(const Challenge& challenge) {
  const std::string count = std::to_string(challenge.budget);
  std::string kindsEn, kindsZh;
  for (const sim::FaultKind kind : challenge.kinds) {
    kindsEn += (kindsEn.empty() ? "" : ", ") + std::string(faultKindName(kind));
  }
  if (kindsEn.empty()) return text(count + faultsWord(challenge.budget), count + " 个故障");
  return text(count + faultsWord(challenge.budget) + " (" + kindsEn + ")",
              count + " 个故障（" + kindsEn + "）");
}

ChallengeGrade gradeChallenge(const Challenge& challenge, const std::vector<Fault>& faults,
                              const checkers::RunVerdict& verdict,
                              const std::vector<std::string>& differences) {
  if (!differences.empty()) {
    std::string keys;
    for (const std::string& key : differences) keys += (keys.empty() ? "" : ", ") + key;
    return {false, text("the setup differs from the challenge: " + keys + " changed",
                        "设置与挑战不同：改动了 " + keys)};
  }
  for (const Fault& fault : faults) {
    if (endsAFault(fault.kind) || challenge.kinds.empty()) continue;
    if (std::find(challenge.kinds.begin(), challenge.kinds.end(), fault.kind) !=
        challenge.kinds.end())
      continue;
    const std::string kind = faultKindName(fault.kind);
    const std::string budget = describeBudget(challenge).en;
    return {false, text(kind + " is not in the budget, which allows " + budget,
                        kind + " 不在预算之内，预算允许 " + describeBudget(challenge).zh)};
  }
  const int spent = faultsSpent(faults);
  const std::string used = std::to_string(spent);
  const std::string budget = std::to_string(challenge.budget);
  if (spent > challenge.budget) {
    return {false, text(used + faultsWord(spent) + " used, budget is " + budget,
                        "用了 " + used + " 个故障，预算是 " + budget + " 个")};
  }
  const checkers::ViolationWords& words = wordsFor(challenge.violation);
  if (verdict.count(challenge.violation) == 0) {
    return {false, text("no violation yet (the goal: " + std::string(words.en) + ")",
                        "还没有违反（目标：" + std::string(words.zh) + "）")};
  }
  const std::string list = describeFaults(faults);
  const std::string withEn = spent == 0 ? " with no fault"
                                        : " with " + used + faultsWord(spent) + " (" + list + ")";
  const std::string withZh = spent == 0 ? "，没有用故障"
                                        : "，用了 " + used + " 个故障（" + list + "）";
  return {true, text(std::string(words.en) + withEn, std::string(words.zh) + withZh)};
}

}  // namespace lockscope::scenario
