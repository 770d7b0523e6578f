// What a lock client does in each round: by default acquire, read the resource, hold, write it
// back plus one, release, think. Scenarios can give any sequence (nested acquires for
// reentrancy, read/write modes, downgrades, revoking the holder).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/engine/status.h"
#include "sim/engine/virtual_time.h"
#include "sim/recipes/recipe_parameters.h"

namespace lockscope::clients {

struct PlanStep {
  enum class Kind { Acquire, Release, Read, Write, Hold, Revoke };
  Kind kind = Kind::Hold;
  recipes::LockMode mode = recipes::LockMode::Exclusive;
  sim::Micros duration = 0;  // Hold
};

struct ClientSpec {
  std::string name;
  int rounds = 1;
  sim::Micros startAt = 0;
  sim::Micros thinkTime = 0;  // after each round
  int64_t sessionTimeoutMs = 4000;
  std::vector<PlanStep> plan;
  // This client's own recipe parameters (e.g. other lock paths for zk-multilock); the scenario's
  // when empty.
  std::optional<recipes::RecipeParameters> parameters;
};

std::vector<PlanStep> defaultPlan(sim::Micros holdTime);

// "acquire", "acquire read", "release write", "read", "write", "hold 250ms", "revoke".
// Anything else fails, saying what was expected.
Result<PlanStep> parsePlanStep(const std::string& text);

}  // namespace lockscope::clients
