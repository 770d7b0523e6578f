// What a client is doing, in the words of its lock service, for its card on the stage. The
// states come from the trace alike for both services (stage_state.h), but ZooKeeper's recipes
// create a node, list the children and wait for a watch ("creating", "listing", "waiting"),
// while Redis' send SET NX (or a script) and sleep before trying again ("trying SET NX",
// "waiting to retry"): a Redis lesson must not speak ZooKeeper.
#pragma once

#include <string>
#include <string_view>

#include "stage_state.h"

namespace lockscope::gui {

// What "holding" is called for a recipe that takes no lock (a cache is "cache open"): for a
// client holding in read mode, and for the others; empty: "holding".
struct HeldWords {
  std::string_view read;
  std::string_view other;
};

std::string activityText(const ClientOnStage& client, bool redis, const HeldWords& held = {});

}  // namespace lockscope::gui
