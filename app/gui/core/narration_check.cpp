#include "narration_check.h"

#include <algorithm>
#include <cstdio>

#include "sim/scenario/narration_claims.h"

namespace lockscope::gui {
namespace {

using scenario::ClaimShape;
using scenario::NarrationClaim;

// "120 ms", "63.25 ms": the moment as the narration's author counts it, from the clients' start.
std::string millisText(sim::Micros micros) {
  char text[32];
  if (micros % 1000 == 0)
    std::snprintf(text, sizeof text, "%lld ms", static_cast<long long>(micros / 1000));
  else std::snprintf(text, sizeof text, "%.3f ms", static_cast<double>(micros) / 1000.0);
  return text;
}

std::string numberText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

std::string listText(const std::vector<std::string>& names) {
  if (names.empty()) return "nobody";
  std::string text = "[";
  for (const std::string& name : names) text += (text.size() > 1 ? ", " : "") + name;
  return text + "]";
}

bool compare(double actual, const std::string& comparison, double bound) {
  if (comparison == "<") return actual < bound;
  if (comparison == "<=") return actual <= bound;
  if (comparison == "!=") return actual != bound;
  if (comparison == ">=") return actual >= bound;
  if (comparison == ">") return actual > bound;
  return actual == bound;
}

// The stage at one moment, as the claims ask about it.
class Moment {
 public:
  Moment(const RunTimeline& timeline, sim::Micros time)
      : timeline_(timeline),
        time_(time),
        events_(timeline.trace().countUpTo(time)),
        stage_(timeline.stageAfter(events_)) {}

  // What the run has where the claim says something else; empty when the claim holds.
  std::string contradiction(const NarrationClaim& claim) const {
    switch (scenario::claimShape(claim.key)) {
      case ClaimShape::Count: {
        const double actual = count(claim.key);
        return compare(actual, claim.comparison, claim.bound) ? "" : numberText(actual);
      }
      case ClaimShape::Clients: {
        const std::vector<std::string> actual = clients(claim.key);
        return actual == claim.names ? "" : listText(actual);
      }
      case ClaimShape::Paths:
        for (const std::string& path : claim.names) {
          const bool exists = stage_.znodes().count(path) != 0;
          if (claim.key == "node_exists" && !exists) return "no " + path;
          if (claim.key == "node_absent" && exists) return path;
        }
        return "";
      case ClaimShape::ClientStates:
        for (const auto& [name, state] : claim.byName) {
          const int index = timeline_.cast().clientOfName(name);
          if (index == kNoClient) return "no client " + name;  // the GUI changed the client count
          const std::string actual = activityName(
              stage_.clients()[static_cast<size_t>(index)].activity());
          if (actual != state) return name + " " + actual;
        }
        return "";
      case ClaimShape::CacheVersions:
        for (const auto& [name, version] : claim.byName) {
          const int index = timeline_.cast().clientOfName(name);
          if (index == kNoClient) return "no client " + name;
          const ClientOnStage& client = stage_.clients()[static_cast<size_t>(index)];
          const std::string actual = client.cacheOpen && client.cacheVersion >= 0
                                         ? std::to_string(client.cacheVersion)
                                         : "none";
          if (actual != version) return name + " " + actual;
        }
        return "";
      case ClaimShape::InstanceHolders:
        for (const auto& [instance, holder] : claim.byName) {
          const std::string actual = redisHolder(instance);
          if (actual != holder) return instance + ": " + actual;
        }
        return "";
    }
    return "";
  }

 private:
  double count(const std::string& key) const {
    const RunningCounts counts = timeline_.countsAfter(events_);
    if (key == "holders") return stage_.holders();
    if (key == "acquisitions") return counts.acquisitions;
    if (key == "releases") return counts.releases;
    if (key == "notifications") return counts.notifications;
    const auto& violations = timeline_.report().verdict.violations;
    return static_cast<double>(
        std::count_if(violations.begin(), violations.end(),
                      [this](const auto& violation) { return violation.knownAt() <= time_; }));
  }

  std::vector<std::string> clients(const std::string& key) const {
    std::vector<std::string> names;
    for (size_t index = 0; index < stage_.clients().size(); ++index) {
      const ClientOnStage& state = stage_.clients()[index];
      const bool member = key == "holder"        ? stage_.holds(index)
                          : key == "waiting"     ? state.activity() == Activity::Waiting
                          : key == "part_holder" ? holdsPart(state)
                                                 : watching(index);
      if (member) names.push_back(timeline_.cast().name(static_cast<int>(index)));
    }
    std::sort(names.begin(), names.end());
    return names;
  }

  bool holdsPart(const ClientOnStage& state) const {
    return std::any_of(
        state.partNodes.begin(), state.partNodes.end(),
        [this](const std::string& node) { return stage_.znodes().count(node) != 0; });
  }

  bool watching(size_t client) const {
    bool found = false;
    stage_.watches().forEach([&](int64_t session, std::string_view, const auto&) {
      found = found || timeline_.cast().clientOfSession(session) == static_cast<int>(client);
    });
    return found;
  }

  // Whose token the instance's lock key holds by the instance's own clock (a key past its
  // deadline there holds nothing, even before the instance deletes it).
  std::string redisHolder(const std::string& instance) const {
    const auto found = stage_.instances().find(instance);
    if (found == stage_.instances().end() || !found->second.up) return "none";
    const auto key = found->second.keys.find(timeline_.scenario().recipeParameters.lockKey);
    if (key == found->second.keys.end() || key->second.owner == kNoClient) return "none";
    if (found->second.ttlLeft(key->second, time_) <= 0) return "none";
    return timeline_.cast().name(key->second.owner);
  }

  const RunTimeline& timeline_;
  sim::Micros time_;
  size_t events_;
  StageState stage_;
};

std::string fileLine(const scenario::SourceLocation& location) {
  return location.line == 0 ? location.file : location.file + ":" + std::to_string(location.line);
}

}  // namespace

std::vector<std::string> falseNarrationClaims(const RunTimeline& timeline) {
  const auto& steps = timeline.scenario().narration;
  const sim::Micros origin = timeline.report().origin;
  std::vector<bool> happened(steps.size(), false);
  std::vector<std::string> lines;
  for (const run::NarrationMoment& moment : timeline.report().narration) {
    happened[moment.step] = true;
    if (moment.time > timeline.endTime()) {
      // Said at a moment the GUI never plays to: the class never reads it.
      lines.push_back(fileLine(steps[moment.step].location) + ": at " +
                      millisText(moment.time - origin) +
                      " the narration speaks, but the run is shown only until " +
                      millisText(timeline.endTime() - origin));
      continue;
    }
    const auto& claims = steps[moment.step].claims;
    if (claims.empty()) continue;
    const Moment stage(timeline, moment.time);
    for (const NarrationClaim& claim : claims) {
      const std::string actual = stage.contradiction(claim);
      if (actual.empty()) continue;
      lines.push_back(fileLine(claim.location) + ": at " + millisText(moment.time - origin) +
                      " the narration claims " + claim.key + ": " + claim.written +
                      ", the run has " + actual);
    }
  }
  for (size_t step = 0; step < steps.size(); ++step) {
    if (happened[step] || steps[step].claims.empty()) continue;
    lines.push_back(
        fileLine(steps[step].location) +
        ": this narration step never happens in the run, so what it shows cannot be checked");
  }
  return lines;
}

}  // namespace lockscope::gui
