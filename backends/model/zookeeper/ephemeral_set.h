// The ephemeral paths one session owns, listed in the order ZooKeeper 3.8 deletes them when the
// session closes or expires.
//
// The server keeps them in a java.util.HashSet<String> per session (DataTree.ephemerals). On
// closeSession, PrepRequestProcessor takes DataTree.getEphemerals(), a clone() of that set, and
// the CloseSessionTxn lists the clone in its iteration order; DataTree.killSession deletes them in
// that list's order, so that is the order the NodeDeleted watches fire in. The clone is what makes
// it subtle: HashMap.clone() re-inserts the entries (in the original's iteration order) into a
// table sized for the current count, tableSizeFor(size / 0.75 + 1) -- 4 buckets for two paths --
// while the original's table started at 16 and only ever grew. Both tables place a path in
// bucket (h ^ (h >>> 16)) & (capacity - 1), h = String.hashCode() (java_text.h); a bucket keeps
// insertion order (treeified buckets, 8+ paths in one bucket, are not modeled). Verified against
// a 3.8.0 server:
// {/e1, /e2} close in the order /e2, /e1; {/e1, /e2, /e5, /e6} as /e6, /e1, /e2, /e5; /p1 and
// /p20 left of 13 ephemerals (the original table grew to 32) as /p20, /p1 (tests/zkcli/08-*).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::zookeeper::model {

class EphemeralSet {
 public:
  void insert(std::string_view path);
  void erase(std::string_view path);
  bool empty() const { return paths_.empty(); }

  // The paths in the order the server's closeSession deletes them.
  std::vector<std::string> deletionOrder() const;

 private:
  std::vector<std::string> paths_;  // in insertion order: a re-inserted path goes last
  size_t peak_ = 0;                 // the most paths held at once: the original table's size
};

// FinalRequestProcessor's getEphemerals filter: every path for a blank prefix or "/", otherwise
// those that start with the prefix as text ("/e" keeps "/e1").
std::vector<std::string> ephemeralsWithPrefix(std::vector<std::string> paths,
                                              std::string_view prefix);

}  // namespace lockscope::zookeeper::model
