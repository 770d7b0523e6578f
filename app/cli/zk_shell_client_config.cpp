#include "zk_shell_client_config.h"

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <utility>
#include <vector>

#include "backends/model/zookeeper/java_text.h"

namespace lockscope::cli {

namespace {

std::string trimmed(const std::string& text) {
  return std::string(zookeeper::model::javaTrimmed(text));
}

// Properties.load for the lines the server writes ("key=value"): comments and blank lines
// skipped, the key ending at the first '=', ':' or blank. Escapes and continuation lines, which
// the server never writes, are not read.
std::vector<std::pair<std::string, std::string>> properties(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> entries;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    line = trimmed(line);
    if (line.empty() || line[0] == '#' || line[0] == '!') continue;
    const size_t end = std::min(line.find_first_of("=: \t\f"), line.size());
    std::string value = trimmed(line.substr(end));
    if (!value.empty() && (value[0] == '=' || value[0] == ':')) value = trimmed(value.substr(1));
    const std::string key = line.substr(0, end);
    const auto same = std::find_if(entries.begin(), entries.end(),
                                   [&](const auto& entry) { return entry.first == key; });
    if (same != entries.end()) same->second = value;
    else entries.emplace_back(key, value);
  }
  return entries;
}

// The order java.util.Properties (a ConcurrentHashMap of 16 bins, JDK 17) iterates its entries
// in: by bin, (h ^ h >>> 16) & 15 with h = String.hashCode(); a bin in insertion order. (Twelve
// entries or more resize the table: a configuration of eleven servers or more is not followed.)
void orderAsProperties(std::vector<std::pair<std::string, std::string>>& entries) {
  const auto bin = [](const std::string& key) {
    const auto h = static_cast<uint32_t>(zookeeper::model::javaHashCode(key));
    return (h ^ (h >> 16)) & 15U;
  };
  std::stable_sort(entries.begin(), entries.end(),
                   [&](const auto& a, const auto& b) { return bin(a.first) < bin(b.first); });
}

// QuorumServer's client address, the part after ';' ("[host:]port"), as getHostString() and
// getPort() print it; a port alone listens on every address ("0.0.0.0"). Empty without one.
std::string clientAddress(const std::string& server) {
  const size_t semicolon = server.find(';');
  if (semicolon == std::string::npos) return {};
  const std::string client = trimmed(server.substr(semicolon + 1));
  const size_t colon = client.rfind(':');
  if (colon == std::string::npos) return "0.0.0.0:" + client;
  return client;
}

}  // namespace

std::string clientConfigText(const std::string& configData) {
  auto entries = properties(configData);
  orderAsProperties(entries);
  std::string version;
  std::string servers;
  bool first = true;
  for (const auto& [key, value] : entries) {
    if (key == "version") version = value;
    if (!key.starts_with("server.")) continue;
    if (!first) servers += ",";
    first = false;
    servers += clientAddress(value);
  }
  return version + " " + servers;
}

}  // namespace lockscope::cli
