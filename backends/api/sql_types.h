// The database service's vocabulary, shared by the model (backends/model/database) and the live
// PostgreSQL and MariaDB clients (backends/live/database): the dialects, the fixed statements the
// recipes speak, and what a statement returns.
//
// Recipes do not write SQL: they send one of the statements below with its parameters. Each has
// its exact SQL text per dialect (sql_statements.h), which the pseudocode and the stage show and
// which a live client sends; the model executes the statement's meaning. A fixed set keeps the
// model honest: every statement a lesson uses is one the differential tests send to the real
// servers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/trace/trace_ops.h"

namespace lockscope::sql {

enum class Dialect : uint8_t { PostgreSQL, MariaDB };
const char* dialectName(Dialect dialect);  // "postgresql", "mariadb"

// The statements, one enumerator each; their names, the trace's ops, are sim::SqlOp's table
// (sim/trace/trace_ops.h) and their SQL is sql_statements.cpp's. `$n` are the parameters.
//   Begin, Commit, Rollback
//   The lock table `locks` (name primary key, owner, lock_until, count): the seeds' unique key.
//     LockInsert        INSERT INTO locks (name, owner, lock_until, count) VALUES ($1, $2, $3, 1)
//     LockDelete        DELETE FROM locks WHERE name = $1 AND owner = $2
//     LockTakeExpired   UPDATE locks SET owner = $2, lock_until = $3 WHERE name = $1
//                         AND lock_until <= $4   (ShedLock's takeover of an expired row)
//     LockSelect        SELECT owner, count, lock_until FROM locks WHERE name = $1 [row lock]
//     LockCountAdd      UPDATE locks SET count = count + $3 WHERE name = $1 AND owner = $2
//     LockDeleteIfFree  DELETE FROM locks WHERE name = $1 AND owner = $2 AND count = 0
//     LockClaim         UPDATE locks SET owner = $2, count = 1 WHERE name = $1 AND count = 0
//                         (a flag row, as Liquibase's DATABASECHANGELOGLOCK)
//   The protected data `inventory` (id primary key, stock, version, fence): the seeds' stock row.
//     InventorySelect           SELECT stock, version FROM inventory WHERE id = $1 [row lock]
//     InventoryUpdate           UPDATE inventory SET stock = $2 WHERE id = $1
//     InventoryUpdateIfVersion  ... SET stock = $2, version = version + 1 WHERE id = $1
//                                 AND version = $3
//     InventoryUpdateIfFence    ... SET stock = $2, fence = $3 WHERE id = $1 AND fence <= $3
//   Fencing tokens `fence_tokens` (name primary key, token).
//     TokenNext    UPDATE fence_tokens SET token = token + 1 WHERE name = $1
//     TokenSelect  SELECT token FROM fence_tokens WHERE name = $1
//   PostgreSQL's advisory locks on a bigint key (MariaDB has none: a recipe using them needs
//   dialect: postgresql).
//     AdvisoryLock, AdvisoryTryLock, AdvisoryUnlock, AdvisoryXactLock   SELECT pg_..._lock($1)
using StatementKind = sim::SqlOp;

// A locking read's clause (LockSelect, InventorySelect only).
enum class RowLock : uint8_t { None, ForUpdate, ForShare };
// What a locking read does when the row is locked: wait (up to the lock timeout), fail at once
// (NOWAIT), or leave the row out (SKIP LOCKED).
enum class LockWait : uint8_t { Wait, NoWait, SkipLocked };

// A parameter: a number or a text.
struct Value {
  bool isText = false;
  int64_t number = 0;
  std::string text;

  static Value of(int64_t number) { return {false, number, {}}; }
  static Value of(std::string text) { return {true, 0, std::move(text)}; }
  bool operator==(const Value&) const = default;
};

struct Statement {
  StatementKind kind = StatementKind::Begin;
  std::vector<Value> params;
  RowLock rowLock = RowLock::None;
  LockWait wait = LockWait::Wait;
};

// Why a statement failed, one value per way the lessons care about; the server's own code is in
// SqlResult::code.
enum class SqlError : uint8_t {
  None,
  UniqueViolation,      // PostgreSQL 23505, MariaDB 1062: the key exists (committed)
  LockNotAvailable,     // NOWAIT found the row locked: PostgreSQL 55P03, MariaDB 1205/3572
  LockTimeout,          // waited longer than lock_timeout / innodb_lock_wait_timeout:
                        //   PostgreSQL 55P03 (transaction aborted), MariaDB 1205 (only the
                        //   statement rolled back, unless innodb_rollback_on_timeout)
  Deadlock,             // chosen as a deadlock's victim: PostgreSQL 40P01, MariaDB 1213; the
                        //   transaction is rolled back (PostgreSQL: aborted until ROLLBACK)
  InFailedTransaction,  // PostgreSQL 25P02: an earlier error aborted the transaction
  SessionTerminated,    // the server ended the session: idle_in_transaction_session_timeout
                        //   (PostgreSQL 25P03), a restart (57P01); the connection is gone
  ConnectionLost,       // the connection broke or the reply never came (client side)
  Other,                // anything else: the message says
};
const char* sqlErrorName(SqlError error);  // "unique_violation", ... as the trace writes them

struct SqlResult {
  SqlError error = SqlError::None;
  std::string code;     // the server's code: "23505", "1062"; empty when it succeeded
  std::string message;  // the server's message
  // Rows changed by INSERT/UPDATE/DELETE; rows returned by a SELECT.
  int64_t affected = 0;
  // A SELECT's rows, each cell as text: numbers in decimal, booleans "true"/"false", a void
  // result (pg_advisory_lock) "".
  std::vector<std::vector<std::string>> rows;

  bool ok() const { return error == SqlError::None; }
  static SqlResult failure(SqlError error, std::string code, std::string message) {
    return {error, std::move(code), std::move(message), 0, {}};
  }
  // What the trace shows: "1 row", "0 rows", "(c1, 1, 2000)", "unique_violation 23505".
  std::string describe() const;
};

// The session settings a scenario's `database:` section gives every connection (live: sent with
// SET at connect where the server lets a session set them, else checked and refused).
struct SessionSettings {
  int64_t lockTimeoutMs = 0;               // PostgreSQL lock_timeout; 0: wait forever
  int64_t deadlockTimeoutMs = 1000;        // PostgreSQL deadlock_timeout
  int64_t idleInTransactionTimeoutMs = 0;  // PostgreSQL idle_in_transaction_session_timeout
  int64_t innodbLockWaitTimeoutS = 50;     // MariaDB innodb_lock_wait_timeout (>= 1)
  bool innodbRollbackOnTimeout = false;    // MariaDB innodb_rollback_on_timeout (server-wide)
};

}  // namespace lockscope::sql
