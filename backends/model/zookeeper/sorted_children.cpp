#include "sorted_children.h"

#include <algorithm>

namespace lockscope::zookeeper::model {

void SortedChildren::rebuild(std::vector<std::string> names) {
  auto fresh = std::make_shared<std::vector<std::string>>();
  fresh->reserve(std::max<size_t>(16, names.size() * 2));
  for (std::string& name : names) fresh->push_back(std::move(name));
  sorted_ = std::move(fresh);
  begin_ = 0;
  end_ = sorted_->size();
}

void SortedChildren::insert(const std::string& name) {
  const bool atEnd = begin_ == end_ || lessBySequence((*sorted_)[end_ - 1], name);
  // Appending inside the reserved capacity moves no element, so windows handed out earlier stay
  // valid; they never reach past their own end.
  if (atEnd && end_ == sorted_->size() && sorted_->size() < sorted_->capacity()) {
    sorted_->push_back(name);
    ++end_;
    return;
  }
  std::vector<std::string> names(sorted_->begin() + static_cast<long>(begin_),
                                 sorted_->begin() + static_cast<long>(end_));
  names.insert(std::upper_bound(
                   names.begin(), names.end(), name,
                   [](const std::string& a, const std::string& b) { return lessBySequence(a, b); }),
               name);
  rebuild(std::move(names));
}

void SortedChildren::erase(std::string_view name) {
  if (begin_ < end_ && (*sorted_)[begin_] == name) {
    ++begin_;  // the queue's front leaves: no copy
    return;
  }
  std::vector<std::string> names;
  names.reserve(end_ - begin_);
  for (size_t i = begin_; i < end_; ++i) {
    if ((*sorted_)[i] != name) names.push_back((*sorted_)[i]);
  }
  rebuild(std::move(names));
}

Children SortedChildren::snapshot(uint64_t shuffleSeed) const {
  return std::make_shared<const ChildrenList>(sorted_, begin_, end_, shuffleSeed);
}

}  // namespace lockscope::zookeeper::model
