#include "data_tree.h"

#include <cstdio>

namespace lockscope::zookeeper::model {
namespace {

// The system nodes every fresh 3.8 server has (seen with `ls -R /` and `stat` on a new server):
// all created at zxid 0 with no data, except /zookeeper/config, which is empty in standalone mode.
void addSystemNode(std::map<std::string, Znode, std::less<>>& nodes, const std::string& path) {
  nodes.emplace(path, Znode{});
}

std::string sequenceSuffix(int32_t counter) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%010d", counter);
  return buffer;
}

}  // namespace

DataTree::DataTree(sim::Chooser& chooser) : chooser_(chooser) {
  addSystemNode(nodes_, "/");
  addSystemNode(nodes_, "/zookeeper");
  addSystemNode(nodes_, "/zookeeper/config");
  addSystemNode(nodes_, "/zookeeper/quota");
  nodes_["/"].children.insert("zookeeper");
  nodes_["/zookeeper"].children = {"config", "quota"};
  nodes_["/zookeeper/config"].stat.aversion = -1;  // its ACL was set once at startup
  for (auto& [path, node] : nodes_) refreshChildStats(node);
}

void DataTree::refreshChildStats(Znode& node) {
  node.stat.numChildren = static_cast<int32_t>(node.children.size());
  // The server keeps a count of child creations and reports cversion as 2 * creations - children,
  // which equals creations + deletions for children made through create(). The system nodes,
  // added without a create, show negative values on a fresh server (/zookeeper: -2).
  node.stat.cversion = 2 * node.childCreations - node.stat.numChildren;
  node.listed.reset();
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
                           int64_t owner, int64_t zxid, int64_t timeMs, std::string& createdPath,
                           std::vector<Notification>& fired) {
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

  parent.children.insert(std::string(nameOf(path)));
  ++parent.childCreations;
  parent.stat.pzxid = zxid;
  refreshChildStats(parent);

  if (isEphemeral(mode)) ephemerals_[owner].insert(path);
  if (mode == CreateMode::Container) containers_.insert(path);
  const std::string parentKey(parentPath);
  createdPath = path;
  nodes_.emplace(std::move(path), std::move(node));

  watches_.trigger(createdPath, EventType::NodeCreated, fired);
  watches_.trigger(parentKey, EventType::NodeChildrenChanged, fired);
  return ErrorCode::Ok;
}

ErrorCode DataTree::remove(std::string_view path, int32_t version, int64_t zxid,
                           std::vector<Notification>& fired) {
  const auto it = nodes_.find(path);
  if (it == nodes_.end() || path == "/") return ErrorCode::NoNode;
  Znode& node = it->second;
  if (version != -1 && version != node.stat.version) return ErrorCode::BadVersion;
  if (!node.children.empty()) return ErrorCode::NotEmpty;

  const std::string key = it->first;
  const std::string parentKey(parentOf(key));
  if (node.stat.ephemeralOwner != 0) {
    auto owned = ephemerals_.find(node.stat.ephemeralOwner);
    if (owned != ephemerals_.end()) {
      owned->second.erase(key);
      if (owned->second.empty()) ephemerals_.erase(owned);
    }
  }
  containers_.erase(key);
  nodes_.erase(it);

  Znode& parent = nodes_.find(parentKey)->second;
  parent.children.erase(std::string(nameOf(key)));
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
  node.data = std::move(data);
  node.stat.dataLength = static_cast<int32_t>(node.data.size());
  node.stat.mzxid = zxid;
  node.stat.mtime = timeMs;
  ++node.stat.version;
  stat = node.stat;
  watches_.trigger(it->first, EventType::NodeDataChanged, fired);
  return ErrorCode::Ok;
}

Children DataTree::listChildren(std::string_view path) {
  const auto it = nodes_.find(path);
  if (it == nodes_.end()) return nullptr;
  Znode& node = it->second;
  if (!node.listed) {
    std::vector<std::string> names(node.children.begin(), node.children.end());
    chooser_.shuffle(names, "getChildren order");
    node.listed = std::make_shared<const ChildrenList>(std::move(names));
  }
  return node.listed;
}

std::vector<std::string> DataTree::ephemeralsOf(int64_t session) const {
  const auto found = ephemerals_.find(session);
  if (found == ephemerals_.end()) return {};
  return {found->second.begin(), found->second.end()};
}

std::vector<std::string> DataTree::emptyContainers() const {
  std::vector<std::string> result;
  for (const std::string& path : containers_) {
    const Znode& node = nodes_.find(path)->second;
    if (node.children.empty() && node.stat.cversion > 0) result.push_back(path);
  }
  return result;
}

}  // namespace lockscope::zookeeper::model
