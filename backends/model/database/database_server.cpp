#include "database_server.h"

#include <algorithm>

#include "backends/api/sql_statements.h"
#include "sim/engine/check.h"

namespace lockscope::sql::model {
namespace {

bool isPostgres(Dialect dialect) { return dialect == Dialect::PostgreSQL; }

int64_t number(const Statement& statement, size_t index) {
  return statement.params.at(index).number;
}
const std::string& text(const Statement& statement, size_t index) {
  return statement.params.at(index).text;
}

SqlResult affected(int64_t rows) { return SqlResult{SqlError::None, {}, {}, rows, {}}; }
SqlResult selected(std::vector<std::vector<std::string>> rows) {
  const auto count = static_cast<int64_t>(rows.size());
  return SqlResult{SqlError::None, {}, {}, count, std::move(rows)};
}
std::string cell(const Value& value) {
  return value.isText ? value.text : std::to_string(value.number);
}

SqlResult connectionLost() {
  return SqlResult::failure(SqlError::ConnectionLost, "",
                            "server closed the connection unexpectedly");
}

}  // namespace

DatabaseServer::DatabaseServer(sim::World& world, ServerConfig config)
    : world_(world), config_(std::move(config)) {}

void DatabaseServer::seed(const std::vector<int64_t>& inventoryIds,
                          const std::vector<std::string>& lockNames) {
  for (int64_t id : inventoryIds) {
    tables_.seed(TableId::Inventory, Key{id, {}},
                 Row{Value::of(int64_t{0}), Value::of(int64_t{0}), Value::of(int64_t{0})});
  }
  for (const std::string& name : lockNames)
    tables_.seed(TableId::FenceTokens, Key{0, name}, Row{Value::of(int64_t{0})});
}

SessionId DatabaseServer::open(const std::string& clientName) {
  const SessionId id = ++nextSession_;
  Session& session = sessions_[id];
  session.client = clientName;
  if (!up_) {
    session.alive = false;
    session.endedWith = connectionLost();
  }
  return id;
}

DatabaseServer::Session* DatabaseServer::live(SessionId id) {
  const auto found = sessions_.find(id);
  return found == sessions_.end() || !found->second.alive ? nullptr : &found->second;
}

// --- statements and transactions -------------------------------------------------------------

void DatabaseServer::submit(SessionId id, const Statement& statement, Reply reply) {
  const auto found = sessions_.find(id);
  LOCKSCOPE_CHECK(found != sessions_.end(), "a statement for a session the server never opened");
  Session& session = found->second;
  if (!up_ || !session.alive) {
    reply(session.alive ? connectionLost() : session.endedWith);
    return;
  }
  LOCKSCOPE_CHECK(!session.pending, "one statement at a time per session");
  ++session.idleEpoch;
  const uint64_t number = ++session.statement;
  session.pending = std::move(reply);
  const bool pg = isPostgres(config_.dialect);
  switch (statement.kind) {
    case StatementKind::Begin:
      // InnoDB: BEGIN inside a transaction commits it first. PostgreSQL only warns.
      if (session.transaction != 0 && !pg) commit(id, session);
      if (session.transaction == 0) begin(id, session, true);
      finish(id, number, false, affected(0));
      return;
    case StatementKind::Commit:
      if (session.transaction != 0 && session.failed) {
        rollback(id, session, sim::TransactionOp::RolledBack, "COMMIT of an aborted transaction",
                 true);
      } else if (session.transaction != 0) {
        commit(id, session);
      }
      finish(id, number, false, affected(0));
      return;
    case StatementKind::Rollback:
      if (session.transaction != 0) rollback(id, session, sim::TransactionOp::RolledBack, "", true);
      finish(id, number, false, affected(0));
      return;
    default: break;
  }
  if (pg && session.failed) {
    finish(id, number, false,
           SqlResult::failure(SqlError::InFailedTransaction, "25P02",
                              "current transaction is aborted, commands ignored until end of "
                              "transaction block"));
    return;
  }
  if (postgresqlOnly(statement.kind) && !pg) {
    finish(id, number, false,
           SqlResult::failure(
               SqlError::Other, "1305",
               "FUNCTION " + std::string(statementName(statement.kind)) + " does not exist"));
    return;
  }
  const bool implicit = session.transaction == 0;
  if (implicit) begin(id, session, false);
  run(id, statement, [this, id, number, implicit](const SqlResult& result) {
    finish(id, number, implicit, result);
  });
}

void DatabaseServer::finish(SessionId id, uint64_t statement, bool implicit,
                            const SqlResult& result) {
  Session* session = live(id);
  if (!session || session->statement != statement || !session->pending) return;
  if (result.ok()) {
    if (implicit) commit(id, *session);
  } else if (implicit) {
    if (session->transaction != 0)
      rollback(id, *session, sim::TransactionOp::Aborted, sqlErrorName(result.error), true);
  } else if (isPostgres(config_.dialect)) {
    if (session->transaction != 0 && !session->failed)
      rollback(id, *session, sim::TransactionOp::Aborted, sqlErrorName(result.error), false);
  } else if (result.error == SqlError::Deadlock ||
             (result.error == SqlError::LockTimeout && config_.settings.innodbRollbackOnTimeout)) {
    rollback(id, *session, sim::TransactionOp::Aborted, sqlErrorName(result.error), true);
  }
  // InnoDB's other errors roll back the statement alone; ours changed nothing before failing.
  Reply reply = std::move(session->pending);
  session->pending = nullptr;
  armIdleTimeout(id, *session);
  reply(result);
}

void DatabaseServer::begin(SessionId id, Session& session, bool explicitly) {
  session.transaction = ++nextTransaction_;
  session.explicitTransaction = explicitly;
  session.failed = false;
  session.rowsChanged = 0;
  if (explicitly) recordTransaction(id, sim::TransactionOp::Began);
}

void DatabaseServer::commit(SessionId id, Session& session) {
  for (const auto& [table, key] : session.written) {
    RowSlot* slot = tables_.find(table, key);
    if (!slot || slot->writer != session.transaction) continue;
    slot->committed = std::move(slot->pending);
    slot->pending.reset();
    slot->writer = 0;
    slot->writerSession = 0;
    tables_.dropEmpty(table, key);
  }
  const bool wrote = !session.written.empty();
  session.written.clear();
  if (session.explicitTransaction || wrote) recordTransaction(id, sim::TransactionOp::Committed);
  releaseTransactionLocks(id, session);
  session.transaction = 0;
  session.explicitTransaction = false;
}

void DatabaseServer::rollback(SessionId id, Session& session, sim::TransactionOp op,
                              const std::string& why, bool end) {
  // Undo in reverse order of the changes, each row once.
  for (auto it = session.written.rbegin(); it != session.written.rend(); ++it) {
    const auto& [table, key] = *it;
    RowSlot* slot = tables_.find(table, key);
    if (!slot || slot->writer != session.transaction) continue;
    slot->pending.reset();
    slot->writer = 0;
    slot->writerSession = 0;
    world_.record({.kind = sim::TraceKind::Row,
                   .actor = session.client,
                   .op = sim::RowOp::Restored,
                   .path = Tables::rowName(table, key),
                   .value = slot->committed ? describeRow(table, *slot->committed) : "",
                   .detail = "rolled back",
                   .zxid = session.transaction});
    tables_.dropEmpty(table, key);
  }
  session.written.clear();
  if (session.explicitTransaction || op != sim::TransactionOp::RolledBack)
    recordTransaction(id, op, why);
  releaseTransactionLocks(id, session);
  if (end) {
    session.transaction = 0;
    session.explicitTransaction = false;
    session.failed = false;
  } else {
    session.failed = true;
  }
}

void DatabaseServer::releaseTransactionLocks(SessionId id, Session& session) {
  const TransactionId transaction = session.transaction;
  for (const std::string& lock : locks_.releaseTransaction(id)) {
    world_.record({.kind = sim::TraceKind::RowLock,
                   .actor = session.client,
                   .op = sim::RowLockOp::Released,
                   .path = lock,
                   .zxid = transaction});
  }
}

void DatabaseServer::armIdleTimeout(SessionId id, Session& session) {
  const int64_t timeoutMs = config_.settings.idleInTransactionTimeoutMs;
  if (!isPostgres(config_.dialect) || timeoutMs <= 0 || session.transaction == 0 ||
      !session.explicitTransaction)
    return;
  const uint64_t epoch = session.idleEpoch;
  world_.after(sim::fromMillis(timeoutMs), [this, id, epoch] {
    Session* session = live(id);
    if (!session || session->idleEpoch != epoch || session->pending) return;
    endSession(id,
               SqlResult::failure(SqlError::SessionTerminated, "25P03",
                                  "terminating connection due to idle-in-transaction timeout"),
               "idle_in_transaction_session_timeout");
  });
}

// --- sessions ending -------------------------------------------------------------------------

void DatabaseServer::endSession(SessionId id, const SqlResult& endedWith, const std::string& why) {
  Session* session = live(id);
  if (!session) return;
  locks_.cancelWait(id);
  ++session->waitEpoch;
  if (session->transaction != 0) {
    rollback(id, *session, sim::TransactionOp::SessionEnded, why, true);
  } else {
    recordTransaction(id, sim::TransactionOp::SessionEnded, why);
  }
  // Session-level locks (advisory) go with the session, also on an ungraceful disconnect.
  for (const std::string& lock : locks_.releaseSession(id)) {
    world_.record({.kind = sim::TraceKind::RowLock,
                   .actor = session->client,
                   .op = sim::RowLockOp::Released,
                   .path = lock,
                   .detail = "session ended"});
  }
  session->alive = false;
  session->endedWith = endedWith;
  if (Reply reply = std::move(session->pending)) {
    session->pending = nullptr;
    reply(endedWith);
  }
}

void DatabaseServer::disconnect(SessionId id) {
  endSession(id, connectionLost(), "connection closed");
}

void DatabaseServer::partition(SessionId id, bool cut) {
  Session* session = live(id);
  if (!session) return;
  session->cut = cut;
  if (!cut) return;
  world_.after(config_.keepalive, [this, id] {
    Session* session = live(id);
    if (session && session->cut) endSession(id, connectionLost(), "keepalive: the client is gone");
  });
}

void DatabaseServer::kill() {
  if (!up_) return;
  world_.record({.kind = sim::TraceKind::Fault,
                 .actor = "database",
                 .op = sim::FaultKind::KillServer,
                 .detail = "every session ends; what was not committed is lost"});
  for (auto& [id, session] : sessions_) {
    if (session.alive) endSession(id, connectionLost(), "server killed");
  }
  up_ = false;
}

void DatabaseServer::restart() { up_ = true; }

// --- the statements --------------------------------------------------------------------------

void DatabaseServer::run(SessionId id, const Statement& statement, Done done) {
  LOCKSCOPE_CHECK(statement.params.size() == parameterCount(statement.kind),
                  "a statement's parameter count");
  const Key lockKey{0, statement.params.empty() ? "" : cell(statement.params[0])};
  const Key inventoryKey{statement.params.empty() ? 0 : statement.params[0].number, {}};
  switch (statement.kind) {
    case StatementKind::Begin:
    case StatementKind::Commit:
    case StatementKind::Rollback: break;  // submit() handles them
    case StatementKind::LockInsert:
      insert(id, TableId::Locks, lockKey,
             Row{statement.params[1], Value::of(int64_t{1}), statement.params[2]}, std::move(done));
      return;
    case StatementKind::LockDelete: {
      const std::string owner = text(statement, 1);
      modify(
          id, TableId::Locks, lockKey,
          [owner](const Row& row) -> std::optional<Row> {
            if (row[0].text != owner) return std::nullopt;
            return row;
          },
          true, std::move(done));
      return;
    }
    case StatementKind::LockTakeExpired: {
      const Value owner = statement.params[1];
      const Value until = statement.params[2];
      const int64_t now = number(statement, 3);
      modify(
          id, TableId::Locks, lockKey,
          [=](const Row& row) -> std::optional<Row> {
            if (row[2].number > now) return std::nullopt;
            return Row{owner, row[1], until};
          },
          false, std::move(done));
      return;
    }
    case StatementKind::LockSelect:
      select(id, TableId::Locks, lockKey, statement, std::move(done));
      return;
    case StatementKind::LockCountAdd: {
      const std::string owner = text(statement, 1);
      const int64_t delta = number(statement, 2);
      modify(
          id, TableId::Locks, lockKey,
          [=](const Row& row) -> std::optional<Row> {
            if (row[0].text != owner) return std::nullopt;
            return Row{row[0], Value::of(row[1].number + delta), row[2]};
          },
          false, std::move(done));
      return;
    }
    case StatementKind::LockDeleteIfFree: {
      const std::string owner = text(statement, 1);
      modify(
          id, TableId::Locks, lockKey,
          [owner](const Row& row) -> std::optional<Row> {
            if (row[0].text != owner || row[1].number != 0) return std::nullopt;
            return row;
          },
          true, std::move(done));
      return;
    }
    case StatementKind::LockClaim: {
      const Value owner = statement.params[1];
      modify(
          id, TableId::Locks, lockKey,
          [owner](const Row& row) -> std::optional<Row> {
            if (row[1].number != 0) return std::nullopt;
            return Row{owner, Value::of(int64_t{1}), row[2]};
          },
          false, std::move(done));
      return;
    }
    case StatementKind::InventorySelect:
      select(id, TableId::Inventory, inventoryKey, statement, std::move(done));
      return;
    case StatementKind::InventoryUpdate:
    case StatementKind::InventoryUpdateIfVersion:
    case StatementKind::InventoryUpdateIfFence: {
      const StatementKind kind = statement.kind;
      const int64_t stock = number(statement, 1);
      const int64_t guard = kind == StatementKind::InventoryUpdate ? 0 : number(statement, 2);
      modify(
          id, TableId::Inventory, inventoryKey,
          [=](const Row& row) -> std::optional<Row> {
            Row changed = row;
            changed[0] = Value::of(stock);
            if (kind == StatementKind::InventoryUpdateIfVersion) {
              if (row[1].number != guard) return std::nullopt;
              changed[1] = Value::of(row[1].number + 1);
            } else if (kind == StatementKind::InventoryUpdateIfFence) {
              if (row[2].number > guard) return std::nullopt;
              changed[2] = Value::of(guard);
            }
            return changed;
          },
          false, std::move(done));
      return;
    }
    case StatementKind::TokenNext:
      modify(
          id, TableId::FenceTokens, lockKey,
          [](const Row& row) -> std::optional<Row> { return Row{Value::of(row[0].number + 1)}; },
          false, std::move(done));
      return;
    case StatementKind::TokenSelect:
      select(id, TableId::FenceTokens, lockKey, statement, std::move(done));
      return;
    case StatementKind::AdvisoryLock:
    case StatementKind::AdvisoryTryLock:
    case StatementKind::AdvisoryUnlock:
    case StatementKind::AdvisoryXactLock: advisory(id, statement, std::move(done)); return;
  }
  done(affected(0));
}

void DatabaseServer::select(SessionId id, TableId table, const Key& key, const Statement& statement,
                            Done done) {
  // The columns each SELECT returns, in its order (sql_statements.cpp's text).
  auto project = [table](const Row& row) {
    switch (table) {
      case TableId::Locks:
        return std::vector<std::string>{cell(row[0]), cell(row[1]), cell(row[2])};
      case TableId::Inventory: return std::vector<std::string>{cell(row[0]), cell(row[1])};
      case TableId::FenceTokens: return std::vector<std::string>{cell(row[0])};
    }
    return std::vector<std::string>{};
  };
  auto read = [this, id, table, key, project, done](RowLockResult result) {
    Session* session = live(id);
    if (!session) return;
    const RowSlot* slot = tables_.find(table, key);
    const std::optional<Row>* visible = slot ? &slot->visibleTo(session->transaction) : nullptr;
    if (result != RowLockResult::Locked || !visible || !*visible) {
      // A plain read sees the committed row even when it is locked (NoRow is only for locks).
      if (result == RowLockResult::NoRow && visible && *visible) {
        done(selected({project(**visible)}));
        return;
      }
      done(selected({}));
      return;
    }
    done(selected({project(**visible)}));
  };
  if (statement.rowLock == RowLock::None) {
    read(RowLockResult::NoRow);
    return;
  }
  const LockMode mode = statement.rowLock == RowLock::ForUpdate ? LockMode::Exclusive
                                                                : LockMode::Shared;
  lockRow(id, table, key, mode, statement.wait, read, done);
}

void DatabaseServer::modify(SessionId id, TableId table, const Key& key,
                            std::function<std::optional<Row>(const Row&)> change, bool deletes,
                            Done done) {
  auto apply = [this, id, table, key, change, deletes, done](RowLockResult result) {
    Session* session = live(id);
    if (!session) return;
    RowSlot* slot = tables_.find(table, key);
    if (result != RowLockResult::Locked || !slot || !slot->visibleTo(session->transaction)) {
      done(affected(0));
      return;
    }
    const Row current = *slot->visibleTo(session->transaction);
    std::optional<Row> changed = change(current);
    if (!changed) {
      done(affected(0));
      return;
    }
    if (deletes) {
      write(id, *session, table, key, std::nullopt, sim::RowOp::Deleted);
    } else {
      write(id, *session, table, key, std::move(changed), sim::RowOp::Updated);
    }
    done(affected(1));
  };
  lockRow(id, table, key, LockMode::Exclusive, LockWait::Wait, apply, done);
}

void DatabaseServer::insert(SessionId id, TableId table, const Key& key, Row row, Done done) {
  Session* session = live(id);
  if (!session) return;
  const std::string rowLock = Tables::rowName(table, key);
  RowSlot* slot = tables_.find(table, key);
  auto put = [this, id, table, key, row, done] {
    Session* session = live(id);
    if (!session) return;
    write(id, *session, table, key, row, sim::RowOp::Inserted);
    done(affected(1));
  };
  auto again = [this, id, table, key, row, done] { insert(id, table, key, row, done); };
  if (slot && slot->writer == session->transaction) {  // a row this transaction changed
    if (slot->pending) {
      done(duplicateKey(table, key));
    } else {
      put();
    }
    return;
  }
  if (isPostgres(config_.dialect)) {
    if (slot && slot->writer != 0) {
      // Another transaction inserted or deleted the key and is still open: wait for it, then
      // look again (its commit makes this a duplicate, its rollback lets the insert through).
      acquire(id, rowLock, LockMode::Exclusive, LockManager::Scope::Transaction, LockWait::Wait,
              again, nullptr, done);
    } else if (slot && slot->committed) {
      done(duplicateKey(table, key));
    } else {
      acquire(id, rowLock, LockMode::Exclusive, LockManager::Scope::Transaction, LockWait::Wait,
              put, nullptr, done);
    }
    return;
  }
  if (slot) {
    // InnoDB checks a duplicate under a share lock on the existing record, and keeps it.
    acquire(
        id, rowLock, LockMode::Shared, LockManager::Scope::Transaction, LockWait::Wait,
        [this, id, table, key, rowLock, put, done] {
          const RowSlot* now = tables_.find(table, key);
          if (now && now->committed) {
            done(duplicateKey(table, key));
            return;
          }
          acquire(id, rowLock, LockMode::Exclusive, LockManager::Scope::Transaction, LockWait::Wait,
                  put, nullptr, done);
        },
        nullptr, done);
    return;
  }
  // A new key: an insert intention on the gap waits for others' gap locks there.
  acquire(
      id, tables_.gapName(table, key), LockMode::InsertIntention, LockManager::Scope::Transaction,
      LockWait::Wait,
      [this, id, rowLock, put, done] {
        acquire(id, rowLock, LockMode::Exclusive, LockManager::Scope::Transaction, LockWait::Wait,
                put, nullptr, done);
      },
      nullptr, done);
}

void DatabaseServer::advisory(SessionId id, const Statement& statement, Done done) {
  const std::string lock = "advisory/" + std::to_string(number(statement, 0));
  const auto scope = statement.kind == StatementKind::AdvisoryXactLock
                         ? LockManager::Scope::Transaction
                         : LockManager::Scope::Session;
  switch (statement.kind) {
    case StatementKind::AdvisoryLock:
    case StatementKind::AdvisoryXactLock:
      acquire(
          id, lock, LockMode::Exclusive, scope, LockWait::Wait, [done] { done(selected({{""}})); },
          nullptr, done);
      return;
    case StatementKind::AdvisoryTryLock:
      acquire(
          id, lock, LockMode::Exclusive, scope, LockWait::SkipLocked,
          [done] { done(selected({{"true"}})); }, [done] { done(selected({{"false"}})); }, done);
      return;
    case StatementKind::AdvisoryUnlock: {
      const bool held = locks_.releaseOnce(lock, id);
      if (held) recordLock(id, sim::RowLockOp::Released, lock, LockMode::Exclusive);
      done(selected({{held ? "true" : "false"}}));
      return;
    }
    default: done(affected(0));
  }
}

// --- locks -----------------------------------------------------------------------------------

void DatabaseServer::lockRow(SessionId id, TableId table, const Key& key, LockMode mode,
                             LockWait wait, std::function<void(RowLockResult)> then, Done fail) {
  Session* session = live(id);
  if (!session) return;
  const RowSlot* slot = tables_.find(table, key);
  const bool pg = isPostgres(config_.dialect);
  // PostgreSQL locks rows its snapshot sees (and its own); InnoDB locks every record the index
  // holds, an uncommitted insert's too.
  const bool rowExists = pg ? slot && (slot->committed || slot->writer == session->transaction)
                            : slot != nullptr;
  if (!rowExists) {
    if (!pg) {
      const std::string gap = tables_.gapName(table, key);
      if (!locks_.holds(gap, id)) {
        locks_.request(gap, id, LockMode::Gap, LockManager::Scope::Transaction, false, nullptr);
        recordLock(id, sim::RowLockOp::Granted, gap, LockMode::Gap);
      }
    }
    then(RowLockResult::NoRow);
    return;
  }
  acquire(
      id, Tables::rowName(table, key), mode, LockManager::Scope::Transaction, wait,
      [then] { then(RowLockResult::Locked); }, [then] { then(RowLockResult::Skipped); },
      std::move(fail));
}

void DatabaseServer::acquire(SessionId id, const std::string& lock, LockMode mode,
                             LockManager::Scope scope, LockWait wait, std::function<void()> granted,
                             std::function<void()> skipped, Done fail) {
  Session* session = live(id);
  if (!session) return;
  const uint64_t epoch = ++session->waitEpoch;
  auto onGranted = [this, id, epoch, lock, mode, granted] {
    // Granted while another session released: go on after that release is done.
    world_.after(0, [this, id, epoch, lock, mode, granted] {
      Session* session = live(id);
      if (!session || session->waitEpoch != epoch) return;
      ++session->waitEpoch;
      session->waitFailed = nullptr;
      recordLock(id, sim::RowLockOp::Granted, lock, mode);
      granted();
    });
  };
  const auto outcome = locks_.request(lock, id, mode, scope, wait == LockWait::Wait, onGranted);
  if (outcome == LockManager::Outcome::Granted) {
    recordLock(id, sim::RowLockOp::Granted, lock, mode);
    granted();
    return;
  }
  if (outcome == LockManager::Outcome::Busy) {
    if (wait == LockWait::SkipLocked) {
      recordLock(id, sim::RowLockOp::Skipped, lock, mode);
      skipped();
    } else {
      recordLock(id, sim::RowLockOp::Refused, lock, mode);
      fail(lockNotAvailable(lock.rfind("locks/", 0) == 0 ? TableId::Locks : TableId::Inventory));
    }
    return;
  }
  recordLock(id, sim::RowLockOp::Waiting, lock, mode, "behind " + names(locks_.blockers(id), ", "));
  session->waitFailed = std::move(fail);
  const bool pg = isPostgres(config_.dialect);
  const int64_t timeoutMs = pg ? config_.settings.lockTimeoutMs
                               : config_.settings.innodbLockWaitTimeoutS * 1000;
  if (timeoutMs > 0) {
    world_.after(sim::fromMillis(timeoutMs), [this, id, epoch] { waitTimedOut(id, epoch); });
  }
  if (pg) {
    world_.after(sim::fromMillis(config_.settings.deadlockTimeoutMs),
                 [this, id, epoch] { checkDeadlock(id, epoch); });
  } else {
    checkDeadlock(id, epoch);
  }
}

void DatabaseServer::waitTimedOut(SessionId id, uint64_t epoch) {
  Session* session = live(id);
  if (!session || session->waitEpoch != epoch || !session->waitFailed) return;
  const std::optional<std::string> lock = locks_.cancelWait(id);
  ++session->waitEpoch;
  recordLock(id, sim::RowLockOp::TimedOut, lock.value_or(""), LockMode::Exclusive);
  Done fail = std::move(session->waitFailed);
  session->waitFailed = nullptr;
  if (isPostgres(config_.dialect)) {
    fail(SqlResult::failure(SqlError::LockTimeout, "55P03",
                            "canceling statement due to lock timeout"));
  } else {
    fail(SqlResult::failure(SqlError::LockTimeout, "1205",
                            "Lock wait timeout exceeded; try restarting transaction"));
  }
}

void DatabaseServer::checkDeadlock(SessionId id, uint64_t epoch) {
  Session* session = live(id);
  if (!session || session->waitEpoch != epoch || !session->waitFailed) return;
  const std::vector<SessionId> cycle = locks_.cycleThrough(id);
  if (cycle.empty()) return;
  if (isPostgres(config_.dialect)) {
    chooseVictim(id, cycle);  // the waiter whose deadlock_timeout ran out first
    return;
  }
  // InnoDB rolls back the lighter transaction: fewer rows changed, fewer locks; on a tie, the
  // one that asked last (this one).
  SessionId victim = id;
  auto weight = [this](SessionId member) {
    return sessions_.at(member).rowsChanged + static_cast<int64_t>(locks_.heldBy(member));
  };
  for (SessionId member : cycle) {
    if (weight(member) < weight(victim)) victim = member;
  }
  chooseVictim(victim, cycle);
}

void DatabaseServer::chooseVictim(SessionId victim, const std::vector<SessionId>& cycle) {
  Session* session = live(victim);
  if (!session || !session->waitFailed) return;
  const std::optional<std::string> lock = locks_.cancelWait(victim);
  ++session->waitEpoch;
  recordLock(victim, sim::RowLockOp::Victim, lock.value_or(""), LockMode::Exclusive,
             "cycle " + names(cycle, " -> "));
  Done fail = std::move(session->waitFailed);
  session->waitFailed = nullptr;
  if (isPostgres(config_.dialect)) {
    fail(SqlResult::failure(SqlError::Deadlock, "40P01", "deadlock detected"));
  } else {
    fail(SqlResult::failure(SqlError::Deadlock, "1213",
                            "Deadlock found when trying to get lock; try restarting transaction"));
  }
}

// --- the trace -------------------------------------------------------------------------------

void DatabaseServer::write(SessionId id, Session& session, TableId table, const Key& key,
                           std::optional<Row> row, sim::RowOp op) {
  RowSlot& slot = tables_.rowsOf(table)[key];
  if (slot.writer != session.transaction) {
    slot.writer = session.transaction;
    slot.writerSession = id;
    session.written.emplace_back(table, key);
  }
  const std::string shown = row ? describeRow(table, *row) : std::string();
  slot.pending = std::move(row);
  ++session.rowsChanged;
  world_.record({.kind = sim::TraceKind::Row,
                 .actor = session.client,
                 .op = op,
                 .path = Tables::rowName(table, key),
                 .value = shown,
                 .detail = "uncommitted",
                 .zxid = session.transaction});
}

void DatabaseServer::recordLock(SessionId id, sim::RowLockOp op, const std::string& lock,
                                LockMode mode, const std::string& detail) {
  const Session& session = sessions_.at(id);
  world_.record({.kind = sim::TraceKind::RowLock,
                 .actor = session.client,
                 .op = op,
                 .path = lock,
                 .value = lockModeName(mode),
                 .detail = detail,
                 .zxid = session.transaction});
}

void DatabaseServer::recordTransaction(SessionId id, sim::TransactionOp op,
                                       const std::string& detail) {
  const Session& session = sessions_.at(id);
  world_.record({.kind = sim::TraceKind::Transaction,
                 .actor = session.client,
                 .op = op,
                 .detail = detail,
                 .session = id,
                 .zxid = session.transaction});
}

std::string DatabaseServer::names(const std::vector<SessionId>& members,
                                  const char* separator) const {
  std::string out;
  for (SessionId member : members) {
    if (!out.empty()) out += separator;
    out += sessions_.at(member).client;
  }
  return out;
}

SqlResult DatabaseServer::duplicateKey(TableId table, const Key& key) const {
  if (isPostgres(config_.dialect)) {
    return SqlResult::failure(SqlError::UniqueViolation, "23505",
                              "duplicate key value violates unique constraint \"" +
                                  std::string(tableName(table)) + "_pkey\"");
  }
  return SqlResult::failure(SqlError::UniqueViolation, "1062",
                            "Duplicate entry '" + key.describe() + "' for key 'PRIMARY'");
}

SqlResult DatabaseServer::lockNotAvailable(TableId table) const {
  if (isPostgres(config_.dialect)) {
    return SqlResult::failure(
        SqlError::LockNotAvailable, "55P03",
        "could not obtain lock on row in relation \"" + std::string(tableName(table)) + "\"");
  }
  return SqlResult::failure(SqlError::LockNotAvailable, "1205",
                            "Lock wait timeout exceeded; try restarting transaction");
}

}  // namespace lockscope::sql::model
