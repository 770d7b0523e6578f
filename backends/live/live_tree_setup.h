// Gives a live run the same starting tree as the model: each lock path exists and is empty, with
// its sequence counter back at 0 (the path is deleted with its subtree and created again), so
// znode names agree with the model's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lockscope::live {

// Synchronous calls on a session of its own; false with `error` (one line) when the server
// cannot be reached within `timeoutMs` or refuses.
bool resetPaths(const std::string& hosts, const std::vector<std::string>& paths,
                int64_t timeoutMs, std::string& error);

}  // namespace lockscope::live
