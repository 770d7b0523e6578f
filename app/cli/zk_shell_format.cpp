#include "zk_shell_format.h"

#include <array>
#include <cstdio>
#include <utility>

namespace lockscope::cli {

namespace {

using zookeeper::ErrorCode;

struct CivilDate {
  int64_t year;
  unsigned month;  // 1..12
  unsigned day;    // 1..31
};

// Howard Hinnant's days_from_civil inverse: exact for the proleptic Gregorian calendar, with no
// dependence on the C library's time zone.
CivilDate civilFromDays(int64_t days) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const auto dayOfEra = static_cast<unsigned>(days - era * 146097);
  const unsigned yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) /
                             365;
  const unsigned dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
  const unsigned monthIndex = (5 * dayOfYear + 2) / 153;
  const unsigned day = dayOfYear - (153 * monthIndex + 2) / 5 + 1;
  const unsigned month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return {static_cast<int64_t>(yearOfEra) + era * 400 + (month <= 2 ? 1 : 0), month, day};
}

int64_t floorDivide(int64_t value, int64_t divisor) {
  const int64_t quotient = value / divisor;
  return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient;
}

// KeeperException.getCodeMessage for the codes the API has.
std::string codeMessage(ErrorCode code) {
  switch (code) {
    case ErrorCode::Ok: return "ok";
    case ErrorCode::ConnectionLoss: return "ConnectionLoss";
    case ErrorCode::OperationTimeout: return "OperationTimeout";
    case ErrorCode::BadArguments: return "BadArguments";
    case ErrorCode::Unimplemented: return "Unimplemented";
    case ErrorCode::NoNode: return "NoNode";
    case ErrorCode::NoAuth: return "NoAuth";
    case ErrorCode::BadVersion: return "BadVersion";
    case ErrorCode::NoChildrenForEphemerals: return "NoChildrenForEphemerals";
    case ErrorCode::NodeExists: return "NodeExists";
    case ErrorCode::NotEmpty: return "Directory not empty";
    case ErrorCode::SessionExpired: return "Session expired";
    case ErrorCode::NoWatcher: return "No such watcher";
    case ErrorCode::InvalidAcl: return "InvalidACL";
    case ErrorCode::AuthFailed: return "AuthFailed";
    default: break;  // a code the API gained later
  }
  return "Unknown error " + std::to_string(static_cast<int>(code));
}

// Utils.toCSVString: a quote, then the text with jute's CSV escapes.
std::string csvString(const std::string& text) {
  std::string csv = "'";
  for (const char c : text) {
    switch (c) {
      case '\0': csv += "%00"; break;
      case '\n': csv += "%0A"; break;
      case '\r': csv += "%0D"; break;
      case ',': csv += "%2C"; break;
      case '}': csv += "%7D"; break;
      case '%': csv += "%25"; break;
      default: csv += c; break;
    }
  }
  return csv;
}

// ZKUtil.getPermString: in the order c, d, r, w, a.
std::string permissionLetters(int32_t permissions) {
  std::string letters;
  for (const auto& [bit, letter] : {std::pair{4, 'c'}, {8, 'd'}, {1, 'r'}, {2, 'w'}, {16, 'a'}})
    if (permissions & bit) letters += letter;
  return letters;
}

}  // namespace

std::vector<std::string> aclLines(const zookeeper::Acl& entry) {
  return {csvString(entry.scheme) + "," + csvString(entry.id),
          ": " + permissionLetters(entry.permissions)};
}

std::string javaDate(int64_t epochMillis) {
  static constexpr std::array<const char*, 7> kWeekdays = {"Thu", "Fri", "Sat", "Sun",
                                                           "Mon", "Tue", "Wed"};
  static constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const int64_t seconds = floorDivide(epochMillis, 1000);
  const int64_t days = floorDivide(seconds, 86400);
  const int64_t secondOfDay = seconds - days * 86400;
  const CivilDate date = civilFromDays(days);
  const int64_t weekday = ((days % 7) + 7) % 7;  // 1970-01-01 was a Thursday
  char text[64];
  std::snprintf(text, sizeof text, "%s %s %02u %02d:%02d:%02d UTC %04lld", kWeekdays[weekday],
                kMonths[date.month - 1], date.day, static_cast<int>(secondOfDay / 3600),
                static_cast<int>(secondOfDay / 60 % 60), static_cast<int>(secondOfDay % 60),
                static_cast<long long>(date.year));
  return text;
}

std::string javaHex(int64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(static_cast<uint64_t>(value)));
  return text;
}

std::vector<std::string> statLines(const zookeeper::Stat& stat) {
  return {
      "cZxid = " + javaHex(stat.czxid),
      "ctime = " + javaDate(stat.ctime),
      "mZxid = " + javaHex(stat.mzxid),
      "mtime = " + javaDate(stat.mtime),
      "pZxid = " + javaHex(stat.pzxid),
      "cversion = " + std::to_string(stat.cversion),
      "dataVersion = " + std::to_string(stat.version),
      "aclVersion = " + std::to_string(stat.aversion),
      "ephemeralOwner = " + javaHex(stat.ephemeralOwner),
      "dataLength = " + std::to_string(stat.dataLength),
      "numChildren = " + std::to_string(stat.numChildren),
  };
}

std::string watchedEventText(const zookeeper::WatchedEvent& event) {
  const bool sessionEvent = event.type == zookeeper::EventType::None && event.path.empty();
  return "WatchedEvent state:" + std::string(zookeeper::sessionStateName(event.state)) +
         " type:" + std::string(zookeeper::eventTypeName(event.type)) +
         " path:" + (sessionEvent ? std::string("null") : event.path);
}

std::string keeperErrorText(ErrorCode code, const std::string& path) {
  switch (code) {
    case ErrorCode::NoNode: return "Node does not exist: " + path;
    case ErrorCode::NoAuth: return "Insufficient permission : " + path;
    case ErrorCode::NoChildrenForEphemerals: return "Ephemerals cannot have children: " + path;
    case ErrorCode::NodeExists: return "Node already exists: " + path;
    case ErrorCode::NotEmpty: return "Node not empty: " + path;
    case ErrorCode::BadArguments: return "Arguments are not valid : " + path;
    case ErrorCode::BadVersion: return "version No is not valid : " + path;
    case ErrorCode::InvalidAcl: return "Acl is not valid : " + path;
    default: break;
  }
  return keeperExceptionMessage(code, path);
}

std::string keeperExceptionMessage(ErrorCode code, const std::string& path) {
  std::string text = "KeeperErrorCode = " + codeMessage(code);
  if (!path.empty()) text += " for " + path;
  return text;
}

}  // namespace lockscope::cli
