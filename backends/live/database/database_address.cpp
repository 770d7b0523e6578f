#include "database_address.h"

namespace lockscope::live::database {

Result<DatabaseAddress> parseDatabaseAddress(const std::string& value) {
  const size_t slash = value.rfind('/');
  if (slash == std::string::npos) {
    return Status::failure(value.find('@') == std::string::npos
                               ? "'" + value + "' is not HOST:PORT/DB (no database)"
                               : "an address holds an '@': credentials never go in an address (see "
                                 "docs/live.md)");
  }
  const std::string servers = value.substr(0, slash);
  if (servers.find(',') != std::string::npos)
    return Status::failure("a live database run takes one server, HOST:PORT/DB");
  auto parsed = parseServerList(servers);
  if (!parsed) return parsed.status();
  DatabaseAddress address{parsed->front(), value.substr(slash + 1)};
  bool valid = !address.database.empty() && address.database.size() <= 63;
  for (const char c : address.database) {
    valid = valid && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-');
  }
  if (!valid) {
    return Status::failure("'" + value +
                           "' is not HOST:PORT/DB (a database name has letters, digits, '_' and "
                           "'-' only)");
  }
  return address;
}

}  // namespace lockscope::live::database
