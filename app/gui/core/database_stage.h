// The database half of the stage: the tables with each row's committed value and the change a
// still-open transaction made to it, the locks on rows, gaps and advisory keys with their
// holders and FIFO queues, each client's transaction and the statement it has in flight, and the
// wait-for graph with the last deadlock's cycle and victim. Folded from the trace (the Row,
// RowLock and Transaction events of backends/model/database, the SQL Request/Reply events of
// every client) like the rest of StageState, and copied into its snapshots.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "recorded_trace.h"
#include "run_cast.h"

namespace lockscope::gui {

// A row as the stage knows it. Seeded rows are only known once an event names them, and their
// committed value once a change to them commits (or a rollback restores it).
struct RowOnStage {
  bool committedKnown = false;
  std::string committed;  // "owner=c1 count=1 lock_until=…"; "" with committedKnown: no row
  // The change an open transaction made: its value ("" for a delete) and who made it.
  bool changed = false;
  std::string pending;
  int writer = kNoClient;
  int64_t writerTransaction = 0;
  sim::TraceOp lastOp;  // RowOp of the latest change
};

// One lock (a row's, a gap's or an advisory key's): who holds it in which mode, who queues for
// it (in order), and for each waiter whom it waits behind.
struct LockOnStage {
  struct Holder {
    int client = kNoClient;
    std::string mode;  // "share", "update", "gap", "insert" (lock_manager.cpp's names)
  };
  struct Waiter {
    int client = kNoClient;
    std::string mode;
    std::vector<int> behind;  // from the Waiting event's "behind c2, c3"
  };
  std::vector<Holder> holders;
  std::vector<Waiter> waiters;

  bool empty() const { return holders.empty() && waiters.empty(); }
  bool heldBy(int client) const;
  bool awaitedBy(int client) const;
};

// What a client's connection is doing: its transaction and the statement in flight.
struct SqlClientOnStage {
  int64_t transaction = 0;  // the latest transaction's id (0: none yet)
  bool open = false;        // begun and not yet committed, rolled back or ended
  bool explicitly = false;  // begun by BEGIN (an implicit one wraps a single statement)
  bool aborted = false;     // aborted: an error (deadlock, timeout …) rolled it back
  std::string abortedWhy;   // the model's reason, e.g. "deadlock"
  std::string statement;    // the SqlOp's name of the latest statement ("SELECT lock")
  std::string sql;          // its text, parameters bound
  bool inFlight = false;    // sent and not answered yet
  int64_t request = 0;
  std::string outcome;        // the latest reply's rc ("OK", "deadlock" …), "" while in flight
  bool postgres = false;      // the dialect its statements are in (the Request's detail)
  bool sessionEnded = false;  // the server ended its session (crash, kill, keepalive …)
  std::string endedWhy;
};

// The last deadlock the server broke: the cycle as it named it (first == last) and its victim.
struct DeadlockOnStage {
  std::vector<int> cycle;
  int victim = kNoClient;
  std::string lock;  // the lock the victim was waiting for
  sim::Micros at = -1;
};

struct WaitEdge {
  int waiter = kNoClient;
  int blocker = kNoClient;
  std::string lock;
};

// What a whole run puts on the database stage, so that its layout does not jump while it plays:
// whether it is a database run at all, the tables it touches (in sql_tables.h's order) and
// whether it takes advisory locks.
struct DatabaseShape {
  bool database = false;
  std::vector<std::string> tables;
  bool advisory = false;
  size_t mostRows = 0;  // the most rows and locked gaps one table shows at once, at most
};
DatabaseShape databaseShapeOf(const RecordedTrace& trace);

class DatabaseStage {
 public:
  void apply(const StoredEvent& event, const RecordedTrace& trace, const RunCast& cast);

  // True once any database event was seen: the stage draws tables instead of a znode tree.
  bool empty() const { return !seen_; }
  // Table name -> key -> row; the three tables of sql_tables.h as events name them.
  const std::map<std::string, std::map<std::string, RowOnStage>>& tables() const { return tables_; }
  // Lock name ("locks/lock", "gap:locks/+inf", "advisory/42") -> its holders and queue.
  const std::map<std::string, LockOnStage>& locks() const { return locks_; }
  const std::map<int, SqlClientOnStage>& clients() const { return clients_; }
  const SqlClientOnStage* client(int client) const;
  const DeadlockOnStage& lastDeadlock() const { return deadlock_; }
  // Waiter -> blocker for every waiter, from whom it was queued behind, less those who since
  // let go of the lock (neither hold it nor queue for it any more).
  std::vector<WaitEdge> waitFor() const;
  // Whether the edge waiter -> blocker lies on the last deadlock's cycle.
  bool onDeadlockCycle(int waiter, int blocker) const;

  // "table/key" -> {"table", "key"}; a gap lock "gap:table/key" -> {"table", "key"}.
  static std::pair<std::string, std::string> splitRowName(std::string_view name);
  // Client indices named in a list such as "c2, c3" or "c1 -> c2 -> c1".
  static std::vector<int> clientsNamed(std::string_view list, const RunCast& cast);

 private:
  void applyRow(int client, const StoredEvent& event, const RecordedTrace& trace);
  void applyLock(int client, const StoredEvent& event, const RecordedTrace& trace,
                 const RunCast& cast);
  void applyTransaction(int client, const StoredEvent& event, const RecordedTrace& trace);
  void applyStatement(int client, const StoredEvent& event, const RecordedTrace& trace);
  // A transaction's changes become the rows' committed values, or are dropped.
  void settle(int64_t transaction, bool commit);
  void forgetWaits(int client);

  bool seen_ = false;
  std::map<std::string, std::map<std::string, RowOnStage>> tables_;
  std::map<std::string, LockOnStage> locks_;
  std::map<int, SqlClientOnStage> clients_;
  DeadlockOnStage deadlock_;
};

}  // namespace lockscope::gui
