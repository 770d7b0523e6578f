// How long a lock stays lost when its holder dies, as far as a run has got: the difference that
// matters between services (a database row outlives its holder, an ephemeral node goes with the
// session, a Redis key with its lease). Read from the holds the diagram draws, so the headline
// cannot disagree with the bars under it.
#pragma once

#include <optional>

#include "run_timeline.h"

namespace lockscope::gui {

struct CrashRecovery {
  sim::Micros crashedAt = 0;            // the first crash of a client that held the lock
  std::optional<sim::Micros> nextHold;  // when someone held it next, by the moment asked about
};

// The first holder's crash by `now`, and the next hold begun after it by `now`; nothing when no
// holder crashed by then.
std::optional<CrashRecovery> crashRecoveryBy(const RunTimeline& timeline, sim::Micros now);

}  // namespace lockscope::gui
