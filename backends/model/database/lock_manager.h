// The database model's locks: row locks (FOR SHARE, FOR UPDATE and every write), InnoDB's gap
// and insert-intention locks, and PostgreSQL's advisory locks, each named by a string
// ("locks/lock", "gap:locks/+inf", "advisory/42") and owned by a session.
//
// Each lock has its holders and a FIFO queue of waiters. A request is granted when it conflicts
// with no holder and no earlier waiter (so a stream of readers cannot starve a writer); a holder
// asking again is granted at once (re-entrant: counted) or upgraded. Who waits for whom (the
// conflicting holders and the nearest conflicting waiter ahead) is the wait-for graph the
// deadlock detectors walk.
//
// A hold counts how often it was taken for the transaction (released when it ends) and for the
// session (advisory session locks: released by unlock or when the session ends).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sql_tables.h"

namespace lockscope::sql::model {

enum class LockMode : uint8_t { Shared, Exclusive, Gap, InsertIntention };
const char* lockModeName(LockMode mode);  // "share", "update", "gap", "insert"

// Whether `requested` must wait for `held` of another session. Gap locks never wait; an insert
// waits for others' gap locks; share and update conflict as usual.
bool conflicts(LockMode requested, LockMode held);

class LockManager {
 public:
  enum class Scope : uint8_t { Transaction, Session };
  enum class Outcome : uint8_t { Granted, Queued, Busy };  // Busy: would wait, not queued

  // Grants `mode` on `lock` to `owner` now, or queues the request when `queue` (then `granted`
  // runs when it is granted, from release()'s caller), or says Busy.
  Outcome request(const std::string& lock, SessionId owner, LockMode mode, Scope scope, bool queue,
                  std::function<void()> granted);
  // Takes a waiting request out of its queue (a lock timeout, a deadlock victim, a session gone).
  // Returns the lock it waited for, if any.
  std::optional<std::string> cancelWait(SessionId owner);

  // Releases what `owner` holds for its transaction; returns the locks released (for the trace)
  // and grants the waiters that can now go.
  std::vector<std::string> releaseTransaction(SessionId owner);
  // Releases everything `owner` holds (its session ended).
  std::vector<std::string> releaseSession(SessionId owner);
  // Advisory unlock: one session-level count of `lock`; false when the session held none.
  bool releaseOnce(const std::string& lock, SessionId owner);

  // The sessions `waiter` waits for: the conflicting holders and the nearest conflicting waiter
  // ahead of it; empty if it does not wait.
  std::vector<SessionId> blockers(SessionId waiter) const;
  // A cycle of the wait-for graph through `waiter`, starting and ending there; empty if none.
  std::vector<SessionId> cycleThrough(SessionId waiter) const;
  // The lock `owner` waits for, if any.
  std::optional<std::string> waitingFor(SessionId owner) const;
  // How many locks `owner` holds (InnoDB's weight of a transaction counts them).
  size_t heldBy(SessionId owner) const;
  bool holds(const std::string& lock, SessionId owner) const;

 private:
  struct Hold {
    LockMode mode;
    int transactionCount = 0;
    int sessionCount = 0;
  };
  struct Waiter {
    SessionId owner;
    LockMode mode;
    Scope scope;
    std::function<void()> granted;
  };
  struct Lock {
    std::map<SessionId, Hold> holders;
    std::deque<Waiter> waiters;
  };

  bool grantable(const Lock& lock, SessionId owner, LockMode mode, size_t waitersAhead) const;
  static void take(Lock& lock, SessionId owner, LockMode mode, Scope scope);
  // Grants the queue's head while it can go; returns the callbacks to run.
  void grantWaiters(const std::string& name, std::vector<std::function<void()>>& ready);
  void runReady(std::vector<std::function<void()>>& ready);

  std::map<std::string, Lock> locks_;
  std::map<SessionId, std::string> waiting_;  // who waits, for which lock
};

}  // namespace lockscope::sql::model
