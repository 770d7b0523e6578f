#include "seed_sweep.h"

#include <charconv>

#include "candidate.h"
#include "shrinker.h"

namespace lockscope::explore {
namespace {

bool parseNumber(std::string_view text, uint64_t& value) {
  const auto parsed = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && parsed.ec == std::errc() && parsed.ptr == text.data() + text.size();
}

}  // namespace

Result<SeedRange> parseSeedRange(const std::string& text) {
  const size_t colon = text.find(':');
  SeedRange range;
  if (colon == std::string::npos ||
      !parseNumber(std::string_view(text).substr(0, colon), range.first) ||
      !parseNumber(std::string_view(text).substr(colon + 1), range.last) ||
      range.first > range.last) {
    return Status::failure(
        "expected seeds as FIRST:LAST with FIRST <= LAST (both included), got '" + text + "'");
  }
  return range;
}

Result<Shard> parseShard(const std::string& text) {
  const size_t slash = text.find('/');
  Shard shard;
  if (slash == std::string::npos ||
      !parseNumber(std::string_view(text).substr(0, slash), shard.index) ||
      !parseNumber(std::string_view(text).substr(slash + 1), shard.count) || shard.index < 1 ||
      shard.index > shard.count) {
    return Status::failure("expected a shard as K/N with 1 <= K <= N, got '" + text + "'");
  }
  return shard;
}

void sweepSeeds(const scenario::Scenario& lesson, SeedRange range, Shard shard, const Hunt& hunt,
                const ScenarioRunner& runner,
                const std::function<void(const SweepFinding&)>& found) {
  if (range.last - range.first < shard.index - 1) return;
  for (uint64_t seed = range.first + (shard.index - 1);; seed += shard.count) {
    Candidate candidate = lessonAsWritten(lesson);
    candidate.seed = seed;
    const run::RunReport report = runner(applyCandidate(lesson, candidate));
    if (const auto first = hunt.first(report.verdict)) {
      SweepFinding finding;
      finding.seed = seed;
      finding.signature = hunt.signature(report.verdict);
      for (checkers::Violation violation : report.verdict.violations) {
        if (!hunt.wants(violation.kind)) continue;
        violation.time -= report.origin;
        if (violation.until > 0) violation.until -= report.origin;
        finding.violations.push_back(violation);
      }
      finding.traceSha256 = report.traceSha256;
      const Shrunk shrunk = shrink(lesson, Found{candidate, *first, 0}, runner, {.keepSeed = true});
      finding.shrunkClients = shrunk.candidate.clients;
      finding.shrunkTraceSha256 = runner(applyCandidate(lesson, shrunk.candidate)).traceSha256;
      found(finding);
    }
    // The next seed would pass the range's end (or wrap around 2^64).
    if (range.last - seed < shard.count) break;
  }
}

}  // namespace lockscope::explore
