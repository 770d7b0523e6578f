#include "client_names.h"

#include <algorithm>

namespace lockscope::checkers {

ClientId ClientNames::intern(std::string_view name) {
  const auto found = ids_.find(name);
  if (found != ids_.end()) return found->second;
  const auto id = static_cast<ClientId>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(std::string(name), id);
  return id;
}

std::vector<std::string> ClientNames::sortedNames(const std::vector<ClientId>& ids) const {
  std::vector<std::string> sorted;
  sorted.reserve(ids.size());
  for (const ClientId id : ids) sorted.push_back(names_[id]);
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

}  // namespace lockscope::checkers
