// libpq's connection keywords for a LiveSqlTarget, shared by the asynchronous client and the
// blocking script runner: the server, the database, the login from live_credentials.h and the
// session settings as startup options ("-c lock_timeout=200 ..."), which the server applies
// before the first statement, so no SET round trip is needed and none can be forgotten.
#pragma once

#include <string>
#include <vector>

#include "live_sql_connect.h"

namespace lockscope::live::database {

class PgConnectParams {
 public:
  // `session`: with the target's session settings (a client's connection); without them (the
  // script runner's). Both get the target's schema, when it has one, as their search_path.
  PgConnectParams(const LiveSqlTarget& target, bool session);

  // NULL-terminated arrays for PQconnectStartParams / PQconnectdbParams. Valid while this lives.
  const char* const* keywords() const { return keywords_.data(); }
  const char* const* values() const { return values_.data(); }

 private:
  void add(const char* keyword, std::string value);

  std::vector<std::string> storage_;  // owns the values; reserved, so pointers stay valid
  std::vector<const char*> keywords_;
  std::vector<const char*> values_;
};

}  // namespace lockscope::live::database
