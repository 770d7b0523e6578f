// How zkCli 3.8 renders values: Stat blocks, dates, ids, watch events and server errors.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "backends/api/zookeeper_types.h"

namespace lockscope::cli {

// java.util.Date.toString() in UTC: "Thu Jan 01 00:00:00 UTC 1970".
std::string javaDate(int64_t epochMillis);

// "0x" + Long.toHexString(value): lower case, no padding, negative values as 64-bit two's
// complement.
std::string javaHex(int64_t value);

// StatPrinter.print: the eleven "name = value" lines, in zkCli's order.
std::vector<std::string> statLines(const zookeeper::Stat& stat);

// GetAclCommand's lines for one ACL entry: the Id as jute's toString() writes it (CSV, quoted,
// ending in a newline: "'world,'anyone"), then ": " and the permission letters ("cdrwa").
std::vector<std::string> aclLines(const zookeeper::Acl& entry);

// WatchedEvent.toString(): "WatchedEvent state:SyncConnected type:NodeCreated path:/a"; session
// events have no path, which Java prints as "null".
std::string watchedEventText(const zookeeper::WatchedEvent& event);

// The message CliWrapperException gives a KeeperException for `path` ("Node does not exist: /a",
// "version No is not valid : /a", ... or KeeperException.getMessage() for the rest).
std::string keeperErrorText(zookeeper::ErrorCode code, const std::string& path);
// KeeperException.getMessage(): "KeeperErrorCode = InvalidACL for /a".
std::string keeperExceptionMessage(zookeeper::ErrorCode code, const std::string& path);

}  // namespace lockscope::cli
