// The causal slice of a violation: the events of a run's trace that the violation depends on,
// and none that it does not. A counterexample of 200 events usually turns on a dozen of them
// (a pause, an expiry, the deletion it caused, the notification that woke the next client); the
// slice names those so the GUI can highlight them and the CLI can list them.
//
// Method: the backward closure under happens-before, from the violation's own events (for each
// client it names, that client's last event of the violation's kind at or before the moment the
// trace shows it: the two `acquired` of a mutual_exclusion, the two writes of a lost_update).
// The happens-before edges, all read from the trace alone:
//   - program order of each client: its own events, in order;
//   - a request to the server's handling of it (the write it made, the watch it armed) and to its
//     reply: ZooKeeper matches by session, path and zxid; Redis by instance, key and the time the
//     request was in flight;
//   - a write to a znode or key to the next write of the same path on that server (a deletion
//     depends on the creation, a key's expiry on the SET that gave it its TTL);
//   - a server's write to the watch it fires, the watch's arming to its firing, and the firing
//     to its delivery at the client;
//   - a session's expiry at the server to the deletions of that session's ephemeral nodes (one
//     zxid), from the owner's last event before it (the silence that let it expire), and to the
//     client's own news of it;
//   - a fault to the events of the actor it hits (a client's by program order; a server's every
//     later event).
// A server's events are not ordered among themselves beyond that: the server handles every
// client in one sequence, so its program order would make each later event depend on every
// client's earlier request, and the slice would be the whole prefix of the run.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "run_verdict.h"
#include "sim/trace/trace_event.h"

namespace lockscope::checkers {

struct CausalSlice {
  std::vector<size_t> events;  // indices into the trace, ascending
  size_t traceSize = 0;
};

// The happens-before edges of one trace (the run's events, in order), found once: a run with a
// thousand violations asks for a thousand slices of the same graph.
class CausalGraph {
 public:
  // `trace` must outlive the graph.
  explicit CausalGraph(std::span<const sim::TraceEvent> trace);

  // The slice of `violation`. A violation whose clients have no event in the trace has an empty
  // slice.
  CausalSlice sliceOf(const Violation& violation) const;

 private:
  std::vector<size_t> seedsOf(const Violation& violation) const;

  std::span<const sim::TraceEvent> trace_;
  std::vector<std::vector<size_t>> predecessors_;  // by event: the events it directly depends on
  std::map<std::string, std::vector<size_t>, std::less<>> eventsOfActor_;  // in order
};

// One slice: CausalGraph(trace).sliceOf(violation).
CausalSlice causalSlice(std::span<const sim::TraceEvent> trace, const Violation& violation);

// One line: "the violation depends on 9 of 212 events: pause c1 at 46.0 ms, ...". Names the
// slice's first few faults, expiries, lock grants and resource writes (times from `origin`, when
// the clients started).
std::string sliceSummary(std::span<const sim::TraceEvent> trace, const CausalSlice& slice,
                         sim::Micros origin);

// One event as a slice lists it: "2200.0 ms  server  expired  /lock/x" (times from `origin`).
std::string sliceEventLine(const sim::TraceEvent& event, sim::Micros origin);

}  // namespace lockscope::checkers
