// The number parsers of java.lang that zkCli's commands call on their arguments, with Java's
// acceptance rules: what Java refuses (a NumberFormatException in zkCli), these refuse.
#pragma once

#include <cstdint>
#include <string>

namespace lockscope::cli {

// Integer.parseInt: an optional sign and decimal digits that fit 32 bits.
bool parseJavaInt(const std::string& text, int32_t& value);

// Long.parseLong: an optional sign and decimal digits that fit 64 bits.
bool parseJavaLong(const std::string& text, int64_t& value);

}  // namespace lockscope::cli
