#include "children_list.h"

#include <algorithm>
#include <climits>

#include "sim/engine/random.h"

namespace lockscope::zookeeper {

long long sequenceSuffix(std::string_view name) {
  constexpr size_t kDigits = 10;
  if (name.size() < kDigits) return -1;
  long long value = 0;
  for (size_t i = name.size() - kDigits; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    value = value * 10 + (name[i] - '0');
  }
  return value;
}

bool lessBySequence(std::string_view a, std::string_view b) {
  const long long sa = sequenceSuffix(a), sb = sequenceSuffix(b);
  const long long ka = sa < 0 ? LLONG_MAX : sa, kb = sb < 0 ? LLONG_MAX : sb;
  return ka != kb ? ka < kb : a < b;
}

ChildrenList::ChildrenList(std::vector<std::string> names)
    : names_(std::make_shared<const std::vector<std::string>>(std::move(names))) {}

ChildrenList::ChildrenList(std::shared_ptr<const std::vector<std::string>> sorted, size_t begin,
                           size_t end, uint64_t shuffleSeed)
    : sorted_(std::move(sorted)), begin_(begin), end_(end), shuffleSeed_(shuffleSeed) {}

size_t ChildrenList::size() const {
  return sorted_ ? end_ - begin_ : (names_ ? names_->size() : 0);
}

const std::vector<std::string>& ChildrenList::names() const {
  if (!names_) {
    auto names = std::make_shared<std::vector<std::string>>();
    if (sorted_) {
      names->assign(sorted_->begin() + static_cast<long>(begin_),
                    sorted_->begin() + static_cast<long>(end_));
      // Fisher-Yates with our portable generator: the same seed gives the same order anywhere.
      sim::Random random(shuffleSeed_);
      for (size_t i = names->size(); i > 1; --i)
        std::swap((*names)[i - 1], (*names)[random.below(i)]);
    }
    names_ = std::move(names);
  }
  return *names_;
}

std::span<const std::string> ChildrenList::sortedBySequence() const {
  if (!sorted_) {
    auto sorted = std::make_shared<std::vector<std::string>>(names());
    std::sort(sorted->begin(), sorted->end(),
              [](const std::string& a, const std::string& b) { return lessBySequence(a, b); });
    end_ = sorted->size();
    begin_ = 0;
    sorted_ = std::move(sorted);
  }
  return std::span<const std::string>(sorted_->data() + begin_, end_ - begin_);
}

}  // namespace lockscope::zookeeper
