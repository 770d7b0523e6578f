#include "database_recipe.h"

#include <algorithm>

namespace lockscope::recipes {

coro::CallbackAwaiter<SqlResult> DatabaseRecipe::exec(Statement statement) {
  return {life_, [this, statement = std::move(statement)](auto resolve) mutable {
            env_.sql->execute(std::move(statement),
                              [resolve](const SqlResult& result) { resolve(result); });
          }};
}

coro::CallbackAwaiter<coro::Slept> DatabaseRecipe::sleepMs(int64_t milliseconds) {
  return coro::sleepFor(env_.process, sim::fromMillis(milliseconds), life_);
}

Statement DatabaseRecipe::writeStatement(int64_t stock, int64_t) const {
  return statement(StatementKind::InventoryUpdate, sql::Value::of(kInventoryRow),
                   sql::Value::of(stock));
}

coro::Task<void> DatabaseRecipe::readResource(int64_t token) {
  line(readLine());
  const SqlResult read = co_await exec(
      statement(StatementKind::InventorySelect, sql::Value::of(kInventoryRow)));
  if (!read.ok() || read.rows.empty()) {
    recordNote("read failed: " + errorText(read));
    co_return;
  }
  readStock_ = std::stoll(read.rows[0][0]);
  readVersion_ = std::stoll(read.rows[0][1]);
  recordResource(sim::ResourceOp::Read, std::to_string(readStock_), "", token);
}

coro::Task<void> DatabaseRecipe::writeResource(int64_t token) {
  line(writeLine());
  const int64_t stock = readStock_ + 1;
  const SqlResult written = co_await exec(writeStatement(stock, token));
  const bool accepted = written.ok() && written.affected == 1;
  lastWriteAccepted_ = accepted;
  const std::string why = accepted ? "" : written.ok() ? "0 rows" : errorText(written);
  recordResource(accepted ? sim::ResourceOp::Write : sim::ResourceOp::Rejected,
                 std::to_string(stock), why, token);
}

AcquireResult DatabaseRecipe::holding(int64_t fencingToken) const {
  return AcquireResult{.acquired = true, .fencingToken = fencingToken, .node = lockName()};
}

AcquireResult DatabaseRecipe::failed(AcquireFailure why, const SqlResult& result) const {
  return AcquireResult{.node = lockName(), .failure = why, .detail = errorText(result)};
}

std::string DatabaseRecipe::errorText(const SqlResult& result) {
  if (result.ok()) return "";
  std::string text = sql::sqlErrorName(result.error);
  if (!result.code.empty()) text += " " + result.code;
  if (!result.message.empty()) text += ": " + result.message;
  return text;
}

}  // namespace lockscope::recipes
