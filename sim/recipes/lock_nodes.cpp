#include "lock_nodes.h"

#include <algorithm>
#include <climits>
#include <cstdio>

#include "backends/api/children_list.h"

namespace lockscope::recipes {

std::string_view nodeName(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

long indexOfNode(std::span<const std::string> sorted, std::string_view name) {
  // The list is sorted by sequence suffix, so binary search on it: a herd of N waiters re-listing
  // N children costs N log N, not N^2, per release.
  const long long sequence = zookeeper::sequenceSuffix(name);
  const auto first = std::lower_bound(sorted.begin(), sorted.end(), sequence,
                                      [](const std::string& child, long long wanted) {
                                        const long long own = zookeeper::sequenceSuffix(child);
                                        return (own < 0 ? LLONG_MAX : own) < wanted;
                                      });
  for (auto it = first; it != sorted.end(); ++it) {
    if (*it == name) return static_cast<long>(it - sorted.begin());
    const long long own = zookeeper::sequenceSuffix(*it);
    if (own != sequence) break;
  }
  return -1;
}

QueuePosition queuePosition(const std::string& lockPath, const zookeeper::Children& children,
                            std::string_view node) {
  QueuePosition position;
  if (!children) return position;
  std::span<const std::string> sorted = children->sortedBySequence();
  position.index = indexOfNode(sorted, nodeName(node));
  if (position.index > 0) {
    position.predecessor = lockPath + "/" + sorted[static_cast<size_t>(position.index - 1)];
  }
  return position;
}

std::string makeGuid(sim::Chooser& chooser) {
  constexpr uint64_t kAll = ~uint64_t{0};
  // Version 4 (random) and the RFC 4122 variant, as java.util.UUID.randomUUID() makes them.
  const uint64_t high = (chooser.choose(kAll, "lock node guid") & ~uint64_t{0xf000}) | 0x4000;
  const uint64_t low = (chooser.choose(kAll, "lock node guid") & ~(uint64_t{3} << 62)) |
                       (uint64_t{2} << 62);
  char text[37];
  std::snprintf(text, sizeof text, "%08llx-%04llx-%04llx-%04llx-%012llx",
                static_cast<unsigned long long>(high >> 32),
                static_cast<unsigned long long>((high >> 16) & 0xffff),
                static_cast<unsigned long long>(high & 0xffff),
                static_cast<unsigned long long>(low >> 48),
                static_cast<unsigned long long>(low & 0xffffffffffffULL));
  return text;
}

std::string findChildWithPrefix(const std::string& parent, const zookeeper::Children& children,
                                std::string_view prefix) {
  if (!children) return {};
  for (const std::string& child : children->sortedBySequence()) {
    if (std::string_view(child).starts_with(prefix)) return parent + "/" + child;
  }
  return {};
}

}  // namespace lockscope::recipes
