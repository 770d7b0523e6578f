#include "live_database_scenario.h"

namespace lockscope::live::database {

Status liveDatabaseCanRun(const scenario::Scenario& scenario, sql::Dialect dialect) {
  const std::string option = std::string("--live ") +
                             (dialect == sql::Dialect::PostgreSQL ? "pg=" : "mariadb=");
  if (scenario.backend != "database") {
    return Status::failure(
        scenario.file + ": " + option +
        " runs backend: database scenarios, this one is backend: " + scenario.backend);
  }
  for (const scenario::Fault& fault : scenario.faults) {
    switch (fault.kind) {
      // A client process's faults: its connections close (crash) or stay with their open
      // transactions (pause).
      case scenario::Fault::Kind::Crash:
      case scenario::Fault::Kind::Restart:
      case scenario::Fault::Kind::Pause:
      case scenario::Fault::Kind::Resume: break;
      default:
        return Status::failure(fault.location.describe() + ": " +
                               scenario::faultKindName(fault.kind) +
                               " is model-only (a live database run injects crash, restart, "
                               "pause and resume)");
    }
  }
  return Status::success();
}

}  // namespace lockscope::live::database
