#include "protected_resource.h"

#include <string>

namespace lockscope::clients {

void ProtectedResource::separate(std::map<std::string, std::vector<std::string>> countersOfClient) {
  countersOfClient_ = std::move(countersOfClient);
}

const std::vector<std::string>& ProtectedResource::countersOf(const std::string& client) const {
  static const std::vector<std::string> shared{""};
  const auto found = countersOfClient_.find(client);
  return found == countersOfClient_.end() ? shared : found->second;
}

int64_t ProtectedResource::value() const {
  const auto found = counters_.find("");
  return found == counters_.end() ? 0 : found->second.value;
}

void ProtectedResource::read(const std::string& client, int64_t token) {
  for (const std::string& name : countersOf(client)) {
    Counter& counter = counters_[name];
    counter.readBy[client] = counter.value;
    world_.record({.kind = sim::TraceKind::Resource,
                   .actor = client,
                   .op = sim::ResourceOp::Read,
                   .path = name,
                   .value = std::to_string(counter.value),
                   .request = token});
  }
}

bool ProtectedResource::write(const std::string& client, int64_t token) {
  bool accepted = true;
  for (const std::string& name : countersOf(client)) {
    Counter& counter = counters_[name];
    const int64_t value = counter.readBy[client] + 1;
    const std::string shown = std::to_string(value);
    if (fenced_ && token < counter.highestToken) {
      const std::string why = "token " + std::to_string(token) + " < highest seen " +
                              std::to_string(counter.highestToken);
      world_.record({.kind = sim::TraceKind::Resource,
                     .actor = client,
                     .op = sim::ResourceOp::Rejected,
                     .path = name,
                     .value = shown,
                     .detail = why,
                     .request = token});
      accepted = false;
      continue;
    }
    if (fenced_) counter.highestToken = token;
    counter.value = value;
    ++writes_;
    world_.record({.kind = sim::TraceKind::Resource,
                   .actor = client,
                   .op = sim::ResourceOp::Write,
                   .path = name,
                   .value = shown,
                   .request = token});
  }
  return accepted;
}

}  // namespace lockscope::clients
