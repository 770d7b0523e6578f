// Long lock histories made to order, for tst_linearizability and bench_linearizability: rounds of
// a mutex passed between `clients` clients, each next holder already waiting (its acquire invoked
// two rounds early) while the current one holds, as under contention. Deterministic: positions
// only, no randomness.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/checkers/linearizability.h"

namespace lockscope::testing {

struct ContendedHistory {
  size_t operations = 10'000;  // two per round (acquire, release)
  uint32_t clients = 4;
  bool overlapping = true;  // false: sequential, every acquire invoked after the last release
  // A round whose acquire returns before the round before it started releasing: two holders,
  // with no release between (SIZE_MAX: none).
  size_t brokenRound = SIZE_MAX;
};

inline std::vector<checkers::HistoryOp> contendedHistory(const ContendedHistory& shape) {
  using checkers::HistoryOp;
  using checkers::LockOpKind;
  std::vector<HistoryOp> ops;
  const size_t rounds = shape.operations / 2;
  for (size_t round = 0; round < rounds; ++round) {
    const uint64_t at = 100 + 10 * round;  // the round's acquire returns at at + 2
    HistoryOp acquire;
    acquire.kind = LockOpKind::Acquire;
    acquire.client = static_cast<uint32_t>(round % shape.clients);
    acquire.invokedAt = shape.overlapping && round >= 2 ? at - 15 : at;
    acquire.returnedAt = round == shape.brokenRound ? at - 6 : at + 2;
    acquire.invokedTime = static_cast<int64_t>(acquire.invokedAt) * 1000;
    acquire.returnedTime = static_cast<int64_t>(acquire.returnedAt) * 1000;
    HistoryOp release = acquire;
    release.kind = LockOpKind::Release;
    release.invokedAt = at + 5;
    release.returnedAt = at + 8;
    release.invokedTime = static_cast<int64_t>(release.invokedAt) * 1000;
    release.returnedTime = static_cast<int64_t>(release.returnedAt) * 1000;
    ops.push_back(acquire);
    ops.push_back(release);
  }
  return ops;
}

}  // namespace lockscope::testing
