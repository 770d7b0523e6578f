// A redis-cli line split into words exactly as redis-cli splits it (sds.c's sdssplitargs):
// words separated by blanks; "double quotes" with \n \r \t \b \a \\ \" and \xHH escapes (any other
// escaped character stands for itself); 'single quotes' where only \' is an escape. A closing quote
// must end the word. Nothing (nullopt) for an unbalanced quote or a quote followed by more of the
// word: redis-cli then prints "Invalid argument(s)".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lockscope::cli {

std::optional<std::vector<std::string>> splitRedisArguments(std::string_view line);

}  // namespace lockscope::cli
