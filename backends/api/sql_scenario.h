// What a scenario's `database:` section means to a database server, the model's and a live one
// alike: its dialect and every session's settings.
#pragma once

#include "sim/scenario/scenario.h"
#include "sql_types.h"

namespace lockscope::sql {

inline Dialect dialectOf(const scenario::DatabaseSetup& setup) {
  return setup.dialect == "mariadb" ? Dialect::MariaDB : Dialect::PostgreSQL;
}

inline SessionSettings sessionSettingsOf(const scenario::DatabaseSetup& setup) {
  return {.lockTimeoutMs = setup.lockTimeoutMs,
          .deadlockTimeoutMs = setup.deadlockTimeoutMs,
          .idleInTransactionTimeoutMs = setup.idleInTransactionTimeoutMs,
          .innodbLockWaitTimeoutS = setup.lockWaitTimeoutS,
          .innodbRollbackOnTimeout = setup.rollbackOnTimeout};
}

}  // namespace lockscope::sql
