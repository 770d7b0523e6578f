#include "pg_connect_params.h"

#include <algorithm>

#include "backends/live/live_credentials.h"
#include "sim/engine/check.h"

namespace lockscope::live::database {

PgConnectParams::PgConnectParams(const LiveSqlTarget& target, bool session) {
  storage_.reserve(16);
  add("host", target.address.server.host);
  add("port", std::to_string(target.address.server.port));
  add("dbname", target.address.database);
  const DatabaseLogin& login = postgresLogin();
  if (!login.user.empty()) add("user", login.user);
  if (!login.password.empty()) add("password", login.password);
  // libpq's connect_timeout is in whole seconds (minimum 2).
  add("connect_timeout",
      std::to_string(std::max<int64_t>(2, (target.connectTimeoutMs + 999) / 1000)));
  // The run's sessions carry its schema's name: its cleanup ends those, and only those.
  add("application_name", target.schema.empty() ? "lockscope" : target.schema);
  // Not the user's ~/.pgpass or a service file: the login is ours or libpq's defaults. A path
  // nobody can create (/dev/null makes libpq warn on stderr that it is not a plain file).
  add("passfile", "/proc/self/no-pgpass");
  std::string options;
  if (session) {
    const sql::SessionSettings& settings = target.settings;
    options = "-c lock_timeout=" + std::to_string(settings.lockTimeoutMs) +
              " -c idle_in_transaction_session_timeout=" +
              std::to_string(settings.idleInTransactionTimeoutMs);
    if (target.setDeadlockTimeout)
      options += " -c deadlock_timeout=" + std::to_string(settings.deadlockTimeoutMs);
  }
  // The schema name is the backend's own (lockscope_<hex>): nothing to quote.
  if (!target.schema.empty()) options += " -c search_path=" + target.schema;
  if (!options.empty()) add("options", options);
  keywords_.push_back(nullptr);
  values_.push_back(nullptr);
}

void PgConnectParams::add(const char* keyword, std::string value) {
  LOCKSCOPE_CHECK(storage_.size() < storage_.capacity(), "libpq keywords fit the reserved storage");
  storage_.push_back(std::move(value));
  keywords_.push_back(keyword);
  values_.push_back(storage_.back().c_str());
}

}  // namespace lockscope::live::database
