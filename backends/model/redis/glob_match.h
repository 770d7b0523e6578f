// KEYS' patterns, matched as Redis' stringmatchlen (util.c) matches them: `*`, `?`, `[abc]`,
// `[^a]`, `[a-z]` and `\` to quote the next character; case-sensitive.
#pragma once

#include <string_view>

namespace lockscope::redis::model {

bool globMatches(std::string_view pattern, std::string_view text);

}  // namespace lockscope::redis::model
