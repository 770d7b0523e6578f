// PostgreSQL's advisory locks on a bigint key: pg-advisory holds a session-level lock (it
// survives ROLLBACK, is re-entrant with a count, and goes with the session, also when the client
// dies without a word: the database's ephemeral znode); pg-advisory-xact holds a transaction-level
// one, released by COMMIT or ROLLBACK. Both wait in the server's queue: no polling.
#include "database_recipe.h"
#include "database_recipes.h"

namespace lockscope::recipes {
namespace {

using sql::Value;

struct AdvisoryLines {
  CodeLine begin;  // pg-advisory-xact only
  CodeLine lock;
  CodeLine ours;
  CodeLine read;
  CodeLine write;
  CodeLine release;
  std::vector<CodeLine> named() const {
    std::vector<CodeLine> all{lock, ours, read, write, release};
    if (begin.number > 0) all.push_back(begin);
    return all;
  }
};
constexpr AdvisoryLines kSessionLines{.lock = {1, "pg_advisory_lock"},
                                      .ours = {2, "the lock is ours"},
                                      .read = {3, "SELECT stock"},
                                      .write = {4, "UPDATE inventory"},
                                      .release = {5, "pg_advisory_unlock"}};
constexpr AdvisoryLines kXactLines{.begin = {1, "BEGIN"},
                                   .lock = {2, "pg_advisory_xact_lock"},
                                   .ours = {3, "the lock is ours"},
                                   .read = {4, "SELECT stock"},
                                   .write = {5, "UPDATE inventory"},
                                   .release = {6, "COMMIT"}};

class PgAdvisory final : public DatabaseRecipe {
 public:
  PgAdvisory(RecipeEnvironment& environment, bool transactional)
      : DatabaseRecipe(environment),
        lines_(transactional ? kXactLines : kSessionLines),
        transactional_(transactional) {}

  coro::Task<AcquireResult> acquire(LockMode) override {
    if (transactional_) {
      line(lines_.begin);
      co_await exec(statement(StatementKind::Begin));
    }
    line(lines_.lock);
    const SqlResult locked = co_await exec(
        statement(transactional_ ? StatementKind::AdvisoryXactLock : StatementKind::AdvisoryLock,
                  Value::of(parameters().advisoryKey)));
    if (!locked.ok()) {
      if (transactional_) co_await exec(statement(StatementKind::Rollback));
      co_return failed(AcquireFailure::StatementFailed, locked);
    }
    line(lines_.ours);
    co_return holding();
  }

  coro::Task<bool> release(LockMode) override {
    line(lines_.release);
    if (transactional_) {
      const SqlResult committed = co_await exec(statement(StatementKind::Commit));
      co_return committed.ok();
    }
    const SqlResult unlocked = co_await exec(
        statement(StatementKind::AdvisoryUnlock, Value::of(parameters().advisoryKey)));
    co_return unlocked.ok() && !unlocked.rows.empty() && unlocked.rows[0][0] == "true";
  }

 protected:
  CodeLine readLine() const override { return lines_.read; }
  CodeLine writeLine() const override { return lines_.write; }

 private:
  AdvisoryLines lines_;
  bool transactional_;
};

}  // namespace

RecipeDescription describePgAdvisory() {
  return RecipeDescription{
      .name = "pg-advisory",
      .summary =
          "PostgreSQL's session advisory lock: queued at the server, survives ROLLBACK, "
          "freed when the session ends (a crash too)",
      .pseudocode =
          {
              "SELECT pg_advisory_lock(key)  (waits until granted)",
              "the lock is ours, until unlocked or the session ends",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: SELECT pg_advisory_unlock(key)",
          },
      .codeLines = kSessionLines.named(),
      .fair = false,
      .backend = "database",
      .dialect = "postgresql",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<PgAdvisory>(environment, false);
      }};
}

RecipeDescription describePgAdvisoryXact() {
  return RecipeDescription{
      .name = "pg-advisory-xact",
      .summary =
          "PostgreSQL's transaction advisory lock: BEGIN; pg_advisory_xact_lock; work; "
          "COMMIT releases it",
      .pseudocode =
          {
              "BEGIN",
              "SELECT pg_advisory_xact_lock(key)  (waits until granted)",
              "the lock is ours, until the transaction ends",
              "SELECT stock, version FROM inventory WHERE id = 1",
              "UPDATE inventory SET stock = stock_read + 1 WHERE id = 1",
              "release: COMMIT",
          },
      .codeLines = kXactLines.named(),
      .fair = false,
      .backend = "database",
      .dialect = "postgresql",
      .make = [](RecipeEnvironment& environment) -> std::unique_ptr<LockRecipe> {
        return std::make_unique<PgAdvisory>(environment, true);
      }};
}

}  // namespace lockscope::recipes
