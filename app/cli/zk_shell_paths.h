// The client-side path check every ZooKeeper call makes before sending (PathUtils.validatePath).
#pragma once

#include <optional>
#include <string>

namespace lockscope::cli {

// nullopt when `path` is valid; otherwise the IllegalArgumentException message zkCli prints, e.g.
// "Path must start with / character". A sequential create checks `path + "1"` (its name may end
// in '/'), and the message then shows that string, as the Java client does.
std::optional<std::string> pathProblem(const std::string& path, bool sequential = false);

}  // namespace lockscope::cli
