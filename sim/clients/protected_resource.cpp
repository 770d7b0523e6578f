#include "protected_resource.h"

#include <string>

namespace lockscope::clients {

int64_t ProtectedResource::read(const std::string& client, int64_t token) {
  const std::string shown = std::to_string(value_);
  world_.record({.kind = sim::TraceKind::Resource, .actor = client, .op = "read", .value = shown,
                 .request = token});
  return value_;
}

bool ProtectedResource::write(const std::string& client, int64_t value, int64_t token) {
  const std::string shown = std::to_string(value);
  if (fenced_ && token < highestToken_) {
    const std::string why = "token " + std::to_string(token) + " < highest seen " +
                            std::to_string(highestToken_);
    world_.record({.kind = sim::TraceKind::Resource, .actor = client, .op = "rejected",
                   .value = shown, .detail = why, .request = token});
    return false;
  }
  if (fenced_) highestToken_ = token;
  value_ = value;
  ++writes_;
  world_.record({.kind = sim::TraceKind::Resource, .actor = client, .op = "write", .value = shown,
                 .request = token});
  return true;
}

}  // namespace lockscope::clients
