// Linearizability of one lock's history against a sequential lock model (Wing & Gong's question,
// answered with Lowe's just-in-time search as Porcupine does): is there one order of the
// operations, each taking effect at an instant between its invocation and its return, in which
// every operation is legal for the model? The model is a reentrant reader-writer lock, which for
// the exclusive recipes is a plain mutex (free / held by c):
//   acquire(c, mode)  needs no other client to hold it in a mode that conflicts (a read conflicts
//                     with a write or exclusive hold; those conflict with any hold); c's own holds
//                     never block it (reentrancy)
//   release(c, mode)  needs c to hold it; lets go of c's latest hold in that mode (or its latest)
//   drop(c)           c's process crashed or finished: all its holds end (always legal)
// A pending operation (invoked, never returned) may take effect or not. The search memoizes each
// configuration it reached (the operations linearized and the model's state) so it never explores
// one twice; a configuration is named by the first completed operation, in order of return, not
// yet linearized, plus the few linearized ahead of it (open at its return). Each configuration
// tries first the operation whose return is next: for a lock that is nearly always right, so a
// crowd of waiters costs no search.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "client_names.h"
#include "trace_facts.h"

namespace lockscope::checkers {

enum class LockOpKind : uint8_t { Acquire, Release, Drop };

// One operation of a lock's history. Positions order everything in real time: the index of the
// trace event that invoked or returned it (events at one virtual instant are still ordered).
struct HistoryOp {
  static constexpr uint64_t kNever = std::numeric_limits<uint64_t>::max();

  LockOpKind kind = LockOpKind::Acquire;
  HoldMode mode = HoldMode::Exclusive;
  ClientId client = 0;
  uint64_t invokedAt = 0;
  uint64_t returnedAt = kNever;  // kNever: pending
  sim::Micros invokedTime = 0;   // virtual times, for the report
  sim::Micros returnedTime = 0;

  bool pending() const { return returnedAt == kNever; }
};

enum class LinearizabilityOutcome : uint8_t { Linearizable, NotLinearizable, Undecided };

// How many configurations one check may visit before it answers Undecided (never reached by the
// mutex model, whose frontier stays tiny; a guard for crowds of concurrent readers).
constexpr size_t kDefaultSearchBudget = 20'000'000;

// Checks `ops` (any order) from a free lock.
LinearizabilityOutcome checkLinearizable(std::vector<HistoryOp> ops,
                                         size_t budget = kDefaultSearchBudget);

// A 1-minimal non-linearizable sub-history of `failing` (which must be non-linearizable): no
// client's hold (its ops from holding nothing back to holding nothing) can be dropped, nor a
// trailing release, without the rest becoming linearizable. Sorted by invocation.
std::vector<HistoryOp> minimalWitness(const std::vector<HistoryOp>& failing);

}  // namespace lockscope::checkers
