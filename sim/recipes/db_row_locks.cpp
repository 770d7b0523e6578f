// The seeds' row-level recipes on the stock row itself. db-for-update is the pessimistic lock:
// BEGIN, SELECT ... FOR UPDATE, work, COMMIT (NOWAIT and SKIP LOCKED turn it into a try-lock).
// db-autocommit is the seeds' warning ignored: the same SELECT ... FOR UPDATE with autocommit on,
// so its lock ends with the statement. db-optimistic takes no lock and writes only if the
// version it read is still there, reading again when it is not; db-blind-update writes what it
// computed from its read whatever happened since: the lost update the version column prevents.
#include "database_recipe.h"
#include "database_recipes.h"
#include "optimistic_lines.h"

namespace lockscope::recipes {
namespace {

using sql::Value;

sql::LockWait lockWaitOf(RowLockWait wait) {
  switch (wait) {
    case RowLockWait::Wait: return sql::LockWait::Wait;
    case RowLockWait::NoWait: return sql::LockWait::NoWait;
    case RowLockWait::SkipLocked: return sql::LockWait::SkipLocked;
  }
  return sql::LockWait::Wait;
}

// --- db-for-update and db-autocommit --------------------------------------------------------

struct ForUpdateLines {
  CodeLine begin;  // db-for-update only
  CodeLine select;
  CodeLine ours;
  CodeLine wait;
  CodeLine read;
  CodeLine write;
  CodeLine commit;
  std::vector<CodeLine> named() const {
    std::vector<CodeLine> all{select, ours, wait, read, write, commit};
    if (begin.number > 0) all.push_back(begin);
    return all;
  }
};
constexpr ForUpdateLines kForUpdateLines{.begin = {1, "BEGIN"},
                                         .select = {2, "FOR UPDATE"},
                                         .ours = {3, "the row is locked"},
                                         .wait = {4, "ROLLBACK, sleep"},
                                         .read = {5, "SELECT stock"},
                                         .write = {6, "UPDATE inventory"},
                                         .commit = {7, "COMMIT"}};
constexpr ForUpdateLines kAutocommitLines{.select = {1, "FOR UPDATE"},
                                          .ours = {2, "the row is locked"},
                                          .wait = {3, "sleep"},
                                          .read = {4, "SELECT stock"},
                                          .write = {5, "UPDATE inventory"},
                                          .commit = {6, "COMMIT"}};

class DbForUpdate final : public PollingDatabaseRecipe {
 public:
  DbForUpdate(RecipeEnvironment& environment, bool inTransaction)
      : PollingDatabaseRecipe(environment,
                              (inTransaction ? kForUpdateLines : kAutocommitLines).wait),
        lines_(inTransaction ? kForUpdateLines : kAutocommitLines),
        inTransaction_(inTransaction) {}

  coro::Task<bool> release(LockMode) override {
    // db-autocommit's COMMIT finds no transaction: the lock ended with the SELECT.
    line(lines_.commit);
    const SqlResult committed = co_await exec(statement(StatementKind::Commit));
    co_return committed.ok();
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    if (inTransaction_) {
      line(lines_.begin);
      co_await exec(statement(StatementKind::Begin));
    }
    // Each row of lock_rows in order: two clients taking two rows in opposite orders deadlock.
    SqlResult locked;
    for (size_t i = 0; i < parameters().lockRows.size(); ++i) {
      const int64_t row = parameters().lockRows[i];
      if (i > 0 && parameters().workBetweenMs > 0) co_await sleepMs(parameters().workBetweenMs);
      line(lines_.select);
      Statement select = statement(StatementKind::InventorySelect, Value::of(row));
      select.rowLock = sql::RowLock::ForUpdate;
      select.wait = lockWaitOf(parameters().lockWait);
      locked = co_await exec(select);
      if (!locked.ok() || locked.rows.empty()) break;
    }
    if (locked.ok() && !locked.rows.empty()) {
      line(lines_.ours);
      co_return holding();
    }
    if (inTransaction_) co_await exec(statement(StatementKind::Rollback));
    // NOWAIT refused, SKIP LOCKED skipped the row, or a deadlock chose us ("try restarting
    // transaction", the error says): try again later. A lock timeout ends the acquire.
    if (locked.ok() || locked.error == SqlError::LockNotAvailable ||
        locked.error == SqlError::Deadlock)
      co_return std::nullopt;
    co_return failed(AcquireFailure::StatementFailed, locked);
  }
  CodeLine readLine() const override { return lines_.read; }
  CodeLine writeLine() const override { return lines_.write; }

 private:
  ForUpdateLines lines_;
  bool inTransaction_;
};

// --- db-optimistic and db-blind-update ------------------------------------------------------

constexpr OptimisticLines kOptimisticLines{.begin = {1, "no lock"},
                                           .read = {2, "SELECT stock, version"},
                                           .write = {3, "AND version = version_read"},
                                           .retry = {4, "0 rows"},
                                           .done = {5, "done"}};
constexpr OptimisticLines kBlindLines{.begin = {1, "no lock"},
                                      .read = {2, "SELECT stock, version"},
                                      .write = {3, "UPDATE inventory SET stock"},
                                      .done = {4, "done"}};

class DbOptimistic final : public DatabaseRecipe {
 public:
  DbOptimistic(RecipeEnvironment& environment, bool checksVersion)
      : DatabaseRecipe(environment),
        lines_(checksVersion ? kOptimisticLines : kBlindLines),
        checksVersion_(checksVersion) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    line(lines_.begin);
    co_return holding();
  }
  coro::Task<bool> release(LockMode) override {
    line(lines_.done);
    co_return true;
  }

  // The version check's answer to a lost race: read again and retry, until a write goes in.
  coro::Task<void> writeResource(int64_t token) override {
    for (;;) {
      co_await DatabaseRecipe::writeResource(token);
      if (!checksVersion_ || lastWriteAccepted_) co_return;
      line(lines_.retry);
      co_await readResource(token);
    }
  }

 protected:
  Statement writeStatement(int64_t stock, int64_t token) const override {
    if (!checksVersion_) return DatabaseRecipe::writeStatement(stock, token);
    return statement(StatementKind::InventoryUpdateIfVersion, Value::of(kInventoryRow),
                     Value::of(stock), Value::of(readVersion_));
  }
  CodeLine readLine() const override { return lines_.read; }
  CodeLine writeLine() const override { return lines_.write; }

 private:
  OptimisticLines lines_;
  bool checksVersion_;
};

}  // namespace

RecipeDescription describeDbForUpdate() {
  return RecipeDescription{
      .name = "db-for-update",
      .summary =
          "pessimistic: BEGIN; SELECT ... FOR UPDATE on the stock row; work; COMMIT "
          "(lock_wait: nowait or skip_locked makes it a try-lock)",
      .pseudocode =
          {
              "BEGIN",
              "SELECT stock, version FROM inventory WHERE id = 1 FOR UPDATE [NOWAIT | SKIP "
              "LOCKED]",
              "a row: the row is locked until COMMIT",
              "refused or skipped: ROLLBACK, sleep retry_delay_ms, go to 1",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: COMMIT",
          },
      .codeLines = kForUpdateLines.named(),
      .fair = false,  // FIFO is judged on ZooKeeper's sequence numbers; the row queue has none
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbForUpdate>(environment, true);
      }};
}

RecipeDescription describeDbAutocommit() {
  return RecipeDescription{
      .name = "db-autocommit",
      .summary =
          "SELECT ... FOR UPDATE with autocommit on: the lock ends with the statement, "
          "and two holders lose an update",
      .pseudocode =
          {
              "SELECT stock, version FROM inventory WHERE id = 1 FOR UPDATE  (autocommit: the "
              "lock ends here)",
              "a row: the row is locked (it is not)",
              "refused or skipped: sleep retry_delay_ms, go to 1",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: COMMIT  (no transaction in progress)",
          },
      .codeLines = kAutocommitLines.named(),
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbForUpdate>(environment, false);
      }};
}

RecipeDescription describeDbOptimistic() {
  return RecipeDescription{
      .name = "db-optimistic",
      .summary =
          "no lock: read stock and version, UPDATE ... WHERE version = the one read; 0 "
          "rows: someone came first, read again and retry",
      .pseudocode =
          {
              "no lock: every client works at once",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1, version = version + 1 WHERE id = 1 "
              "AND version = version_read",
              "0 rows: the version moved; go to 2",
              "done",
          },
      .codeLines = kOptimisticLines.named(),
      .fair = false,
      .excludes = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbOptimistic>(environment, true);
      }};
}

RecipeDescription describeDbBlindUpdate() {
  return RecipeDescription{
      .name = "db-blind-update",
      .summary =
          "no lock and no version check: read, compute, UPDATE: a concurrent writer's "
          "update is lost",
      .pseudocode =
          {
              "no lock: every client works at once",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "done",
          },
      .codeLines = kBlindLines.named(),
      .fair = false,
      .excludes = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbOptimistic>(environment, false);
      }};
}

}  // namespace lockscope::recipes
