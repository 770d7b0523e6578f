#include "zk_shell_acl.h"

namespace lockscope::cli {

namespace {

// String.split(","): all trailing empty strings are dropped, so "," gives no part at all (zkCli
// then says only that the ACL is invalid), while a text without a comma is one part, even "".
std::vector<std::string> splitOnCommas(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (parts.size() == 1) return parts;
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

int permissionsFrom(const std::string& letters, std::vector<std::string>& complaints) {
  int permissions = 0;
  for (const char letter : letters) {
    switch (letter) {
      case 'r': permissions |= 1; break;
      case 'w': permissions |= 2; break;
      case 'c': permissions |= 4; break;
      case 'd': permissions |= 8; break;
      case 'a': permissions |= 16; break;
      default: complaints.push_back(std::string("Unknown perm type: ") + letter); break;
    }
  }
  return permissions;
}

}  // namespace

std::vector<zookeeper::Acl> parseAcl(const std::string& text,
                                     std::vector<std::string>& complaints) {
  std::vector<zookeeper::Acl> entries;
  for (const std::string& part : splitOnCommas(text)) {
    const size_t firstColon = part.find(':');
    const size_t lastColon = part.rfind(':');
    if (firstColon == std::string::npos || firstColon == lastColon) {
      complaints.push_back(part + " does not have the form scheme:id:perm");
      continue;
    }
    entries.push_back({part.substr(0, firstColon),
                       part.substr(firstColon + 1, lastColon - firstColon - 1),
                       permissionsFrom(part.substr(lastColon + 1), complaints)});
  }
  return entries;
}

}  // namespace lockscope::cli
