#include "redis_shell_format.h"

#include <strings.h>

#include <cstdio>

namespace lockscope::cli {
namespace {

std::string format(const redis::Reply& reply, const std::string& prefix) {
  using redis::ReplyType;
  switch (reply.type) {
    case ReplyType::Error: return "(error) " + reply.text + "\n";
    case ReplyType::Status: return reply.text + "\n";
    case ReplyType::Integer: return "(integer) " + std::to_string(reply.integer) + "\n";
    case ReplyType::String: return quoteRedisString(reply.text) + "\n";
    case ReplyType::Nil: return "(nil)\n";
    case ReplyType::Timeout:
    case ReplyType::Disconnected: return "(error) " + reply.text + "\n";
    case ReplyType::Array: break;
  }
  if (reply.elements.empty()) return "(empty array)\n";
  // Every number is as wide as the largest ("10) " and " 9) "); a nested reply's lines after its
  // first are indented by that width plus ") ".
  const std::string last = std::to_string(reply.elements.size());
  const std::string nested = prefix + std::string(last.size() + 2, ' ');
  std::string out;
  for (size_t i = 0; i < reply.elements.size(); ++i) {
    const std::string number = std::to_string(i + 1);
    out += (i == 0 ? std::string() : prefix) + std::string(last.size() - number.size(), ' ') +
           number + ") ";
    out += format(reply.elements[i], nested);
  }
  return out;
}

}  // namespace

std::string quoteRedisString(std::string_view bytes) {
  std::string out = "\"";
  for (const char c : bytes) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\a': out += "\\a"; break;
      case '\b': out += "\\b"; break;
      default:
        if (c >= 0x20 && c < 0x7f) {
          out += c;
        } else {
          char hex[5];
          std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
          out += hex;
        }
    }
  }
  return out + "\"";
}

std::string formatRedisReply(const redis::Reply& reply) { return format(reply, ""); }

bool printsVerbatim(const redis::Command& argv) {
  const auto is = [&](size_t word, const char* name) {
    return argv.size() > word && strcasecmp(argv[word].c_str(), name) == 0;
  };
  const size_t words = argv.size();
  return is(0, "info") || is(0, "lolwut") ||
         (is(0, "debug") &&
          (is(1, "htstats") || is(1, "htstats-key") || is(1, "client-eviction"))) ||
         (is(0, "memory") && (is(1, "malloc-stats") || is(1, "doctor"))) ||
         (words == 2 && is(0, "cluster") && (is(1, "nodes") || is(1, "info"))) ||
         (is(0, "client") && (is(1, "list") || is(1, "info"))) ||
         (words == 3 && is(0, "latency") && is(1, "graph")) ||
         (words == 2 && is(0, "latency") && is(1, "doctor")) || (is(0, "proxy") && is(1, "info"));
}

std::string formatRedisReplyRaw(const redis::Reply& reply) {
  using redis::ReplyType;
  switch (reply.type) {
    case ReplyType::Nil: return "";
    case ReplyType::Error:
    case ReplyType::Timeout:
    case ReplyType::Disconnected: return reply.text + "\n";
    case ReplyType::Status:
    case ReplyType::String: return reply.text;
    case ReplyType::Integer: return std::to_string(reply.integer);
    case ReplyType::Array: break;
  }
  std::string out;
  for (size_t i = 0; i < reply.elements.size(); ++i) {
    if (i > 0) out += "\n";
    out += formatRedisReplyRaw(reply.elements[i]);
  }
  return out;
}

}  // namespace lockscope::cli
