#include "mutual_exclusion_checker.h"

#include <algorithm>
#include <utility>

namespace lockscope::checkers {
namespace {

// "A (write), B (read) held the lock at once", in name order.
std::string describe(const LockHolders& holders, const ClientNames& names) {
  std::vector<std::pair<std::string, HoldMode>> described;
  for (const ClientId id : holders.holding()) {
    described.emplace_back(names.name(id), holders.modeOf(id));
  }
  std::sort(described.begin(), described.end());
  std::string text;
  for (const auto& [name, mode] : described) {
    if (!text.empty()) text += ", ";
    text += name + " (" + holdModeName(mode) + ")";
  }
  return text + " held the lock at once";
}

}  // namespace

void MutualExclusionChecker::onChange(const LockHolders& holders, const ClientNames& names,
                                      sim::Micros time) {
  if (!holders.conflict()) {
    close(time);
    return;
  }
  std::vector<std::string> clients = names.sortedNames(holders.holding());
  if (open_ && open_->clients == clients) return;
  close(time);
  // The same clients overlapping again at the instant their last overlap ended: one overlap.
  if (!closed_.empty() && closed_.back().until == time && closed_.back().clients == clients) {
    Violation& last = closed_.back();
    open_ = Overlap{std::move(last.clients), last.time, std::move(last.detail)};
    closed_.pop_back();
    return;
  }
  open_ = Overlap{std::move(clients), time, describe(holders, names)};
}

void MutualExclusionChecker::close(sim::Micros time) {
  if (!open_) return;
  closed_.push_back(Violation{"mutual_exclusion", open_->since, time, std::move(open_->clients),
                              std::move(open_->detail)});
  open_.reset();
}

void MutualExclusionChecker::finish(std::vector<Violation>& out) const {
  out.insert(out.end(), closed_.begin(), closed_.end());
  if (open_) {
    out.push_back(Violation{"mutual_exclusion", open_->since, 0, open_->clients,
                            open_->detail + ", until the end of the run"});
  }
}

}  // namespace lockscope::checkers
