// The server of `--live pg=HOST:PORT/DB` and `--live mariadb=HOST:PORT/DB`: one server and the
// database the run works in. The HOST:PORT part goes through the one server-list parser
// (backends/live/server_address.h), so the same hosts and ports are accepted and the same
// credential-looking values refused without being quoted.
#pragma once

#include <string>

#include "backends/live/server_address.h"

namespace lockscope::live::database {

struct DatabaseAddress {
  ServerAddress server;
  std::string database;  // letters, digits, '_' and '-'
  // "host:port/db"
  std::string text() const { return server.text() + "/" + database; }
};

// Fails (one line) for anything but HOST:PORT/DB with one server.
Result<DatabaseAddress> parseDatabaseAddress(const std::string& value);

}  // namespace lockscope::live::database
