// Live mode for database scenarios: `lockscope-cli run|check --live pg=HOST:PORT/DB` (and
// mariadb=, through the same seam: live_sql_connect.h).
//
//   RunOptions options;
//   options.backend = live::database::liveDatabaseBackend({.target = {...}, .file = ...});
//
// The run works in a schema of its own, "lockscope_<run id>" (run_schema.h), made when the lock
// names are known (preparePaths) and dropped, with nothing else, when the backend is destroyed,
// also after Ctrl+C (live_interrupt.h). The statements run in the server's dialect: the model is
// the one that follows the scenario's `dialect:`. The world runs in real time in Qt's event loop
// (the caller needs a QCoreApplication). Check first with liveDatabaseCanRun
// (live_database_scenario.h): this backend assumes it passed.
#pragma once

#include <string>

#include "live_sql_connect.h"
#include "sim/run/run_backend.h"
#include "sim/scenario/database_seed.h"

namespace lockscope::live::database {

struct LiveDatabaseSettings {
  // The server, the dialect it speaks, the scenario's session settings; no schema (the run makes
  // its own).
  LiveSqlTarget target;
  // The scenario's file and dialect, for the lines that name them.
  std::string file;
  std::string scenarioDialect;
  // The rows the run starts from (the same as the model's).
  scenario::DatabaseSeed seed;
  // The clients' clocks (database.client_clocks): a lock_until is written from them.
  sim::ClientClockSpecs clientClocks;
  // Hold the world until each statement is answered or waiting (statement_sync.h).
  bool syncStatements = true;
};

run::RunBackendFactory liveDatabaseBackend(LiveDatabaseSettings settings);

}  // namespace lockscope::live::database
