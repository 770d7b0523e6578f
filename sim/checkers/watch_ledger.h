// The leaked-watch checker: whatever is still armed at the end of a run (see armed_watches.h for
// how the trace arms and disarms watches) is a leaked watch, unless the client that set it
// crashed afterwards: its session is orphaned, and its end (which a run stopping earlier may not
// reach) removes the watch with it. The recipe leaked nothing.
#pragma once

#include <optional>
#include <vector>

#include "armed_watches.h"
#include "client_names.h"
#include "run_verdict.h"
#include "session_directory.h"

namespace lockscope::checkers {

class WatchLedger {
 public:
  WatchLedger(const SessionDirectory& sessions, const ClientNames& names)
      : sessions_(sessions), names_(names) {}

  void onEvent(const sim::TraceEvent& event, ClientId actor);
  // Watches still armed that the recipe leaked.
  size_t leaked() const;
  // One `leaked_watch` per leaked watch, from when it was set, naming its client.
  void finish(std::vector<Violation>& out) const;

 private:
  const SessionDirectory& sessions_;
  const ClientNames& names_;
  // Whether a watch set at `since` by `session` went with a crash of its client after it.
  bool orphaned(int64_t session, sim::Micros since) const;

  ArmedWatches armed_;
  PerClient<std::optional<sim::Micros>> lastCrash_;
};

}  // namespace lockscope::checkers
