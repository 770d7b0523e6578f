#include "mariadb_errors.h"

namespace lockscope::live::database {
namespace {

sql::SqlError errorOf(unsigned code, bool noWait) {
  switch (code) {
    case 1062: return sql::SqlError::UniqueViolation;
    case 1205: return noWait ? sql::SqlError::LockNotAvailable : sql::SqlError::LockTimeout;
    case 3572: return sql::SqlError::LockNotAvailable;
    case 1213: return sql::SqlError::Deadlock;
    case 1053:
    case 1927: return sql::SqlError::SessionTerminated;
    case 2006:
    case 2013:
    case 2055: return sql::SqlError::ConnectionLost;
    default: return sql::SqlError::Other;
  }
}

}  // namespace

sql::SqlResult mariaDbFailure(unsigned code, std::string message, bool noWait) {
  return sql::SqlResult::failure(errorOf(code, noWait), std::to_string(code), std::move(message));
}

bool mariaDbConnectionGone(unsigned code) {
  const sql::SqlError error = errorOf(code, false);
  return error == sql::SqlError::ConnectionLost || error == sql::SqlError::SessionTerminated;
}

}  // namespace lockscope::live::database
