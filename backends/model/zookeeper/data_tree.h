// The znode tree and its write rules, as ZooKeeper 3.8's server applies them.
//
// Every write is given its zxid by the caller (the server), which allocates one per write
// transaction, failed ones included. A successful write updates the Stat fields the real server
// updates and fires the watches it fires, appending them to `fired` in the order the server sends
// them.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ephemeral_set.h"
#include "sim/engine/chooser.h"
#include "watch_table.h"
#include "znode.h"

namespace lockscope::zookeeper::model {

class DataTree {
 public:
  // `chooser` decides the order getChildren lists children in (the real server promises none).
  explicit DataTree(sim::Chooser& chooser);

  // Error precedence follows PrepRequestProcessor: NoNode (parent), NodeExists,
  // NoChildrenForEphemerals. `owner` is the session for ephemerals, ignored otherwise. The
  // caller has checked the parent's ACL (the server knows the session's identities).
  ErrorCode create(std::string_view path, std::string data, CreateMode mode, AclList acl,
                   int64_t owner, int64_t zxid, int64_t timeMs, std::string& createdPath,
                   std::vector<Notification>& fired);
  // BadArguments (a system node), NoNode, BadVersion, NotEmpty, in that order
  // (PrepRequestProcessor); the caller checks the parent's ACL after BadArguments, before the
  // node is looked up. version -1 matches any.
  ErrorCode remove(std::string_view path, int32_t version, int64_t zxid,
                   std::vector<Notification>& fired);
  // A multi of deletes (any version): all or nothing, in order, under one zxid. `mayDelete`
  // answers whether the session may delete children of a parent (its ACL's DELETE).
  ErrorCode removeAll(const std::vector<std::string>& paths, int64_t zxid,
                      const std::function<bool(const Znode& parent)>& mayDelete,
                      std::vector<Notification>& fired);
  // SetACLTxn: the node's new ACL and aclVersion (BadVersion unless `version` is -1 or the
  // current one); NoNode when it is missing. Fires no watch, changes no zxid in the Stat.
  ErrorCode setAcl(std::string_view path, AclList acl, int32_t version, Stat& stat);
  ErrorCode setData(std::string_view path, std::string data, int32_t version, int64_t zxid,
                    int64_t timeMs, Stat& stat, std::vector<Notification>& fired);

  const Znode* find(std::string_view path) const;
  // The children list of `path` in the seeded order, shared until the children change.
  Children listChildren(std::string_view path);

  // The ACL of the node at `path` (which exists).
  AclList aclOf(std::string_view path) const;
  // DataTree.getAllChildrenNumber: how many nodes lie below `path`, at any depth.
  int32_t allChildrenNumber(std::string_view path) const;

  // Ephemeral nodes a session owns, in the order the server deletes them when it ends (the
  // iteration order of the copy of its set that getEphemerals also answers with).
  std::vector<std::string> ephemeralsOf(int64_t session) const;
  // The session is gone: its (by now empty) set of ephemerals with it.
  void forgetSession(int64_t session) { ephemerals_.erase(session); }
  // Containers that had children and have none now, sorted by path: what the reaper deletes.
  std::vector<std::string> emptyContainers() const;

  WatchTable& watches() { return watches_; }
  const WatchTable& watches() const { return watches_; }
  size_t nodeCount() const { return nodes_.size(); }

  // "/", "/zookeeper" and its two system children, which no client may delete.
  static bool isSystemPath(std::string_view path);
  static std::string_view parentOf(std::string_view path);
  static std::string_view nameOf(std::string_view path);

 private:
  ErrorCode checkRemoveAll(const std::vector<std::string>& paths,
                           const std::function<bool(const Znode& parent)>& mayDelete) const;
  static void refreshChildStats(Znode& node);

  // Quota bookkeeping (data_tree_quota.cpp), after each create, delete and setData.
  void noteQuotaCreate(const std::string& path, int64_t bytes);
  void noteQuotaDelete(const std::string& path, int64_t bytes);
  void addToQuotaStats(std::string_view path, int64_t count, int64_t bytes);
  std::optional<std::string> quotaPrefixOf(std::string_view path) const;
  void setStatsData(const std::string& quotaPath, std::string text);

  sim::Chooser& chooser_;
  // Looked up by path, never walked (so its order cannot leak into a run): hashed, with
  // string_view lookups.
  struct PathHash {
    using is_transparent = void;
    size_t operator()(std::string_view path) const { return std::hash<std::string_view>{}(path); }
  };
  std::unordered_map<std::string, Znode, PathHash, std::equal_to<>> nodes_;
  // Kept while the session lives, even when empty, as the server keeps its HashSet: the most
  // paths it ever held decide its iteration order.
  std::map<int64_t, EphemeralSet> ephemerals_;
  std::set<std::string> containers_;
  // The paths under a quota: those with a /zookeeper/quota/<path>/zookeeper_limits node.
  std::set<std::string> quotaPaths_;
  WatchTable watches_;
};

}  // namespace lockscope::zookeeper::model
