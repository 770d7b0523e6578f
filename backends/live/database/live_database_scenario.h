// What a live database run cannot do, found before it starts: a scenario of another service, a
// fault live connections cannot carry, a dialect this build has no client for. Each problem is one
// line, located in the file where the scenario says it.
#pragma once

#include "live_sql_connect.h"
#include "sim/scenario/scenario.h"

namespace lockscope::live::database {

// Success when `scenario` can run on a live server of `dialect`.
Status liveDatabaseCanRun(const scenario::Scenario& scenario, sql::Dialect dialect);

}  // namespace lockscope::live::database
