#include "lock_manager.h"

#include <algorithm>
#include <set>

namespace lockscope::sql::model {

const char* lockModeName(LockMode mode) {
  switch (mode) {
    case LockMode::Shared: return "share";
    case LockMode::Exclusive: return "update";
    case LockMode::Gap: return "gap";
    case LockMode::InsertIntention: return "insert";
  }
  return "?";
}

bool conflicts(LockMode requested, LockMode held) {
  switch (requested) {
    case LockMode::Gap: return false;
    case LockMode::InsertIntention: return held == LockMode::Gap;
    case LockMode::Shared: return held == LockMode::Exclusive;
    case LockMode::Exclusive: return held == LockMode::Shared || held == LockMode::Exclusive;
  }
  return true;
}

bool LockManager::grantable(const Lock& lock, SessionId owner, LockMode mode,
                            size_t waitersAhead) const {
  for (const auto& [holder, hold] : lock.holders) {
    if (holder != owner && conflicts(mode, hold.mode)) return false;
  }
  // A holder asking again (re-entry, an upgrade) does not queue behind waiters: they wait for it.
  if (lock.holders.count(owner)) return true;
  for (size_t i = 0; i < waitersAhead && i < lock.waiters.size(); ++i) {
    const Waiter& ahead = lock.waiters[i];
    if (ahead.owner != owner && (conflicts(mode, ahead.mode) || conflicts(ahead.mode, mode)))
      return false;
  }
  return true;
}

void LockManager::take(Lock& lock, SessionId owner, LockMode mode, Scope scope) {
  auto [it, fresh] = lock.holders.try_emplace(owner, Hold{mode});
  Hold& hold = it->second;
  // An upgrade keeps the stronger mode: share -> update.
  if (!fresh && mode == LockMode::Exclusive) hold.mode = mode;
  (scope == Scope::Transaction ? hold.transactionCount : hold.sessionCount) += 1;
}

LockManager::Outcome LockManager::request(const std::string& name, SessionId owner, LockMode mode,
                                          Scope scope, bool queue, std::function<void()> granted) {
  Lock& lock = locks_[name];
  if (grantable(lock, owner, mode, lock.waiters.size())) {
    take(lock, owner, mode, scope);
    return Outcome::Granted;
  }
  if (!queue) return Outcome::Busy;
  lock.waiters.push_back(Waiter{owner, mode, scope, std::move(granted)});
  waiting_[owner] = name;
  return Outcome::Queued;
}

std::optional<std::string> LockManager::cancelWait(SessionId owner) {
  const auto found = waiting_.find(owner);
  if (found == waiting_.end()) return std::nullopt;
  const std::string name = found->second;
  waiting_.erase(found);
  Lock& lock = locks_[name];
  std::erase_if(lock.waiters, [owner](const Waiter& waiter) { return waiter.owner == owner; });
  // Those behind it may go now.
  std::vector<std::function<void()>> ready;
  grantWaiters(name, ready);
  runReady(ready);
  return name;
}

void LockManager::grantWaiters(const std::string& name, std::vector<std::function<void()>>& ready) {
  Lock& lock = locks_[name];
  while (!lock.waiters.empty()) {
    Waiter& head = lock.waiters.front();
    if (!grantable(lock, head.owner, head.mode, 0)) break;
    take(lock, head.owner, head.mode, head.scope);
    waiting_.erase(head.owner);
    ready.push_back(std::move(head.granted));
    lock.waiters.pop_front();
  }
  if (lock.holders.empty() && lock.waiters.empty()) locks_.erase(name);
}

void LockManager::runReady(std::vector<std::function<void()>>& ready) {
  for (auto& granted : ready) granted();
}

std::vector<std::string> LockManager::releaseTransaction(SessionId owner) {
  std::vector<std::string> released;
  for (auto& [name, lock] : locks_) {
    const auto found = lock.holders.find(owner);
    if (found == lock.holders.end() || found->second.transactionCount == 0) continue;
    found->second.transactionCount = 0;
    if (found->second.sessionCount == 0) lock.holders.erase(found);
    released.push_back(name);
  }
  std::vector<std::function<void()>> ready;
  for (const std::string& name : released) grantWaiters(name, ready);
  runReady(ready);
  return released;
}

std::vector<std::string> LockManager::releaseSession(SessionId owner) {
  cancelWait(owner);
  std::vector<std::string> released;
  for (auto& [name, lock] : locks_) {
    if (lock.holders.erase(owner)) released.push_back(name);
  }
  std::vector<std::function<void()>> ready;
  for (const std::string& name : released) grantWaiters(name, ready);
  runReady(ready);
  return released;
}

bool LockManager::releaseOnce(const std::string& name, SessionId owner) {
  const auto lock = locks_.find(name);
  if (lock == locks_.end()) return false;
  const auto hold = lock->second.holders.find(owner);
  if (hold == lock->second.holders.end() || hold->second.sessionCount == 0) return false;
  if (--hold->second.sessionCount == 0 && hold->second.transactionCount == 0)
    lock->second.holders.erase(hold);
  std::vector<std::function<void()>> ready;
  grantWaiters(name, ready);
  runReady(ready);
  return true;
}

std::vector<SessionId> LockManager::blockers(SessionId waiter) const {
  const auto found = waiting_.find(waiter);
  if (found == waiting_.end()) return {};
  const Lock& lock = locks_.at(found->second);
  std::vector<SessionId> out;
  const auto me = std::find_if(lock.waiters.begin(), lock.waiters.end(),
                               [waiter](const Waiter& w) { return w.owner == waiter; });
  const LockMode mode = me->mode;
  for (const auto& [holder, hold] : lock.holders) {
    if (holder != waiter && conflicts(mode, hold.mode)) out.push_back(holder);
  }
  // Of the waiters ahead, the nearest that conflicts: it waits in turn for those before it, so
  // the graph keeps every path with one edge per waiter instead of one to each waiter ahead (a
  // queue of a thousand stays linear to walk and to describe).
  for (auto ahead = std::make_reverse_iterator(me); ahead != lock.waiters.rend(); ++ahead) {
    if (ahead->owner == waiter || !(conflicts(mode, ahead->mode) || conflicts(ahead->mode, mode)))
      continue;
    if (std::find(out.begin(), out.end(), ahead->owner) == out.end()) out.push_back(ahead->owner);
    break;
  }
  return out;
}

std::vector<SessionId> LockManager::cycleThrough(SessionId waiter) const {
  // Depth-first from `waiter` over wait-for edges, in the stable order blockers() gives.
  std::vector<SessionId> path{waiter};
  std::set<SessionId> seen{waiter};
  std::function<bool(SessionId)> walk = [&](SessionId from) {
    for (SessionId next : blockers(from)) {
      if (next == waiter) {
        path.push_back(waiter);
        return true;
      }
      if (!seen.insert(next).second) continue;
      path.push_back(next);
      if (walk(next)) return true;
      path.pop_back();
    }
    return false;
  };
  return walk(waiter) ? path : std::vector<SessionId>{};
}

std::optional<std::string> LockManager::waitingFor(SessionId owner) const {
  const auto found = waiting_.find(owner);
  if (found == waiting_.end()) return std::nullopt;
  return found->second;
}

size_t LockManager::heldBy(SessionId owner) const {
  size_t count = 0;
  for (const auto& [name, lock] : locks_) count += lock.holders.count(owner);
  return count;
}

bool LockManager::holds(const std::string& name, SessionId owner) const {
  const auto lock = locks_.find(name);
  return lock != locks_.end() && lock->second.holders.count(owner);
}

}  // namespace lockscope::sql::model
