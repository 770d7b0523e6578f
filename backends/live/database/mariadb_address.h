// The MariaDB server of live mode: "HOST:PORT/DATABASE" (tests/support/mariadb-server.sh writes
// it to DIR/address). Host and port go through the one server-list parser
// (backends/live/server_address.h); the database is a plain name, since it is written into SQL.
#pragma once

#include <string>

#include "backends/live/server_address.h"

namespace lockscope::live::database {

struct MariaDbAddress {
  ServerAddress server;
  std::string database;  // letters, digits, '_' and '$'; 1..64 characters
  // "host:port/database", as it was given.
  std::string text() const { return server.text() + "/" + database; }
};

// Fails (one line) for a missing or bad database name or a bad host:port.
Result<MariaDbAddress> parseMariaDbAddress(const std::string& text);

// Whether `name` can be a database name written into SQL unquoted.
bool plainDatabaseName(const std::string& name);

}  // namespace lockscope::live::database
