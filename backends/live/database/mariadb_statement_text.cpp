#include "mariadb_statement_text.h"

#include <mysql.h>

#include <vector>

#include "backends/api/sql_statements.h"
#include "sim/engine/check.h"

namespace lockscope::live::database {
namespace {

std::string literal(MYSQL* connection, const sql::Value& value) {
  if (!value.isText) return std::to_string(value.number);
  std::string escaped(value.text.size() * 2 + 1, '\0');
  const unsigned long length = mysql_real_escape_string(connection, escaped.data(),
                                                        value.text.data(), value.text.size());
  escaped.resize(length);
  return "'" + escaped + "'";
}

// The parameter each `?` of the MariaDB text stands for, in order: `?` loses sqlText's $n
// numbers, and the statements do not use them in order ("SET count = count + $3 WHERE name =
// $1"), so they are read from the PostgreSQL text, whose body is the same.
std::vector<size_t> placeholderParameters(const sql::Statement& statement) {
  const std::string numbered = sql::sqlText(statement, sql::Dialect::PostgreSQL);
  std::vector<size_t> order;
  for (size_t i = 0; i + 1 < numbered.size(); ++i) {
    if (numbered[i] == '$' && numbered[i + 1] >= '1' && numbered[i + 1] <= '9') {
      order.push_back(static_cast<size_t>(numbered[i + 1] - '1'));
    }
  }
  return order;
}

}  // namespace

std::string mariaDbText(MYSQL* connection, const sql::Statement& statement) {
  LOCKSCOPE_CHECK(statement.params.size() == sql::parameterCount(statement.kind),
                  "a statement's parameter count");
  const std::vector<size_t> parameters = placeholderParameters(statement);
  // The fixed statements' SQL has no '?' but the placeholders (no string literals in it).
  const std::string sql = sql::sqlText(statement, sql::Dialect::MariaDB);
  std::string out;
  size_t next = 0;
  for (char c : sql) {
    if (c != '?') {
      out += c;
      continue;
    }
    LOCKSCOPE_CHECK(next < parameters.size(), "a $n per placeholder");
    out += literal(connection, statement.params.at(parameters[next++]));
  }
  LOCKSCOPE_CHECK(next == parameters.size(), "a placeholder per $n");
  return out;
}

}  // namespace lockscope::live::database
