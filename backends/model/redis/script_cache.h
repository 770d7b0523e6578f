// An instance's script cache: what EVAL ran and SCRIPT LOAD loaded, by the lower-case hex SHA-1 of
// the source, for EVALSHA and SCRIPT EXISTS. A server keeps it until SCRIPT FLUSH or a restart.
#pragma once

#include <map>
#include <string>

namespace lockscope::redis::model {

using ScriptCache = std::map<std::string, std::string, std::less<>>;

}  // namespace lockscope::redis::model
