// Numbers as Redis reads and writes them: string2ll's strict grammar (no sign but '-', no leading
// zeros, no spaces), so "01", "+1" and " 1" are not integers, as on a server.
#pragma once

#include <cstdint>
#include <string_view>

namespace lockscope::redis::model {

bool parseRedisInteger(std::string_view text, int64_t& out);

// number += by, unless that overflows (INCRBY's and HINCRBY's error): false, number unchanged.
bool addWithoutOverflow(int64_t& number, int64_t by);

}  // namespace lockscope::redis::model
