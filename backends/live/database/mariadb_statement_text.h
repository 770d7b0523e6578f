// The SQL text MariaDbSqlClient sends for a statement: the text protocol has no parameters, so
// the client puts them into sqlText's `?` places itself, texts escaped by the connection
// (mysql_real_escape_string knows its character set), never by boundText, which only shows.
// The k-th `?` is the parameter the k-th $n of the statement's PostgreSQL text names, not the
// k-th parameter: several statements use theirs out of order.
#pragma once

#include <string>

#include "backends/api/sql_types.h"

typedef struct st_mysql MYSQL;

namespace lockscope::live::database {

std::string mariaDbText(MYSQL* connection, const sql::Statement& statement);

}  // namespace lockscope::live::database
