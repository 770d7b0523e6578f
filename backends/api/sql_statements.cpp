#include "sql_statements.h"

#include <array>

#include "sim/engine/check.h"

namespace lockscope::sql {
namespace {

struct StatementText {
  StatementKind kind;
  size_t parameters;
  std::string_view sql;  // with $1..$n; a locking read's clause is added by sqlText
};

// One row per statement, in the enum's order.
constexpr std::array<StatementText, 20> kStatements{{
    {StatementKind::Begin, 0, "BEGIN"},
    {StatementKind::Commit, 0, "COMMIT"},
    {StatementKind::Rollback, 0, "ROLLBACK"},
    {StatementKind::LockInsert, 3,
     "INSERT INTO locks (name, owner, lock_until, count) VALUES ($1, $2, $3, 1)"},
    {StatementKind::LockDelete, 2, "DELETE FROM locks WHERE name = $1 AND owner = $2"},
    {StatementKind::LockTakeExpired, 4,
     "UPDATE locks SET owner = $2, lock_until = $3 WHERE name = $1 AND lock_until <= $4"},
    {StatementKind::LockSelect, 1, "SELECT owner, count, lock_until FROM locks WHERE name = $1"},
    {StatementKind::LockCountAdd, 3,
     "UPDATE locks SET count = count + $3 WHERE name = $1 AND owner = $2"},
    {StatementKind::LockDeleteIfFree, 2,
     "DELETE FROM locks WHERE name = $1 AND owner = $2 AND count = 0"},
    {StatementKind::LockClaim, 2,
     "UPDATE locks SET owner = $2, count = 1 WHERE name = $1 AND count = 0"},
    {StatementKind::InventorySelect, 1, "SELECT stock, version FROM inventory WHERE id = $1"},
    {StatementKind::InventoryUpdate, 2, "UPDATE inventory SET stock = $2 WHERE id = $1"},
    {StatementKind::InventoryUpdateIfVersion, 3,
     "UPDATE inventory SET stock = $2, version = version + 1 WHERE id = $1 AND version = $3"},
    {StatementKind::InventoryUpdateIfFence, 3,
     "UPDATE inventory SET stock = $2, fence = $3 WHERE id = $1 AND fence <= $3"},
    {StatementKind::TokenNext, 1, "UPDATE fence_tokens SET token = token + 1 WHERE name = $1"},
    {StatementKind::TokenSelect, 1, "SELECT token FROM fence_tokens WHERE name = $1"},
    {StatementKind::AdvisoryLock, 1, "SELECT pg_advisory_lock($1)"},
    {StatementKind::AdvisoryTryLock, 1, "SELECT pg_try_advisory_lock($1)"},
    {StatementKind::AdvisoryUnlock, 1, "SELECT pg_advisory_unlock($1)"},
    {StatementKind::AdvisoryXactLock, 1, "SELECT pg_advisory_xact_lock($1)"},
}};

constexpr bool tableInOrder() {
  for (size_t i = 0; i < kStatements.size(); ++i) {
    if (static_cast<size_t>(kStatements[i].kind) != i) return false;
  }
  return static_cast<size_t>(StatementKind::AdvisoryXactLock) + 1 == kStatements.size();
}
static_assert(tableInOrder(), "kStatements lists every StatementKind in the enum's order");

const StatementText& textOf(StatementKind kind) { return kStatements[static_cast<size_t>(kind)]; }

std::string lockClause(const Statement& statement, Dialect dialect) {
  std::string clause;
  switch (statement.rowLock) {
    case RowLock::None: return clause;
    case RowLock::ForUpdate: clause = " FOR UPDATE"; break;
    case RowLock::ForShare:
      clause = dialect == Dialect::PostgreSQL ? " FOR SHARE" : " LOCK IN SHARE MODE";
      break;
  }
  switch (statement.wait) {
    case LockWait::Wait: break;
    case LockWait::NoWait: clause += " NOWAIT"; break;
    case LockWait::SkipLocked: clause += " SKIP LOCKED"; break;
  }
  return clause;
}

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

// Replaces $n by what `param(n)` returns, n from 1.
template <typename Param>
std::string substitute(std::string_view sql, Param param) {
  std::string out;
  for (size_t i = 0; i < sql.size(); ++i) {
    if (sql[i] == '$' && i + 1 < sql.size() && sql[i + 1] >= '1' && sql[i + 1] <= '9') {
      out += param(static_cast<size_t>(sql[i + 1] - '0'));
      ++i;
    } else {
      out += sql[i];
    }
  }
  return out;
}

}  // namespace

const char* dialectName(Dialect dialect) {
  return dialect == Dialect::PostgreSQL ? "postgresql" : "mariadb";
}

const char* sqlErrorName(SqlError error) {
  switch (error) {
    case SqlError::None: return "ok";
    case SqlError::UniqueViolation: return "unique_violation";
    case SqlError::LockNotAvailable: return "lock_not_available";
    case SqlError::LockTimeout: return "lock_timeout";
    case SqlError::Deadlock: return "deadlock";
    case SqlError::InFailedTransaction: return "in_failed_transaction";
    case SqlError::SessionTerminated: return "session_terminated";
    case SqlError::ConnectionLost: return "connection_lost";
    case SqlError::Other: return "error";
  }
  return "error";
}

std::string SqlResult::describe() const {
  if (!ok()) return std::string(sqlErrorName(error)) + (code.empty() ? "" : " " + code);
  if (rows.empty()) return std::to_string(affected) + (affected == 1 ? " row" : " rows");
  std::string out;
  for (const auto& row : rows) {
    if (!out.empty()) out += ", ";
    out += "(";
    for (size_t i = 0; i < row.size(); ++i) out += (i ? ", " : "") + row[i];
    out += ")";
  }
  return out;
}

std::string_view statementName(StatementKind kind) { return sim::name(kind); }
size_t parameterCount(StatementKind kind) { return textOf(kind).parameters; }

bool postgresqlOnly(StatementKind kind) {
  return kind >= StatementKind::AdvisoryLock && kind <= StatementKind::AdvisoryXactLock;
}

std::string sqlText(const Statement& statement, Dialect dialect) {
  const StatementText& text = textOf(statement.kind);
  std::string sql = dialect == Dialect::PostgreSQL
                        ? std::string(text.sql)
                        : substitute(text.sql, [](size_t) { return std::string("?"); });
  return sql + lockClause(statement, dialect);
}

std::string boundText(const Statement& statement, Dialect dialect) {
  const StatementText& text = textOf(statement.kind);
  LOCKSCOPE_CHECK(statement.params.size() == text.parameters, "a statement's parameter count");
  const std::string sql = substitute(text.sql, [&](size_t n) {
    const Value& value = statement.params.at(n - 1);
    return value.isText ? quoted(value.text) : std::to_string(value.number);
  });
  return sql + lockClause(statement, dialect);
}

std::vector<std::string> schemaStatements(Dialect dialect, const std::vector<int64_t>& inventoryIds,
                                          const std::vector<std::string>& lockNames) {
  const bool pg = dialect == Dialect::PostgreSQL;
  const std::string engine = pg ? "" : " ENGINE=InnoDB";
  std::vector<std::string> out = {
      "CREATE TABLE locks (name VARCHAR(200) PRIMARY KEY, owner VARCHAR(200) NOT NULL, "
      "lock_until BIGINT NOT NULL, count INT NOT NULL)" +
          engine,
      "CREATE TABLE inventory (id BIGINT PRIMARY KEY, stock BIGINT NOT NULL, "
      "version BIGINT NOT NULL, fence BIGINT NOT NULL)" +
          engine,
      "CREATE TABLE fence_tokens (name VARCHAR(200) PRIMARY KEY, token BIGINT NOT NULL)" + engine,
  };
  for (int64_t id : inventoryIds) {
    out.push_back("INSERT INTO inventory (id, stock, version, fence) VALUES (" +
                  std::to_string(id) + ", 0, 0, 0)");
  }
  for (const std::string& name : lockNames) {
    out.push_back("INSERT INTO fence_tokens (name, token) VALUES (" + quoted(name) + ", 0)");
  }
  return out;
}

}  // namespace lockscope::sql
