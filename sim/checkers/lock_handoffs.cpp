#include "lock_handoffs.h"

namespace lockscope::checkers {

std::optional<sim::Micros> LockHandoffs::onChange(const HoldChange& change,
                                                  const LockHolders& holders, sim::Micros time) {
  std::optional<sim::Micros> handoff;
  if (change.kind == HoldChange::Kind::Started) {
    if (free_ && free_->client != change.client) handoff = time - free_->time;
    free_.reset();
  } else if (change.kind == HoldChange::Kind::Ended && !change.byCrash &&
             holders.holderCount() == 0) {
    free_ = Release{change.client, time};
  }
  return handoff;
}

}  // namespace lockscope::checkers
