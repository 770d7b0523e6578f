#include "ephemeral_set.h"

#include <algorithm>

#include "java_text.h"

namespace lockscope::zookeeper::model {
namespace {

// HashMap.hash(): the high half folded into the low one.
uint32_t spread(std::string_view path) {
  const auto h = static_cast<uint32_t>(javaHashCode(path));
  return h ^ (h >> 16);
}

// HashMap.tableSizeFor(): the smallest power of two >= n.
size_t tableSizeFor(size_t n) {
  size_t capacity = 1;
  while (capacity < n) capacity *= 2;
  return capacity;
}

// Stable: paths that share a bucket keep the order they arrived in.
void orderByBucket(std::vector<std::string>& paths, size_t capacity) {
  std::stable_sort(paths.begin(), paths.end(),
                   [capacity](const std::string& a, const std::string& b) {
                     return (spread(a) & (capacity - 1)) < (spread(b) & (capacity - 1));
                   });
}

}  // namespace

void EphemeralSet::insert(std::string_view path) {
  if (std::find(paths_.begin(), paths_.end(), path) != paths_.end()) return;
  paths_.emplace_back(path);
  peak_ = std::max(peak_, paths_.size());
}

void EphemeralSet::erase(std::string_view path) {
  const auto found = std::find(paths_.begin(), paths_.end(), path);
  if (found != paths_.end()) paths_.erase(found);
}

std::vector<std::string> EphemeralSet::deletionOrder() const {
  std::vector<std::string> order = paths_;
  if (order.empty()) return order;
  // The session's own set: 16 buckets, doubled whenever it held more than 3/4 of that.
  size_t original = 16;
  while (peak_ * 4 > original * 3) original *= 2;
  orderByBucket(order, original);
  // Its clone, filled in that order. The float arithmetic is Java's (HashMap.putMapEntries).
  const float wanted = static_cast<float>(order.size()) / 0.75F + 1.0F;
  orderByBucket(order, tableSizeFor(static_cast<size_t>(wanted)));
  return order;
}

std::vector<std::string> ephemeralsWithPrefix(std::vector<std::string> paths,
                                              std::string_view prefix) {
  const std::string_view trimmed = javaTrimmed(prefix);
  if (trimmed.empty() || trimmed == "/") return paths;
  std::erase_if(paths, [prefix](const std::string& path) { return !path.starts_with(prefix); });
  return paths;
}

}  // namespace lockscope::zookeeper::model
