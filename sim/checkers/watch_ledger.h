// The leaked-watch checker: whatever is still armed at the end of a run (see armed_watches.h for
// how the trace arms and disarms watches) is a leaked watch.
#pragma once

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

  void onEvent(const sim::TraceEvent& event) { armed_.onEvent(event); }
  size_t armed() const { return armed_.size(); }
  // One `leaked_watch` per watch still armed, from when it was set, naming its client.
  void finish(std::vector<Violation>& out) const;

 private:
  const SessionDirectory& sessions_;
  const ClientNames& names_;
  ArmedWatches armed_;
};

}  // namespace lockscope::checkers
