// The ACL argument of `create path data acl` and `setAcl path acl`, parsed as zkCli's AclParser
// does.
#pragma once

#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"

namespace lockscope::cli {

// AclParser.parse: comma-separated scheme:id:perm entries. Entries without that form and unknown
// permission letters are reported in `complaints` (zkCli prints each on stderr) and skipped.
std::vector<zookeeper::Acl> parseAcl(const std::string& text, std::vector<std::string>& complaints);

}  // namespace lockscope::cli
