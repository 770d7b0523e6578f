#include "mariadb_address.h"

namespace lockscope::live::database {

bool plainDatabaseName(const std::string& name) {
  if (name.empty() || name.size() > 64) return false;
  for (char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '$';
    if (!plain) return false;
  }
  return true;
}

Result<MariaDbAddress> parseMariaDbAddress(const std::string& text) {
  const size_t slash = text.rfind('/');
  if (slash == std::string::npos)
    return Status::failure("mariadb=" + text + ": expected HOST:PORT/DATABASE");
  const std::string database = text.substr(slash + 1);
  if (!plainDatabaseName(database)) {
    return Status::failure("mariadb=" + text +
                           ": the database name must be 1 to 64 letters, digits, '_' or '$'");
  }
  Result<std::vector<ServerAddress>> servers = parseServerList(text.substr(0, slash));
  if (!servers) return servers.status();
  if (servers->size() != 1)
    return Status::failure("mariadb=" + text + ": expected one HOST:PORT/DATABASE");
  return MariaDbAddress{servers->front(), database};
}

}  // namespace lockscope::live::database
