// The database server model: sessions, transactions, the fixed tables and their locks, with the
// rules of PostgreSQL 15 or MariaDB 10.11 (InnoDB) where the two differ. It executes the fixed
// statements of backends/api/sql_types.h; a statement that must wait for a lock waits in the
// lock's FIFO queue (lock_manager.h) until it is granted, refused or its session ends.
//
// Where the dialects differ (each checked against the real servers by tst_model_vs_live_sql):
// - an error inside a transaction: PostgreSQL aborts it (locks and changes go at once, later
//   statements fail with 25P02 until ROLLBACK); InnoDB rolls back only the statement, except a
//   deadlock (and a lock wait timeout with innodb_rollback_on_timeout), which rolls back the
//   transaction and ends it;
// - deadlocks: PostgreSQL checks after deadlock_timeout of waiting and aborts the waiter that
//   checked; InnoDB checks when a request starts to wait and rolls back the transaction that
//   changed fewest rows and holds fewest locks (the waiter on a tie);
// - lock waits: PostgreSQL's lock_timeout (0: forever), InnoDB's innodb_lock_wait_timeout;
// - a row that does not exist: InnoDB (REPEATABLE READ) locks the gap before the next key, and an
//   INSERT into a gap waits for others' gap locks; PostgreSQL locks nothing;
// - a key inserted by a transaction still open: PostgreSQL's readers do not see it and lock
//   nothing, a second INSERT of the key waits for the first transaction; InnoDB's locking readers
//   and inserters wait for it;
// - PostgreSQL's advisory locks (session or transaction level, re-entrant) and
//   idle_in_transaction_session_timeout.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "backends/api/sql_types.h"
#include "lock_manager.h"
#include "sim/engine/world.h"
#include "sql_tables.h"

namespace lockscope::sql::model {

struct ServerConfig {
  Dialect dialect = Dialect::PostgreSQL;
  SessionSettings settings;
  sim::Micros keepalive = sim::fromSeconds(7200);  // until a vanished peer's session ends
};

class DatabaseServer {
 public:
  using Reply = std::function<void(const SqlResult&)>;

  DatabaseServer(sim::World& world, ServerConfig config);

  Dialect dialect() const { return config_.dialect; }
  const Tables& tables() const { return tables_; }
  const LockManager& locks() const { return locks_; }
  bool up() const { return up_; }
  bool sessionAlive(SessionId session) const {
    const auto found = sessions_.find(session);
    return found != sessions_.end() && found->second.alive;
  }

  // The rows a run starts from: an inventory row per id and a fence token row per lock name.
  void seed(const std::vector<int64_t>& inventoryIds, const std::vector<std::string>& lockNames);

  // A new session for `clientName`'s connection. While the server is down, the session is born
  // ended: its statements fail with ConnectionLost.
  SessionId open(const std::string& clientName);
  // Runs `statement` in `session`; `reply` runs once, when it completes (after a lock wait,
  // perhaps), or when the session ends before that.
  void submit(SessionId session, const Statement& statement, Reply reply);
  // The session's connection closed: its client's process died and the kernel closed the socket.
  void disconnect(SessionId session);
  // The network between the session's client and the server was cut (true) or healed: the server
  // does not notice a cut, but ends the session when keepalive finds the peer gone.
  void partition(SessionId session, bool cut);
  // The server dies (every session ends, what was not committed is lost) and starts again.
  void kill();
  void restart();

 private:
  struct Session {
    std::string client;
    bool alive = true;
    SqlResult endedWith;            // what a statement after the end gets
    TransactionId transaction = 0;  // the open transaction; 0: none
    bool explicitTransaction = false;
    bool failed = false;                           // PostgreSQL: aborted, until ROLLBACK
    std::vector<std::pair<TableId, Key>> written;  // the transaction's changed rows, in order
    int64_t rowsChanged = 0;                       // InnoDB's weight of the transaction
    uint64_t statement = 0;  // bumped by each statement: late continuations do nothing
    Reply pending;           // the statement running, if any
    uint64_t waitEpoch = 0;  // bumped when a wait begins or ends
    std::function<void(const SqlResult&)> waitFailed;  // ends the statement waiting now
    uint64_t idleEpoch = 0;
    bool cut = false;
  };
  using Done = std::function<void(const SqlResult&)>;

  Session* live(SessionId id);
  void begin(SessionId id, Session& session, bool explicitly);
  void commit(SessionId id, Session& session);
  // Undoes the transaction's changes and releases its locks. `end`: the transaction is over
  // (else PostgreSQL's aborted transaction stays open, failed).
  void rollback(SessionId id, Session& session, sim::TransactionOp op, const std::string& why,
                bool end);
  void releaseTransactionLocks(SessionId id, Session& session);
  void endSession(SessionId id, const SqlResult& endedWith, const std::string& why);
  void finish(SessionId id, uint64_t statement, bool implicit, const SqlResult& result);
  void armIdleTimeout(SessionId id, Session& session);

  void run(SessionId id, const Statement& statement, Done done);
  // The row ops: each takes the locks it needs, then acts on what the transaction sees.
  void select(SessionId id, TableId table, const Key& key, const Statement& statement, Done done);
  void modify(SessionId id, TableId table, const Key& key,
              std::function<std::optional<Row>(const Row&)> change, bool deletes, Done done);
  void insert(SessionId id, TableId table, const Key& key, Row row, Done done);
  void advisory(SessionId id, const Statement& statement, Done done);

  enum class RowLockResult { Locked, NoRow, Skipped };
  // Locks the row for the statement (InnoDB: the gap when there is no row), then `then`.
  void lockRow(SessionId id, TableId table, const Key& key, LockMode mode, LockWait wait,
               std::function<void(RowLockResult)> then, Done fail);
  // Takes `lock` now, or waits for it (with the dialect's timeouts and deadlock checks).
  void acquire(SessionId id, const std::string& lock, LockMode mode, LockManager::Scope scope,
               LockWait wait, std::function<void()> granted, std::function<void()> skipped,
               Done fail);
  void waitTimedOut(SessionId id, uint64_t epoch);
  void checkDeadlock(SessionId id, uint64_t epoch);
  // Ends `victim`'s wait with a deadlock error; `cycle` for the trace.
  void chooseVictim(SessionId victim, const std::vector<SessionId>& cycle);

  void write(SessionId id, Session& session, TableId table, const Key& key, std::optional<Row> row,
             sim::RowOp op);
  void recordLock(SessionId id, sim::RowLockOp op, const std::string& lock, LockMode mode,
                  const std::string& detail = "");
  void recordTransaction(SessionId id, sim::TransactionOp op, const std::string& detail = "");
  std::string names(const std::vector<SessionId>& sessions, const char* separator) const;

  SqlResult duplicateKey(TableId table, const Key& key) const;
  SqlResult lockNotAvailable(TableId table) const;

  sim::World& world_;
  ServerConfig config_;
  Tables tables_;
  LockManager locks_;
  std::map<SessionId, Session> sessions_;
  SessionId nextSession_ = 0;
  TransactionId nextTransaction_ = 0;
  bool up_ = true;
};

}  // namespace lockscope::sql::model
