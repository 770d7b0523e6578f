// One znode of the model's tree.
#pragma once

#include <set>
#include <string>

#include "acl_rules.h"
#include "backends/api/children_list.h"
#include "backends/api/zookeeper_types.h"
#include "sorted_children.h"

namespace lockscope::zookeeper::model {

struct Znode {
  std::string data;
  Stat stat;
  AclList acl;  // null: world:anyone:cdrwa
  CreateMode mode = CreateMode::Persistent;
  // Sorted, so every walk of the tree is in a stable order.
  std::set<std::string, std::less<>> children;
  // Successful child creations so far, which is the next sequential suffix. stat.cversion is
  // derived from it (see DataTree::refreshChildStats) and counts deletions too. Verified on
  // ZooKeeper 3.8.0: under a new parent, `create -s a`, `create b`, `create -s a`, `delete b`,
  // `create -s a` names the sequential children a0000000000, a0000000002, a0000000003, and cversion
  // is then 5.
  int32_t childCreations = 0;
  // The same children in sequence order, for O(1) snapshots (getChildren replies).
  SortedChildren sortedChildren;
  // The last children list handed out, shared by every reader until the children change.
  Children listed;
};

}  // namespace lockscope::zookeeper::model
