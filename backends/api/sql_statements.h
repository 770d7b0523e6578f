// Each statement's exact SQL per dialect: what the pseudocode and the stage show, and what a live
// client sends (PostgreSQL with $n parameters through PQsendQueryParams, MariaDB as text with
// the values bound and escaped by the client). And the tables every run starts from.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sql_types.h"

namespace lockscope::sql {

// "INSERT INTO locks (name, owner, lock_until, count) VALUES ($1, $2, $3, 1)" (PostgreSQL) or
// with `?` for each parameter (MariaDB); a locking read's clause included.
std::string sqlText(const Statement& statement, Dialect dialect);
// The text with the parameters in place, as a person would type it: numbers bare, texts in
// single quotes (a quote doubled). For showing, and for MariaDB's text protocol only after the
// live client escaped the texts.
std::string boundText(const Statement& statement, Dialect dialect);
// A short name for the trace and the stage: "INSERT lock", "SELECT inventory FOR UPDATE".
std::string_view statementName(StatementKind kind);
// The number of parameters the statement takes.
size_t parameterCount(StatementKind kind);
// Whether the statement needs PostgreSQL (the advisory lock functions).
bool postgresqlOnly(StatementKind kind);

// The tables a run works on and the rows they start with: `locks`, `inventory` (one row per id
// in `inventoryIds`, stock 0, version 0, fence 0) and `fence_tokens` (one row per lock name,
// token 0). In execution order.
std::vector<std::string> schemaStatements(Dialect dialect, const std::vector<int64_t>& inventoryIds,
                                          const std::vector<std::string>& lockNames);

}  // namespace lockscope::sql
