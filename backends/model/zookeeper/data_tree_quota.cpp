// ZooKeeper 3.8's quota bookkeeping (DataTree.createNode / deleteNode / setData with its PathTrie
// of quota paths): a node /zookeeper/quota/<path>/zookeeper_limits puts <path> under a quota;
// from then on every create, delete and setData below <path> adds to the counts in
// /zookeeper/quota/<path>/zookeeper_stats ("count=N,bytes=M"), and creating that stats node
// fills it with the subtree's counts, whatever the client wrote. The server writes the stats
// node's data directly: its mzxid, mtime and version stay, no watch fires (its dataLength shows
// the new size). Exceeded limits are only logged by the server (and quotas are not enforced
// unless zookeeper.enforceQuota is set), so the model keeps no limits.
#include <charconv>

#include "data_tree.h"

namespace lockscope::zookeeper::model {
namespace {

constexpr std::string_view kQuotaRoot = "/zookeeper/quota";
constexpr std::string_view kLimitsNode = "zookeeper_limits";
constexpr std::string_view kStatsNode = "zookeeper_stats";

// Quotas.trimQuotaPath: the quota node's parent without the quota root ("/zookeeper/quota/qx" ->
// "/qx"); nullopt when the parent is not under the quota root.
std::optional<std::string> quotaPathOf(std::string_view parent) {
  if (!parent.starts_with(kQuotaRoot)) return std::nullopt;
  return std::string(parent.substr(kQuotaRoot.size()));
}

std::string statsPathOf(std::string_view quotaPath) {
  return std::string(kQuotaRoot) + std::string(quotaPath) + "/" + std::string(kStatsNode);
}

std::string statsText(int64_t count, int64_t bytes) {
  return "count=" + std::to_string(count) + ",bytes=" + std::to_string(bytes);
}

// StatsTrack's text as the server writes it; nullopt for anything else (see noteQuotaChange).
std::optional<std::pair<int64_t, int64_t>> parseStats(std::string_view text) {
  constexpr std::string_view kCount = "count=", kBytes = ",bytes=";
  if (!text.starts_with(kCount)) return std::nullopt;
  const size_t comma = text.find(kBytes);
  if (comma == std::string_view::npos) return std::nullopt;
  int64_t count = 0, bytes = 0;
  const char* countEnd = text.data() + comma;
  const auto parsedCount = std::from_chars(text.data() + kCount.size(), countEnd, count);
  const char* bytesBegin = countEnd + kBytes.size();
  const auto parsedBytes = std::from_chars(bytesBegin, text.data() + text.size(), bytes);
  if (parsedCount.ec != std::errc() || parsedCount.ptr != countEnd ||
      parsedBytes.ec != std::errc() || parsedBytes.ptr != text.data() + text.size())
    return std::nullopt;
  return std::pair{count, bytes};
}

}  // namespace

std::optional<std::string> DataTree::quotaPrefixOf(std::string_view path) const {
  // PathTrie.findMaxPrefix: the longest quota path that is `path` or one of its ancestors, by
  // whole names ("/qx" covers "/qx/a", not "/qxy"); the root never counts.
  std::optional<std::string> longest;
  for (const std::string& quota : quotaPaths_) {
    if (quota.empty() || quota == "/") continue;
    const bool covers = path == quota || (path.starts_with(quota) && path.size() > quota.size() &&
                                          path[quota.size()] == '/');
    if (covers && (!longest || quota.size() > longest->size())) longest = quota;
  }
  return longest;
}

void DataTree::setStatsData(const std::string& quotaPath, std::string text) {
  const auto stats = nodes_.find(statsPathOf(quotaPath));
  if (stats == nodes_.end()) return;  // the server logs it and carries on
  stats->second.data = std::move(text);
  stats->second.stat.dataLength = static_cast<int32_t>(stats->second.data.size());
}

void DataTree::addToQuotaStats(std::string_view path, int64_t count, int64_t bytes) {
  const auto quota = quotaPrefixOf(path);
  if (!quota) return;
  const auto stats = nodes_.find(statsPathOf(*quota));
  if (stats == nodes_.end()) return;
  // Deliberate difference: a stats node a client overwrote with text StatsTrack cannot parse
  // makes the real server fail the request and drop the connection; the model leaves it.
  const auto counts = parseStats(stats->second.data);
  if (!counts) return;
  setStatsData(*quota, statsText(counts->first + count, counts->second + bytes));
}

void DataTree::noteQuotaCreate(const std::string& path, int64_t bytes) {
  const std::string_view parent = parentOf(path);
  if (const auto quota = quotaPathOf(parent)) {
    if (nameOf(path) == kLimitsNode) quotaPaths_.insert(*quota);
    if (nameOf(path) == kStatsNode) {
      // updateQuotaForPath: the subtree's nodes (itself included) and their bytes.
      int64_t count = 0, total = 0;
      const std::string below = *quota + "/";
      for (const auto& [nodePath, node] : nodes_) {
        if (nodePath == *quota || nodePath.starts_with(below)) {
          ++count;
          total += static_cast<int64_t>(node.data.size());
        }
      }
      setStatsData(*quota, statsText(count, total));
    }
  }
  addToQuotaStats(path, 1, bytes);
}

void DataTree::noteQuotaDelete(const std::string& path, int64_t bytes) {
  if (nameOf(path) == kLimitsNode && parentOf(path).starts_with("/zookeeper")) {
    if (const auto quota = quotaPathOf(parentOf(path))) quotaPaths_.erase(*quota);
  }
  addToQuotaStats(path, -1, -bytes);
}

}  // namespace lockscope::zookeeper::model
