#include "lock_holders.h"

#include <algorithm>

namespace lockscope::checkers {

HoldChange LockHolders::onEvent(const sim::TraceEvent& event, ClientId actor) {
  HoldChange change;
  if (event.kind == sim::TraceKind::Lock) {
    const HoldMode mode = holdModeOf(event.value);
    if (event.op == sim::LockOp::Acquired) {
      change = acquire(actor, mode);
    } else if (event.op == sim::LockOp::Releasing) {
      ++holders_[actor].awaitingReleased;
      change = letGo(actor, mode);
    } else if (event.op == sim::LockOp::Released) {
      Holder& holder = holders_[actor];
      if (holder.awaitingReleased > 0) --holder.awaitingReleased;
      else change = letGo(actor, mode);
    } else if (event.op == sim::LockOp::Done) {
      change = drop(actor, false);
    }
  } else if (isProcess(event, sim::ProcessOp::Crashed)) {
    holders_[actor].awaitingReleased = 0;
    change = drop(actor, true);
  }
  if (change.kind == HoldChange::Kind::Started || change.kind == HoldChange::Kind::Ended) {
    lastChangeAt_ = event.time;
  }
  return change;
}

bool LockHolders::holds(ClientId client) const {
  const Holder* holder = holders_.find(client);
  return holder && !holder->holds.empty();
}

HoldChange LockHolders::acquire(ClientId client, HoldMode mode) {
  Holder& holder = holders_[client];
  const bool started = holder.holds.empty();
  holder.holds.push_back(mode);
  setExcluding(holder, holder.excluding + (excludesOthers(mode) ? 1 : 0));
  if (started) holding_.push_back(client);
  return {started ? HoldChange::Kind::Started : HoldChange::Kind::Nested, false, client};
}

HoldChange LockHolders::letGo(ClientId client, HoldMode mode) {
  Holder& holder = holders_[client];
  if (holder.holds.empty()) return {};
  // Let go of the latest hold in that mode; a release naming a mode the client does not hold
  // (a round abandoned in read mode releases "exclusive") lets go of the latest hold.
  auto hold = std::find(holder.holds.rbegin(), holder.holds.rend(), mode);
  if (hold == holder.holds.rend()) hold = holder.holds.rbegin();
  const bool excluding = excludesOthers(*hold);
  holder.holds.erase(std::next(hold).base());
  setExcluding(holder, holder.excluding - (excluding ? 1 : 0));
  if (!holder.holds.empty()) return {HoldChange::Kind::Nested, false, client};
  return ended(client, false);
}

HoldChange LockHolders::drop(ClientId client, bool byCrash) {
  Holder& holder = holders_[client];
  if (holder.holds.empty()) return {};
  holder.holds.clear();
  setExcluding(holder, 0);
  return ended(client, byCrash);
}

HoldChange LockHolders::ended(ClientId client, bool byCrash) {
  holding_.erase(std::find(holding_.begin(), holding_.end(), client));
  return {HoldChange::Kind::Ended, byCrash, client};
}

void LockHolders::setExcluding(Holder& holder, size_t excluding) {
  if (holder.excluding == 0 && excluding > 0) ++writers_;
  if (holder.excluding > 0 && excluding == 0) --writers_;
  holder.excluding = excluding;
}

HoldMode LockHolders::modeOf(ClientId client) const {
  const Holder* holder = holders_.find(client);
  if (!holder || holder->excluding == 0) return HoldMode::Read;
  const bool write = std::find(holder->holds.begin(), holder->holds.end(), HoldMode::Write) !=
                     holder->holds.end();
  return write ? HoldMode::Write : HoldMode::Exclusive;
}

}  // namespace lockscope::checkers
