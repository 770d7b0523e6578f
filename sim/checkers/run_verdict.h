// What the checkers conclude about one run, from its trace alone.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "metric_names.h"
#include "sim/engine/virtual_time.h"

namespace lockscope::checkers {

// One broken rule. Kinds (stable, used by scenario expectations and the JSON report), with what
// `time`, `until` and `clients` hold for each:
//   mutual_exclusion  two clients held the lock at once (or a writer with anyone else): the
//                     overlap [time, until] of the holders named (until == time for an overlap
//                     that began and ended at one instant; 0 if still going at the end)
//   lost_update       a write to the resource was based on a value another write had replaced:
//                     [the writer's read, its write]; the writer and the client it overwrote
//   fifo              a grant out of node-sequence order under a fair recipe: the grant (a
//                     moment, until 0); the grantee and the earliest waiter it jumped
//   stuck             a live client still waiting at the end, with nothing left to wake it: from
//                     when it began acquiring, until 0; that client
//   deadlock          clients are stuck and nobody who could release holds the lock: from when
//                     the last of them began waiting (or the holders last changed), until 0;
//                     the stuck clients
//   leaked_watch      a watch still armed at the end of the run: from when it was set, until 0;
//                     the client whose session set it
//   wait_cycle        a database broke a deadlock among transactions by failing one: from when
//                     the cycle closed until the victim's error; the cycle's clients
//                     (wait_cycle_checker.h)
struct Violation {
  std::string kind;
  sim::Micros time = 0;              // when it began
  sim::Micros until = 0;             // when it ended (0 when it is a moment, or never ended)
  std::vector<std::string> clients;  // sorted
  std::string detail;

  // When the trace first shows it: a lost update at the write that lost the other's update
  // (its interval starts at the stale read, which was harmless then), a wait cycle when the
  // database found it and failed its victim (a lesson asks who and when before that), the others
  // as they begin.
  sim::Micros knownAt() const {
    return (kind == "lost_update" || kind == "wait_cycle") && until > 0 ? until : time;
  }
};

// One operation of a linearizability witness, as the report shows it.
struct WitnessOp {
  std::string op;  // "acquire", "release" or "crash or done" (the client's holds ended)
  std::string client;
  std::string mode;  // "exclusive", "read" or "write"
  sim::Micros invoked = 0;
  sim::Micros returned = 0;
  bool pending = false;  // invoked, never returned
};

// A second opinion beside mutual_exclusion, never a Violation of its own: each lock's
// acquire/release history checked for linearizability against a lock model (lock_history.h,
// linearizability.h). Checked only when the recipe excludes (JudgeOptions::exclusive).
struct LinearizabilityVerdict {
  enum class Outcome : uint8_t { NotChecked, Linearizable, NotLinearizable, Undecided };
  Outcome outcome = Outcome::NotChecked;
  size_t locks = 0;                // locks that saw an operation
  size_t operations = 0;           // over all locks
  std::string lock;                // the lock the witness is about ("" when the clients share one)
  std::vector<WitnessOp> witness;  // in order of invocation
};

struct RunVerdict {
  std::vector<Violation> violations;  // in order of time, then kind
  std::vector<std::string> stuckClients;
  // Every metric of kMetrics (metric_names.h) by its name, 0 when undefined. Definitions in
  // run_metrics.h and the checkers' headers.
  std::map<std::string, double> metrics;
  LinearizabilityVerdict linearizability;

  size_t count(const std::string& kind) const;
  double metric(Metric metric) const {
    const auto found = metrics.find(metricName(metric));
    return found == metrics.end() ? 0.0 : found->second;
  }
};

}  // namespace lockscope::checkers
