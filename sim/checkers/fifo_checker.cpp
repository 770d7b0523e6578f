#include "fifo_checker.h"

#include <algorithm>

namespace lockscope::checkers {

void FifoChecker::onEvent(const sim::TraceEvent& event, ClientId actor, const HoldChange& change) {
  switch (event.kind) {
    case sim::TraceKind::Lock:
      if (event.op == sim::LockOp::Acquiring) {
        stopWaiting(actor);
        waiters_[actor] = Waiter{true, holdModeOf(event.value), event.time, {}};
        return;
      }
      if (event.op == sim::LockOp::Acquired && change.kind == HoldChange::Kind::Started) {
        checkGrant(event, actor);
      }
      if (event.op != sim::LockOp::Releasing)
        stopWaiting(actor);  // acquired, timed_out, failed, done, ...
      return;
    case sim::TraceKind::Process:
      if (event.op == sim::ProcessOp::Crashed || event.op == sim::ProcessOp::Restarted)
        stopWaiting(actor);
      return;
    case sim::TraceKind::SessionState:
      if (isServerSessionEnd(event)) stopWaiting(sessions_.clientOf(event.session));
      else if (!isServer(event) && event.op == sim::SessionOp::Expired) stopWaiting(actor);
      return;
    case sim::TraceKind::NodeCreated:
      if (event.session != 0) addNode(sessions_.clientOf(event.session), event.path);
      return;
    case sim::TraceKind::Reply:
      if (event.op == sim::ZooKeeperOp::Create && event.rc == "OK") addNode(actor, event.value);
      return;
    case sim::TraceKind::NodeDeleted: removeNode(event.path); return;
    default: return;
  }
}

void FifoChecker::checkGrant(const sim::TraceEvent& acquired, ClientId grantee) {
  const int64_t sequence = sequenceOf(acquired.path);
  if (sequence < 0) return;
  const auto queue = queues_.find(parentOf(acquired.path));
  if (queue == queues_.end()) return;
  const bool readGrant = holdModeOf(acquired.value) == HoldMode::Read;
  ClientId first = kNoClient;
  std::string_view firstPath;
  size_t jumped = 0;
  for (const auto& [waiting, path] : queue->second) {
    if (waiting >= sequence) break;
    const ClientId owner = nodes_.find(path)->second.client;
    if (owner == grantee) continue;
    if (readGrant && waiters_[owner].mode == HoldMode::Read) continue;
    if (first == kNoClient) {
      first = owner;
      firstPath = path;
    }
    ++jumped;
  }
  if (first == kNoClient) return;
  std::vector<std::string> clients{names_.name(grantee), names_.name(first)};
  std::sort(clients.begin(), clients.end());
  std::string detail = std::string(acquired.path) + " granted to " + names_.name(grantee) +
                       " while " + std::string(firstPath) + " of " + names_.name(first) +
                       " (waiting since " + std::to_string(waiters_[first].since) +
                       " us) was earlier in line";
  if (jumped > 1) detail += ", and " + std::to_string(jumped - 1) + " more";
  found_.push_back(Violation{"fifo", acquired.time, 0, std::move(clients), std::move(detail)});
}

void FifoChecker::addNode(ClientId client, std::string_view path) {
  const int64_t sequence = sequenceOf(path);
  if (client == kNoClient || !waiters_[client].waiting || sequence < 0) return;
  if (nodes_.find(path) != nodes_.end()) return;
  const std::string_view parent = parentOf(path);
  nodes_.emplace(std::string(path), Node{client, std::string(parent), sequence});
  queues_[std::string(parent)].emplace(sequence, std::string(path));
  waiters_[client].nodes.emplace_back(path);
}

void FifoChecker::removeNode(std::string_view path) {
  const auto node = nodes_.find(path);
  if (node == nodes_.end()) return;
  const auto queue = queues_.find(node->second.parent);
  queue->second.erase({node->second.sequence, node->first});
  if (queue->second.empty()) queues_.erase(queue);
  nodes_.erase(node);
}

void FifoChecker::stopWaiting(ClientId client) {
  if (client == kNoClient) return;
  Waiter& waiter = waiters_[client];
  if (!waiter.waiting) return;
  for (const std::string& path : waiter.nodes) removeNode(path);
  waiter = Waiter{};
}

}  // namespace lockscope::checkers
