#include "client_plan.h"

#include <limits>
#include <sstream>

namespace lockscope::clients {

std::vector<PlanStep> defaultPlan(sim::Micros holdTime) {
  using Kind = PlanStep::Kind;
  return {{Kind::Acquire},
          {Kind::Read},
          {Kind::Hold, recipes::LockMode::Exclusive, holdTime},
          {Kind::Write},
          {Kind::Release}};
}

namespace {

bool parseMode(const std::string& word, recipes::LockMode& mode) {
  if (word.empty() || word == "exclusive") mode = recipes::LockMode::Exclusive;
  else if (word == "read") mode = recipes::LockMode::Read;
  else if (word == "write") mode = recipes::LockMode::Write;
  else return false;
  return true;
}

// "250ms", "2s", "1500us".
bool parseDuration(const std::string& word, sim::Micros& micros) {
  size_t used = 0;
  long long number = 0;
  try {
    number = std::stoll(word, &used);
  } catch (...) {
    return false;
  }
  const std::string unit = word.substr(used);
  if (number < 0) return false;
  // Refuse what would not fit in microseconds rather than let it wrap around.
  constexpr long long kMaxMicros = std::numeric_limits<sim::Micros>::max();
  if ((unit == "ms" && number > kMaxMicros / 1'000) ||
      (unit == "s" && number > kMaxMicros / 1'000'000))
    return false;
  if (unit == "ms") micros = sim::fromMillis(number);
  else if (unit == "s") micros = sim::fromSeconds(number);
  else if (unit == "us") micros = number;
  else return false;
  return true;
}

}  // namespace

Result<PlanStep> parsePlanStep(const std::string& text) {
  std::istringstream words(text);
  std::string verb, argument, extra;
  words >> verb >> argument >> extra;
  PlanStep parsed;
  using Kind = PlanStep::Kind;
  bool ok = extra.empty();
  if (verb == "acquire" || verb == "release") {
    parsed.kind = verb == "acquire" ? Kind::Acquire : Kind::Release;
    ok = ok && parseMode(argument, parsed.mode);
  } else if (verb == "read" || verb == "write" || verb == "revoke") {
    parsed.kind = verb == "read" ? Kind::Read : verb == "write" ? Kind::Write : Kind::Revoke;
    ok = ok && argument.empty();
  } else if (verb == "hold") {
    parsed.kind = Kind::Hold;
    ok = ok && parseDuration(argument, parsed.duration);
  } else {
    ok = false;
  }
  if (!ok) {
    return Status::failure(
        "expected a plan step: acquire [read|write], release [read|write], read, write, "
        "hold <N>ms, revoke; got '" +
        text + "'");
  }
  return parsed;
}

}  // namespace lockscope::clients
