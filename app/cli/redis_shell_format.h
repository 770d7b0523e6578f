// A reply as redis-cli prints it to a terminal (redis-cli.c's cliFormatReplyTTY, which
// `redis-cli --no-raw` uses for any output): OK, (nil), (integer) 1, "text" with non-printable
// bytes escaped, (error) ERR ..., (empty array), and arrays as numbered lines, a nested array's
// lines indented under its number.
#pragma once

#include <string>
#include <string_view>

#include "backends/api/redis_client.h"

namespace lockscope::cli {

// Every line ends in '\n'.
std::string formatRedisReply(const redis::Reply& reply);

// What redis-cli prints verbatim whatever its output mode (cliSendCommand's output_raw): INFO,
// LOLWUT, CLIENT LIST|INFO, MEMORY DOCTOR|MALLOC-STATS, LATENCY DOCTOR, LATENCY GRAPH e, CLUSTER
// NODES|INFO, DEBUG HTSTATS..., PROXY INFO, named case-blind.
bool printsVerbatim(const redis::Command& argv);
// cliFormatReplyRaw: a string or status as its bytes (INFO's "\r\n" line ends kept) and an
// integer as its digits, none followed by a line end; an error's text and a line end; nil as
// nothing; an array's elements so, one line end between them.
std::string formatRedisReplyRaw(const redis::Reply& reply);

// sds.c's sdscatrepr: "..." with \\ \" \n \r \t \a \b, printable ASCII as is, other bytes \xhh.
std::string quoteRedisString(std::string_view bytes);

}  // namespace lockscope::cli
