#include "pg_error.h"

namespace lockscope::live::database {

sql::SqlError pgErrorKind(std::string_view sqlstate, std::string_view message) {
  using sql::SqlError;
  if (sqlstate.empty()) return SqlError::ConnectionLost;
  if (sqlstate == "23505") return SqlError::UniqueViolation;
  if (sqlstate == "55P03") {
    return message.find("lock timeout") != std::string_view::npos ? SqlError::LockTimeout
                                                                  : SqlError::LockNotAvailable;
  }
  if (sqlstate == "40P01") return SqlError::Deadlock;
  if (sqlstate == "25P02") return SqlError::InFailedTransaction;
  // idle_in_transaction_session_timeout, and the server's shutdown or a terminated backend.
  if (sqlstate == "25P03" || sqlstate == "57P01" || sqlstate == "57P02" || sqlstate == "57P03")
    return SqlError::SessionTerminated;
  if (sqlstate.substr(0, 2) == "08") return SqlError::ConnectionLost;  // connection exceptions
  return SqlError::Other;
}

}  // namespace lockscope::live::database
