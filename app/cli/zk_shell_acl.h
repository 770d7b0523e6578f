// The ACL argument of `create path data acl`, parsed as zkCli's AclParser does.
#pragma once

#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"

namespace lockscope::cli {

struct AclEntry {
  std::string scheme;
  std::string id;
  int permissions = 0;  // ZooDefs.Perms bits: READ 1, WRITE 2, CREATE 4, DELETE 8, ADMIN 16
};

using zookeeper::kAllPermissions;  // ZooDefs.Perms.ALL

// AclParser.parse: comma-separated scheme:id:perm entries. Entries without that form and unknown
// permission letters are reported in `complaints` (zkCli prints each on stderr) and skipped.
std::vector<AclEntry> parseAcl(const std::string& text, std::vector<std::string>& complaints);

}  // namespace lockscope::cli
