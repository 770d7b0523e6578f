#include "data_tree.h"

#include <algorithm>
#include <cstdio>

#include "sim/engine/check.h"

namespace lockscope::zookeeper::model {
namespace {

std::string sequenceSuffix(int32_t counter) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%010d", counter);
  return buffer;
}

// The system nodes every fresh 3.8 server has (seen with `ls -R /` and `stat` on a new server):
// all at zxid 0 with no data (/zookeeper/config is empty in standalone mode).
constexpr std::string_view kSystemPaths[] = {"/", "/zookeeper", "/zookeeper/config",
                                             "/zookeeper/quota"};

}  // namespace

DataTree::DataTree(sim::Chooser& chooser) : chooser_(chooser) {
  for (const std::string_view path : kSystemPaths) nodes_.emplace(std::string(path), Znode{});
  for (const auto& [parent, child] :
       {std::pair{"/", "zookeeper"}, std::pair{"/zookeeper", "config"},
        std::pair{"/zookeeper", "quota"}}) {
    nodes_[parent].children.insert(child);
    nodes_[parent].sortedChildren.insert(child);
  }
  // ZooKeeper sets /zookeeper/config's ACL to world:anyone:r at startup (ZKDatabase
  // .initConfigInZKDatabase), which leaves its aclVersion at -1: `set /zookeeper/config x` is
  // "Insufficient permission" on 3.8.0.
  Znode& config = nodes_["/zookeeper/config"];
  config.stat.aversion = -1;
  config.acl = std::make_shared<const std::vector<Acl>>(
      std::vector<Acl>{{"world", "anyone", kReadPermission}});
  for (const std::string_view path : kSystemPaths) refreshChildStats(nodes_.find(path)->second);
}

void DataTree::refreshChildStats(Znode& node) {
  node.stat.numChildren = static_cast<int32_t>(node.children.size());
  // The server keeps a count of child creations and reports cversion as 2 * creations - children,
  // which equals creations + deletions for children made through create(). The system nodes,
  // added without a create, show negative values on a fresh server (/zookeeper: -2).
  node.stat.cversion = 2 * node.childCreations - node.stat.numChildren;
  node.listed.reset();
}

ErrorCode DataTree::checkRemoveAll(
    const std::vector<std::string>& paths,
    const std::function<bool(const Znode& parent)>& mayDelete) const {
  // Each delete is judged as if the ones before it in the list had been applied.
  std::set<std::string_view> removed;
  for (const std::string& path : paths) {
    if (isSystemPath(path)) return ErrorCode::BadArguments;
    const auto parent = nodes_.find(parentOf(path));
    if (parent == nodes_.end() || removed.count(parentOf(path))) return ErrorCode::NoNode;
    if (!mayDelete(parent->second)) return ErrorCode::NoAuth;
    const auto it = nodes_.find(path);
    if (it == nodes_.end() || removed.count(path)) return ErrorCode::NoNode;
    for (const std::string& child : it->second.children) {
      if (!removed.count(path == "/" ? "/" + child : path + "/" + child))
        return ErrorCode::NotEmpty;
    }
    removed.insert(path);
  }
  return ErrorCode::Ok;
}

ErrorCode DataTree::removeAll(const std::vector<std::string>& paths, int64_t zxid,
                              const std::function<bool(const Znode& parent)>& mayDelete,
                              std::vector<Notification>& fired) {
  const ErrorCode verdict = checkRemoveAll(paths, mayDelete);
  if (verdict != ErrorCode::Ok) return verdict;
  for (const std::string& path : paths) remove(path, -1, zxid, fired);
  return ErrorCode::Ok;
}

bool DataTree::isSystemPath(std::string_view path) {
  return std::find(std::begin(kSystemPaths), std::end(kSystemPaths), path) !=
         std::end(kSystemPaths);
}

std::string_view DataTree::parentOf(std::string_view path) {
  const size_t slash = path.rfind('/');
  if (slash == 0 || slash == std::string_view::npos) return "/";
  return path.substr(0, slash);
}

std::string_view DataTree::nameOf(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

const Znode* DataTree::find(std::string_view path) const {
  const auto found = nodes_.find(path);
  return found == nodes_.end() ? nullptr : &found->second;
}

ErrorCode DataTree::create(std::string_view requested, std::string data, CreateMode mode,
                           AclList acl, int64_t owner, int64_t zxid, int64_t timeMs,
                           std::string& createdPath, std::vector<Notification>& fired) {
  const std::string_view parentPath = parentOf(requested);
  const auto parentIt = nodes_.find(parentPath);
  if (parentIt == nodes_.end()) return ErrorCode::NoNode;
  Znode& parent = parentIt->second;

  std::string path(requested);
  if (isSequential(mode)) path += sequenceSuffix(parent.childCreations);
  if (nodes_.find(path) != nodes_.end()) return ErrorCode::NodeExists;
  if (parent.stat.ephemeralOwner != 0) return ErrorCode::NoChildrenForEphemerals;

  Znode node;
  node.mode = mode;
  node.stat.czxid = node.stat.mzxid = node.stat.pzxid = zxid;
  node.stat.ctime = node.stat.mtime = timeMs;
  node.stat.dataLength = static_cast<int32_t>(data.size());
  node.stat.ephemeralOwner = isEphemeral(mode) ? owner : 0;
  node.data = std::move(data);
  node.acl = std::move(acl);

  parent.children.insert(std::string(nameOf(path)));
  parent.sortedChildren.insert(std::string(nameOf(path)));
  ++parent.childCreations;
  parent.stat.pzxid = zxid;
  refreshChildStats(parent);

  if (isEphemeral(mode)) ephemerals_[owner].insert(path);
  if (mode == CreateMode::Container) containers_.insert(path);
  const std::string parentKey(parentPath);
  createdPath = path;
  const auto bytes = static_cast<int64_t>(node.data.size());
  nodes_.emplace(std::move(path), std::move(node));
  if (!quotaPaths_.empty() || parentKey.starts_with("/zookeeper/quota"))
    noteQuotaCreate(createdPath, bytes);

  watches_.trigger(createdPath, EventType::NodeCreated, fired);
  watches_.trigger(parentKey, EventType::NodeChildrenChanged, fired);
  return ErrorCode::Ok;
}

ErrorCode DataTree::remove(std::string_view path, int32_t version, int64_t zxid,
                           std::vector<Notification>& fired) {
  // The server refuses to delete its system nodes before looking at anything else
  // (PrepRequestProcessor.getParentPathAndValidate / ZKDatabase.isSpecialPath). Verified on 3.8.0:
  // `delete /`, `delete /zookeeper`, `delete -v 3 /zookeeper`, `delete /zookeeper/quota` and
  // `delete /zookeeper/config` all print "Arguments are not valid", and each consumes a zxid.
  if (isSystemPath(path)) return ErrorCode::BadArguments;
  const auto it = nodes_.find(path);
  if (it == nodes_.end()) return ErrorCode::NoNode;
  Znode& node = it->second;
  if (version != -1 && version != node.stat.version) return ErrorCode::BadVersion;
  if (!node.children.empty()) return ErrorCode::NotEmpty;

  const std::string key = it->first;
  const std::string parentKey(parentOf(key));
  if (node.stat.ephemeralOwner != 0) {
    auto owned = ephemerals_.find(node.stat.ephemeralOwner);
    if (owned != ephemerals_.end()) owned->second.erase(key);
  }
  containers_.erase(key);
  const auto bytes = static_cast<int64_t>(node.data.size());
  nodes_.erase(it);
  if (!quotaPaths_.empty()) noteQuotaDelete(key, bytes);

  const auto parentIt = nodes_.find(parentKey);
  LOCKSCOPE_CHECK(parentIt != nodes_.end(), "a removed node had no parent");
  Znode& parent = parentIt->second;
  parent.children.erase(std::string(nameOf(key)));
  parent.sortedChildren.erase(nameOf(key));
  parent.stat.pzxid = zxid;
  refreshChildStats(parent);

  watches_.trigger(key, EventType::NodeDeleted, fired);
  watches_.trigger(parentKey, EventType::NodeChildrenChanged, fired);
  return ErrorCode::Ok;
}

ErrorCode DataTree::setData(std::string_view path, std::string data, int32_t version, int64_t zxid,
                            int64_t timeMs, Stat& stat, std::vector<Notification>& fired) {
  const auto it = nodes_.find(path);
  if (it == nodes_.end()) return ErrorCode::NoNode;
  Znode& node = it->second;
  if (version != -1 && version != node.stat.version) return ErrorCode::BadVersion;
  const auto oldBytes = static_cast<int64_t>(node.data.size());
  node.data = std::move(data);
  node.stat.dataLength = static_cast<int32_t>(node.data.size());
  node.stat.mzxid = zxid;
  node.stat.mtime = timeMs;
  ++node.stat.version;
  stat = node.stat;
  if (!quotaPaths_.empty()) addToQuotaStats(it->first, 0, node.stat.dataLength - oldBytes);
  watches_.trigger(it->first, EventType::NodeDataChanged, fired);
  return ErrorCode::Ok;
}

Children DataTree::listChildren(std::string_view path) {
  const auto it = nodes_.find(path);
  if (it == nodes_.end()) return nullptr;
  Znode& node = it->second;
  if (!node.listed) {
    // One draw per version of the children: the order names() will show them in.
    const uint64_t shuffleSeed = chooser_.choose(~uint64_t{0}, "getChildren order");
    node.listed = node.sortedChildren.snapshot(shuffleSeed);
  }
  return node.listed;
}

AclList DataTree::aclOf(std::string_view path) const {
  const Znode* node = find(path);
  return node ? node->acl : nullptr;
}

ErrorCode DataTree::setAcl(std::string_view path, AclList acl, int32_t version, Stat& stat) {
  const auto it = nodes_.find(path);
  if (it == nodes_.end()) return ErrorCode::NoNode;
  Znode& node = it->second;
  if (version != -1 && version != node.stat.aversion) return ErrorCode::BadVersion;
  node.acl = std::move(acl);
  ++node.stat.aversion;
  stat = node.stat;
  return ErrorCode::Ok;
}

int32_t DataTree::allChildrenNumber(std::string_view path) const {
  // The server counts "/" as all its nodes but the root; any other path by the "path/" prefix.
  if (path == "/") return static_cast<int32_t>(nodes_.size()) - 1;
  const std::string prefix = std::string(path) + "/";
  return static_cast<int32_t>(std::count_if(nodes_.begin(), nodes_.end(), [&](const auto& node) {
    return node.first.starts_with(prefix);
  }));
}

std::vector<std::string> DataTree::ephemeralsOf(int64_t session) const {
  const auto found = ephemerals_.find(session);
  if (found == ephemerals_.end()) return {};
  return found->second.deletionOrder();
}

std::vector<std::string> DataTree::emptyContainers() const {
  std::vector<std::string> result;
  for (const std::string& path : containers_) {
    const auto found = nodes_.find(path);
    LOCKSCOPE_CHECK(found != nodes_.end(), "a container listed that the tree does not have");
    const Znode& node = found->second;
    if (node.children.empty() && node.stat.cversion > 0) result.push_back(path);
  }
  return result;
}

}  // namespace lockscope::zookeeper::model
