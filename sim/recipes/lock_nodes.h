// Helpers shared by the sequential-node recipes: where our node stands among the children, and
// the GUID that lets a client find again a node whose create reply it lost.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "backends/api/children_list.h"
#include "sim/engine/chooser.h"

namespace lockscope::recipes {

// The name part of a path ("/lock/lock-0000000003" -> "lock-0000000003").
std::string_view nodeName(std::string_view path);

// Position of `name` in `sorted`, or -1 when it is not there (our node vanished: session expired).
long indexOfNode(std::span<const std::string> sorted, std::string_view name);

// Our node among the lock's children, sorted by sequence.
struct QueuePosition {
  long index = -1;          // -1: our node is not there
  std::string predecessor;  // path of the child just before ours; empty when we are first
};
QueuePosition queuePosition(const std::string& lockPath, const zookeeper::Children& children,
                            std::string_view node);

// A random UUID ("53345f98-9423-4e0c-a7b5-9f819e3ec2e1"), drawn from the world's chooser so that
// runs stay reproducible.
std::string makeGuid(sim::Chooser& chooser);

// The first child (in sequence order) whose name starts with `prefix`, as a full path under
// `parent`; empty when there is none. How a client finds the node of a create whose reply it lost.
std::string findChildWithPrefix(const std::string& parent, const zookeeper::Children& children,
                                std::string_view prefix);

}  // namespace lockscope::recipes
