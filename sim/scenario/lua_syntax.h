// Whether a lesson's Lua script compiles, checked when the lesson loads: a script with a syntax
// error is bad input, named with its file and line, not a run whose unlock fails on a server.
#pragma once

#include <string>
#include <string_view>

namespace lockscope::scenario {

// Empty when `source` compiles as Lua 5.1 (Redis' Lua); otherwise Lua's message, as a server
// words it: "user_script:2: 'end' expected near '<eof>'".
std::string luaSyntaxError(std::string_view source);

}  // namespace lockscope::scenario
