// What a client is doing, in the words of its lock service, for its card on the stage. The
// states come from the trace alike for both services (stage_state.h), but ZooKeeper's recipes
// create a node, list the children and wait for a watch ("creating", "listing", "waiting"),
// while Redis' send SET NX (or a script) and sleep before trying again ("trying SET NX",
// "waiting to retry"): a Redis lesson must not speak ZooKeeper.
#pragma once

#include <string>

#include "stage_state.h"

namespace lockscope::gui {

std::string activityText(const ClientOnStage& client, bool redis);

}  // namespace lockscope::gui
