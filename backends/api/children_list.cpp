#include "children_list.h"

#include <algorithm>
#include <climits>

namespace lockscope::zookeeper {

long long sequenceSuffix(const std::string& name) {
  constexpr size_t kDigits = 10;
  if (name.size() < kDigits) return -1;
  long long value = 0;
  for (size_t i = name.size() - kDigits; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    value = value * 10 + (name[i] - '0');
  }
  return value;
}

const std::vector<std::string>& ChildrenList::sortedBySequence() const {
  if (!sorted_) {
    std::vector<std::pair<long long, const std::string*>> keyed;
    keyed.reserve(names_.size());
    for (const std::string& name : names_) {
      const long long sequence = sequenceSuffix(name);
      keyed.emplace_back(sequence < 0 ? LLONG_MAX : sequence, &name);
    }
    std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : *a.second < *b.second;
    });
    auto sorted = std::make_shared<std::vector<std::string>>();
    sorted->reserve(keyed.size());
    for (const auto& entry : keyed) sorted->push_back(*entry.second);
    sorted_ = std::move(sorted);
  }
  return *sorted_;
}

}  // namespace lockscope::zookeeper
