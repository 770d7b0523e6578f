// The base of the database lock recipes: sending a statement on the client's connection, sleeping
// on its process, the protected data (the inventory row, read and written through SQL), and the
// results the driver records. A database has no watches: a waiter either blocks inside a
// statement (a row lock, an advisory lock) or polls.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "backends/api/sql_client.h"
#include "lock_recipe.h"
#include "lock_steps.h"
#include "polling_recipe.h"
#include "sim/coro/callback_awaiter.h"
#include "sim/coro/sleep.h"

namespace lockscope::recipes {

using sql::SqlError;
using sql::SqlResult;
using sql::Statement;
using sql::StatementKind;

// The inventory row every database lesson protects (the seeds' stock row).
inline constexpr int64_t kInventoryRow = 1;

class DatabaseRecipe : public LockRecipe {
 public:
  explicit DatabaseRecipe(RecipeEnvironment& environment) : LockRecipe(environment) {}
  void onWatchEvent(const zookeeper::WatchedEvent&) override {}

  // The data lives in the database: the plan's read and write are statements.
  bool ownsResource() const override { return true; }
  // SELECT stock, version FROM inventory WHERE id = 1: remembers both, records the read.
  coro::Task<void> readResource(int64_t token) override;
  // UPDATE inventory SET stock = <read + 1> (writeStatement() says how), records the write, or
  // the rejection when it changed no row.
  coro::Task<void> writeResource(int64_t token) override;

 protected:
  coro::CallbackAwaiter<SqlResult> exec(Statement statement);
  coro::CallbackAwaiter<coro::Slept> sleepMs(int64_t milliseconds);

  // The protected write this recipe makes (a plain UPDATE unless overridden) and the line it
  // marks; `stock` is what it writes.
  virtual Statement writeStatement(int64_t stock, int64_t token) const;
  virtual CodeLine writeLine() const = 0;
  virtual CodeLine readLine() const = 0;

  // statement(StatementKind::LockDelete, Value::of(name), Value::of(owner)). The parameters are
  // arguments, not a braced list: GCC 12 rejects an initializer list inside a co_await
  // expression ("array used as initializer").
  template <typename... Values>
  static Statement statement(StatementKind kind, Values... params) {
    return Statement{kind, std::vector<sql::Value>{std::move(params)...}};
  }
  const std::string& lockName() const { return parameters().lockKey; }
  const std::string& owner() const { return env_.clientName; }
  int64_t clockMs() const { return env_.localClockMs(); }

  AcquireResult holding(int64_t fencingToken = 0) const;
  AcquireResult failed(AcquireFailure why, const SqlResult& result = {}) const;
  // "deadlock 40P01: deadlock detected": what a failed statement's trace detail says.
  static std::string errorText(const SqlResult& result);

  // Owns the recipe's callbacks: a result or timer that outlives the recipe does nothing.
  coro::Lifetime life_ = coro::makeLifetime();
  // What the last read saw.
  int64_t readStock_ = 0;
  int64_t readVersion_ = 0;
  bool lastWriteAccepted_ = false;
};

// The lock-table recipes' loop (polling_recipe.h).
using PollingDatabaseRecipe = PollingRecipe<DatabaseRecipe>;

}  // namespace lockscope::recipes
