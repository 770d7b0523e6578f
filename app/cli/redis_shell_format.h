// A reply as redis-cli prints it to a terminal (redis-cli.c's cliFormatReplyTTY, which
// `redis-cli --no-raw` uses for any output): OK, (nil), (integer) 1, "text" with non-printable
// bytes escaped, (error) ERR ..., (empty array), and arrays as numbered lines, a nested array's
// lines indented under its number.
#pragma once

#include <string>
#include <string_view>

#include "backends/api/redis_reply.h"

namespace lockscope::cli {

// Every line ends in '\n'.
std::string formatRedisReply(const redis::Reply& reply);

// sds.c's sdscatrepr: "..." with \\ \" \n \r \t \a \b, printable ASCII as is, other bytes \xhh.
std::string quoteRedisString(std::string_view bytes);

}  // namespace lockscope::cli
