// `lockscope-cli sweep`: the lesson under every seed of a range (or one shard of it), as written
// otherwise, reporting each seed whose run shows a hunted violation. A pure function of its
// arguments: shard K of N takes the seeds A + K-1, A + K-1 + N, ..., so N shards' findings, merged
// and sorted by seed, are exactly one sweep's. Each finding is shrunk to its fewest clients (the
// seed kept), and that run's trace hash names the counterexample: two seeds with the same
// signature and hash found the same thing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hunted_violation.h"

namespace lockscope::explore {

struct SeedRange {
  uint64_t first = 1;
  uint64_t last = 1;  // included
};

struct Shard {
  uint64_t index = 1;  // from 1
  uint64_t count = 1;
};

struct SweepFinding {
  uint64_t seed = 0;
  std::string signature;                        // Hunt::signature of the seed's run
  std::vector<checkers::Violation> violations;  // the hunted ones, times from the clients' start
  std::string traceSha256;
  size_t shrunkClients = 0;
  std::string shrunkTraceSha256;
};

// "A:B" (both included, A <= B) and "K/N" (1 <= K <= N).
Result<SeedRange> parseSeedRange(const std::string& text);
Result<Shard> parseShard(const std::string& text);

// Calls `found` for each finding, in order of seed.
void sweepSeeds(const scenario::Scenario& lesson, SeedRange range, Shard shard, const Hunt& hunt,
                const ScenarioRunner& runner,
                const std::function<void(const SweepFinding&)>& found);

}  // namespace lockscope::explore
