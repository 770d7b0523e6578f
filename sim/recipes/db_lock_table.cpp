// The lock-table recipes: the seeds' unique key (INSERT a row to lock, DELETE it to unlock),
// with the fixes the seed itself proposes: retry until the INSERT succeeds (db-unique-key),
// a lock_until lease that others may take over once it passed (db-unique-key-ttl, ShedLock's
// way), the owner and a count for re-entry (db-reentrant), and a fencing token from the database
// checked by the protected write (db-fenced). db-no-expiry is the migration tools' flag row
// (Liquibase's DATABASECHANGELOGLOCK): claimed by UPDATE, and held forever by a holder that died.
#include "database_recipe.h"
#include "database_recipes.h"

namespace lockscope::recipes {
namespace {

using sql::Value;

// --- db-unique-key --------------------------------------------------------------------------

constexpr CodeLine kUkInsert{1, "INSERT INTO locks"};
constexpr CodeLine kUkOurs{2, "the lock is ours"};
constexpr CodeLine kUkWait{3, "duplicate key"};
constexpr CodeLine kUkRead{4, "SELECT stock"};
constexpr CodeLine kUkWrite{5, "UPDATE inventory"};
constexpr CodeLine kUkRelease{6, "DELETE FROM locks"};

class DbUniqueKey final : public PollingDatabaseRecipe {
 public:
  explicit DbUniqueKey(RecipeEnvironment& environment)
      : PollingDatabaseRecipe(environment, kUkWait) {}

  coro::Task<bool> release(LockMode) override {
    line(kUkRelease);
    const SqlResult deleted = co_await exec(
        statement(StatementKind::LockDelete, Value::of(lockName()), Value::of(owner())));
    co_return deleted.ok() && deleted.affected == 1;
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    line(kUkInsert);
    const SqlResult inserted = co_await exec(statement(StatementKind::LockInsert,
                                                       Value::of(lockName()), Value::of(owner()),
                                                       Value::of(int64_t{0})));
    if (inserted.ok()) {
      line(kUkOurs);
      co_return holding();
    }
    if (inserted.error == SqlError::UniqueViolation) co_return std::nullopt;
    co_return failed(AcquireFailure::StatementFailed, inserted);
  }
  CodeLine readLine() const override { return kUkRead; }
  CodeLine writeLine() const override { return kUkWrite; }
};

// --- db-unique-key-ttl and db-fenced --------------------------------------------------------

struct LeaseLines {
  CodeLine begin;  // db-fenced only: the token is taken in the lock's transaction
  CodeLine insert;
  CodeLine takeOver;
  CodeLine token;
  CodeLine commit;
  CodeLine ours;
  CodeLine wait;
  CodeLine read;
  CodeLine write;
  CodeLine release;
  std::vector<CodeLine> named() const {
    std::vector<CodeLine> all{insert, takeOver, ours, wait, read, write, release};
    for (CodeLine extra : {begin, token, commit}) {
      if (extra.number > 0) all.push_back(extra);
    }
    return all;
  }
};
constexpr LeaseLines kTtlLines{.insert = {1, "INSERT INTO locks"},
                               .takeOver = {2, "UPDATE locks SET owner"},
                               .ours = {3, "the lock is ours"},
                               .wait = {4, "sleep"},
                               .read = {5, "SELECT stock"},
                               .write = {6, "UPDATE inventory"},
                               .release = {7, "DELETE FROM locks"}};
constexpr LeaseLines kFencedLines{.begin = {1, "BEGIN"},
                                  .insert = {2, "INSERT INTO locks"},
                                  .takeOver = {3, "UPDATE locks SET owner"},
                                  .token = {4, "fence_tokens"},
                                  .commit = {5, "COMMIT"},
                                  .ours = {6, "the lock is ours"},
                                  .wait = {7, "sleep"},
                                  .read = {8, "SELECT stock"},
                                  .write = {9, "fence <= token"},
                                  .release = {10, "DELETE FROM locks"}};

class DbLease final : public PollingDatabaseRecipe {
 public:
  DbLease(RecipeEnvironment& environment, bool fenced)
      : PollingDatabaseRecipe(environment, (fenced ? kFencedLines : kTtlLines).wait),
        lines_(fenced ? kFencedLines : kTtlLines),
        fenced_(fenced) {}

  coro::Task<bool> release(LockMode) override {
    line(lines_.release);
    const SqlResult deleted = co_await exec(
        statement(StatementKind::LockDelete, Value::of(lockName()), Value::of(owner())));
    co_return deleted.ok() && deleted.affected == 1;
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    if (fenced_) {
      line(lines_.begin);
      co_await exec(statement(StatementKind::Begin));
    }
    // lock_until comes from this client's clock, as ShedLock's does: a skewed clock writes a
    // lease that has already passed, or one that runs long.
    const int64_t now = clockMs();
    const int64_t until = now + parameters().ttlMs;
    line(lines_.insert);
    SqlResult taken = co_await exec(statement(StatementKind::LockInsert, Value::of(lockName()),
                                              Value::of(owner()), Value::of(until)));
    if (!taken.ok() && taken.error == SqlError::UniqueViolation) {
      // PostgreSQL's failed INSERT aborted the transaction: start again before the takeover.
      if (fenced_ && env_.sql->dialect() == sql::Dialect::PostgreSQL) {
        co_await exec(statement(StatementKind::Rollback));
        co_await exec(statement(StatementKind::Begin));
      }
      line(lines_.takeOver);
      taken = co_await exec(statement(StatementKind::LockTakeExpired, Value::of(lockName()),
                                      Value::of(owner()), Value::of(until), Value::of(now)));
      if (taken.ok() && taken.affected == 0) {
        if (fenced_) co_await exec(statement(StatementKind::Rollback));
        co_return std::nullopt;  // someone's lease has not run out
      }
    }
    if (!taken.ok()) {
      if (fenced_) co_await exec(statement(StatementKind::Rollback));
      co_return failed(AcquireFailure::StatementFailed, taken);
    }
    int64_t token = 0;
    if (fenced_) {
      line(lines_.token);
      co_await exec(statement(StatementKind::TokenNext, Value::of(lockName())));
      const SqlResult read = co_await exec(
          statement(StatementKind::TokenSelect, Value::of(lockName())));
      line(lines_.commit);
      const SqlResult committed = co_await exec(statement(StatementKind::Commit));
      if (!read.ok() || read.rows.empty() || !committed.ok())
        co_return failed(AcquireFailure::StatementFailed, read.ok() ? committed : read);
      token = std::stoll(read.rows[0][0]);
    }
    line(lines_.ours);
    co_return holding(token);
  }

  Statement writeStatement(int64_t stock, int64_t token) const override {
    if (!fenced_) return DatabaseRecipe::writeStatement(stock, token);
    return statement(StatementKind::InventoryUpdateIfFence, Value::of(kInventoryRow),
                     Value::of(stock), Value::of(token));
  }
  CodeLine readLine() const override { return lines_.read; }
  CodeLine writeLine() const override { return lines_.write; }

 private:
  LeaseLines lines_;
  bool fenced_;
};

// --- db-reentrant ---------------------------------------------------------------------------

constexpr CodeLine kReSelect{1, "SELECT owner, count"};
constexpr CodeLine kReAgain{2, "count = count + 1"};
constexpr CodeLine kReInsert{3, "INSERT INTO locks"};
constexpr CodeLine kReOurs{4, "the lock is ours"};
constexpr CodeLine kReWait{5, "sleep"};
constexpr CodeLine kReRead{6, "SELECT stock"};
constexpr CodeLine kReWrite{7, "UPDATE inventory"};
constexpr CodeLine kReDecrement{8, "count = count - 1"};
constexpr CodeLine kReDelete{9, "DELETE FROM locks"};

class DbReentrant final : public PollingDatabaseRecipe {
 public:
  explicit DbReentrant(RecipeEnvironment& environment)
      : PollingDatabaseRecipe(environment, kReWait) {}

  coro::Task<bool> release(LockMode) override {
    line(kReDecrement);
    const SqlResult decremented = co_await exec(statement(StatementKind::LockCountAdd,
                                                          Value::of(lockName()), Value::of(owner()),
                                                          Value::of(int64_t{-1})));
    if (!decremented.ok() || decremented.affected != 1) co_return false;
    line(kReDelete);
    co_await exec(
        statement(StatementKind::LockDeleteIfFree, Value::of(lockName()), Value::of(owner())));
    co_return true;
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    line(kReSelect);
    const SqlResult held = co_await exec(
        statement(StatementKind::LockSelect, Value::of(lockName())));
    if (held.ok() && !held.rows.empty() && held.rows[0][0] == owner()) {
      line(kReAgain);
      const SqlResult again = co_await exec(statement(StatementKind::LockCountAdd,
                                                      Value::of(lockName()), Value::of(owner()),
                                                      Value::of(int64_t{1})));
      if (again.ok() && again.affected == 1) {
        line(kReOurs);
        co_return holding();
      }
      co_return std::nullopt;
    }
    line(kReInsert);
    const SqlResult inserted = co_await exec(statement(StatementKind::LockInsert,
                                                       Value::of(lockName()), Value::of(owner()),
                                                       Value::of(int64_t{0})));
    if (inserted.ok()) {
      line(kReOurs);
      co_return holding();
    }
    if (inserted.error == SqlError::UniqueViolation) co_return std::nullopt;
    co_return failed(AcquireFailure::StatementFailed, inserted);
  }
  CodeLine readLine() const override { return kReRead; }
  CodeLine writeLine() const override { return kReWrite; }
};

// --- db-no-expiry ---------------------------------------------------------------------------

constexpr CodeLine kNeClaim{1, "UPDATE locks SET owner"};
constexpr CodeLine kNeCreate{2, "INSERT INTO locks"};
constexpr CodeLine kNeOurs{3, "the lock is ours"};
constexpr CodeLine kNeWait{4, "sleep"};
constexpr CodeLine kNeRead{5, "SELECT stock"};
constexpr CodeLine kNeWrite{6, "UPDATE inventory"};
constexpr CodeLine kNeRelease{7, "count = count - 1"};

class DbNoExpiry final : public PollingDatabaseRecipe {
 public:
  explicit DbNoExpiry(RecipeEnvironment& environment)
      : PollingDatabaseRecipe(environment, kNeWait) {}

  coro::Task<bool> release(LockMode) override {
    line(kNeRelease);
    const SqlResult freed = co_await exec(statement(StatementKind::LockCountAdd,
                                                    Value::of(lockName()), Value::of(owner()),
                                                    Value::of(int64_t{-1})));
    co_return freed.ok() && freed.affected == 1;
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    line(kNeClaim);
    const SqlResult claimed = co_await exec(
        statement(StatementKind::LockClaim, Value::of(lockName()), Value::of(owner())));
    if (claimed.ok() && claimed.affected == 1) {
      line(kNeOurs);
      co_return holding();
    }
    if (!claimed.ok()) co_return failed(AcquireFailure::StatementFailed, claimed);
    // No row claimed: the first user of the lock makes the row, already claimed.
    line(kNeCreate);
    const SqlResult created = co_await exec(statement(StatementKind::LockInsert,
                                                      Value::of(lockName()), Value::of(owner()),
                                                      Value::of(int64_t{0})));
    if (created.ok()) {
      line(kNeOurs);
      co_return holding();
    }
    if (created.error == SqlError::UniqueViolation) co_return std::nullopt;
    co_return failed(AcquireFailure::StatementFailed, created);
  }
  CodeLine readLine() const override { return kNeRead; }
  CodeLine writeLine() const override { return kNeWrite; }
};

// --- db-select-insert -----------------------------------------------------------------------

constexpr CodeLine kSiBegin{1, "BEGIN"};
constexpr CodeLine kSiSelect{2, "FOR UPDATE"};
constexpr CodeLine kSiInsert{3, "INSERT INTO locks"};
constexpr CodeLine kSiOurs{4, "the lock is ours"};
constexpr CodeLine kSiWait{5, "ROLLBACK, sleep"};
constexpr CodeLine kSiRead{6, "SELECT stock"};
constexpr CodeLine kSiWrite{7, "UPDATE inventory"};
constexpr CodeLine kSiRelease{8, "DELETE FROM locks"};

class DbSelectInsert final : public PollingDatabaseRecipe {
 public:
  explicit DbSelectInsert(RecipeEnvironment& environment)
      : PollingDatabaseRecipe(environment, kSiWait) {}

  coro::Task<bool> release(LockMode) override {
    line(kSiRelease);
    const SqlResult deleted = co_await exec(
        statement(StatementKind::LockDelete, Value::of(lockName()), Value::of(owner())));
    const SqlResult committed = co_await exec(statement(StatementKind::Commit));
    co_return deleted.ok() && deleted.affected == 1 && committed.ok();
  }

 protected:
  coro::Task<std::optional<AcquireResult>> attempt(LockMode) override {
    line(kSiBegin);
    co_await exec(statement(StatementKind::Begin));
    line(kSiSelect);
    Statement check = statement(StatementKind::LockSelect, Value::of(lockName()));
    check.rowLock = sql::RowLock::ForUpdate;
    const SqlResult found = co_await exec(check);
    SqlResult taken = found;
    if (found.ok() && found.rows.empty()) {
      if (parameters().workBetweenMs > 0) co_await sleepMs(parameters().workBetweenMs);
      line(kSiInsert);
      taken = co_await exec(statement(StatementKind::LockInsert, Value::of(lockName()),
                                      Value::of(owner()), Value::of(int64_t{0})));
      if (taken.ok()) {
        line(kSiOurs);
        co_return holding();  // held while the transaction stays open
      }
    }
    // Someone's row, a duplicate key, or a deadlock's victim: start over.
    co_await exec(statement(StatementKind::Rollback));
    const bool retry = taken.ok() || taken.error == SqlError::UniqueViolation ||
                       taken.error == SqlError::Deadlock;
    if (retry) co_return std::nullopt;
    co_return failed(AcquireFailure::StatementFailed, taken);
  }
  CodeLine readLine() const override { return kSiRead; }
  CodeLine writeLine() const override { return kSiWrite; }
};

}  // namespace

RecipeDescription describeDbSelectInsert() {
  return RecipeDescription{
      .name = "db-select-insert",
      .summary =
          "check then insert in one transaction: SELECT ... FOR UPDATE the missing row, "
          "INSERT it; InnoDB's gap locks deadlock it",
      .pseudocode =
          {
              "BEGIN",
              "SELECT owner, count, lock_until FROM locks WHERE name = lock FOR UPDATE",
              "no row: INSERT INTO locks VALUES (lock, me, 0, 1)",
              "inserted: the lock is ours while the transaction is open",
              "a row, a duplicate or a deadlock: ROLLBACK, sleep retry_delay_ms, go to 1",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: DELETE FROM locks WHERE name = lock AND owner = me; COMMIT",
          },
      .codeLines = {kSiBegin, kSiSelect, kSiInsert, kSiOurs, kSiWait, kSiRead, kSiWrite,
                    kSiRelease},
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbSelectInsert>(environment);
      }};
}

RecipeDescription describeDbUniqueKey() {
  return RecipeDescription{
      .name = "db-unique-key",
      .summary =
          "the seeds' lock table: INSERT a row to lock (retry on a duplicate key), DELETE "
          "it to unlock; a crashed holder's row stays",
      .pseudocode =
          {
              "INSERT INTO locks (name, owner, lock_until, count) VALUES (lock, me, 0, 1)",
              "inserted: the lock is ours",
              "duplicate key: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: DELETE FROM locks WHERE name = lock AND owner = me",
          },
      .codeLines = {kUkInsert, kUkOurs, kUkWait, kUkRead, kUkWrite, kUkRelease},
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbUniqueKey>(environment);
      }};
}

RecipeDescription describeDbUniqueKeyTtl() {
  return RecipeDescription{
      .name = "db-unique-key-ttl",
      .summary =
          "a lock row with lock_until (ShedLock): an expired row is taken over; a paused "
          "holder or a skewed clock makes two holders",
      .pseudocode =
          {
              "INSERT INTO locks VALUES (lock, me, now + ttl_ms, 1)",
              "duplicate key: UPDATE locks SET owner = me, lock_until = now + ttl_ms WHERE name "
              "= lock AND lock_until <= now",
              "1 row: the lock is ours",
              "0 rows: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: DELETE FROM locks WHERE name = lock AND owner = me",
          },
      .codeLines = kTtlLines.named(),
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbLease>(environment, false);
      }};
}

RecipeDescription describeDbFenced() {
  return RecipeDescription{
      .name = "db-fenced",
      .summary =
          "db-unique-key-ttl plus a fencing token from the lock's transaction; the "
          "protected UPDATE refuses an older token",
      .pseudocode =
          {
              "BEGIN",
              "INSERT INTO locks VALUES (lock, me, now + ttl_ms, 1)",
              "duplicate key: UPDATE locks SET owner = me, lock_until = now + ttl_ms WHERE name "
              "= lock AND lock_until <= now",
              "UPDATE fence_tokens SET token = token + 1; SELECT token",
              "COMMIT",
              "the lock is ours, with its token",
              "0 rows: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1, fence = token WHERE id = 1 AND "
              "fence <= token",
              "release: DELETE FROM locks WHERE name = lock AND owner = me",
          },
      .codeLines = kFencedLines.named(),
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbLease>(environment, true);
      }};
}

RecipeDescription describeDbReentrant() {
  return RecipeDescription{
      .name = "db-reentrant",
      .summary =
          "the lock row records its owner (host and thread) and a count: the owner "
          "enters again without waiting",
      .pseudocode =
          {
              "SELECT owner, count FROM locks WHERE name = lock",
              "owner = me: UPDATE locks SET count = count + 1",
              "no row: INSERT INTO locks VALUES (lock, me, 0, 1)",
              "the lock is ours",
              "someone else's: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: UPDATE locks SET count = count - 1 WHERE owner = me",
              "DELETE FROM locks WHERE name = lock AND owner = me AND count = 0",
          },
      .codeLines = {kReSelect, kReAgain, kReInsert, kReOurs, kReWait, kReRead, kReWrite,
                    kReDecrement, kReDelete},
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbReentrant>(environment);
      }};
}

RecipeDescription describeDbNoExpiry() {
  return RecipeDescription{
      .name = "db-no-expiry",
      .summary =
          "a migration tool's flag row (Liquibase): claimed by UPDATE, never expires; a "
          "crashed holder blocks everyone until freed by hand",
      .pseudocode =
          {
              "UPDATE locks SET owner = me, count = 1 WHERE name = lock AND count = 0",
              "no row yet: INSERT INTO locks VALUES (lock, me, 0, 1)",
              "1 row: the lock is ours",
              "0 rows: sleep retry_delay_ms, then go to 1 (until the deadline)",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: UPDATE locks SET count = count - 1 WHERE name = lock AND owner = me",
          },
      .codeLines = {kNeClaim, kNeCreate, kNeOurs, kNeWait, kNeRead, kNeWrite, kNeRelease},
      .fair = false,
      .backend = "database",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<DbNoExpiry>(environment);
      }};
}

}  // namespace lockscope::recipes
