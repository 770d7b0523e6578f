// One line of plain English per trace event, for the event log: "c1 → create /lock/lock-",
// "server: created /lock/lock-0000000003 (EPHEMERAL_SEQUENTIAL, c4)".
#pragma once

#include <string>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

std::string describeEvent(const StoredEvent& event, const RecordedTrace& trace,
                          const RunCast& cast);

}  // namespace lockscope::gui
